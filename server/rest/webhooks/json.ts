import { z } from 'zod';
import { MAX_WEBHOOK_URL } from '../../services/webhooks/receiver-address';
import {
  type DeliveryLogEntry,
  WEBHOOK_EVENT_TYPES,
  type WebhookSubscription,
} from '../../services/webhooks/subscriptions';
import { invalidParams, RestError } from '../errors';

/** Shapes shared by the webhook routes (README "Webhooks"). */
export const MAX_PER_PAGE = 100;

export const idInput = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Expected a subscription id (a positive whole number).')
    .transform(Number),
});

const pageParam = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,5}$/, `Expected a whole number from 1 to ${max}.`)
    .transform(Number)
    .refine((n) => n <= max, `Expected a whole number from 1 to ${max}.`)
    .optional()
    .transform((n) => n ?? fallback);

export const pageInput = { page: pageParam(1, 100_000), per_page: pageParam(10, MAX_PER_PAGE) };

export const urlField = z.string().min(1).max(MAX_WEBHOOK_URL);
export const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length * 2);

const instant = (utc: string | null) => (utc ? `${utc.replace(' ', 'T')}Z` : null);

export const subscriptionJson = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(['active', 'disabled']),
  created: z.string(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
});

export function subscriptionOut(s: WebhookSubscription): z.infer<typeof subscriptionJson> {
  return {
    id: s.id,
    url: s.url,
    events: s.events,
    status: s.status,
    created: instant(s.createdAt)!,
    disabled_at: instant(s.disabledAt),
    disabled_reason: s.disabledReason,
  };
}

export const deliveryJson = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created: z.string(),
  next_attempt: z.string().nullable(),
  delivered: z.string().nullable(),
});

export function deliveryOut(d: DeliveryLogEntry): z.infer<typeof deliveryJson> {
  return {
    id: d.id,
    event_id: d.msgId,
    event_type: d.type,
    state: d.state as 'pending',
    attempts: d.attempts,
    last_status: d.lastStatus,
    last_error: d.lastError,
    created: instant(d.createdAt)!,
    next_attempt: d.state === 'pending' ? instant(d.nextAttemptAt) : null,
    delivered: instant(d.deliveredAt),
  };
}

export const notFound = () => new RestError(404, 'rest_webhook_invalid_id', 'No webhook subscription has this id.');

/** A service refusal as the API words it. */
export function refused(
  result: { ok: false; reason: 'bad-url'; message: string } | { ok: false; reason: 'not-found' },
) {
  return result.reason === 'not-found' ? notFound() : invalidParams({ url: result.message });
}
