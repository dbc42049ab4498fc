import type { z } from 'zod';
import { phpFloatToString } from '../php/float';
import { type FormRecord, type FormValue, formFields, formRecord } from '../php/form-input';

/**
 * The booking detail as the legacy protocol carries it: the fields of the booking bar and the
 * payment page (`tour-id`, `tour-date`, `package`, `tour-people` or `tour-adult`… — lists per room
 * in room mode —, `tour-room`, `group`, `traveller_first_name[]`, `service[]`, `service-amount[]`,
 * `coupon-code`, the contact and billing fields, `payment-type`, `payment_method`, `step`, `tid`).
 * Decoded once, where it arrives (the body: {@link bookingDetailInput}; the cookie:
 * booking-detail-cookie.ts), into this bounded shape; the domain resolves it against the tour into
 * a `Booking` (booking.ts). It is also what an order stores and the page echoes, so it is kept as sent.
 */
export type BookingDetail = FormRecord;
export type { FormValue };

/**
 * `booking_detail[…]` / `data[…]` in a request: a keyed array of text or lists of text, bounded. A
 * scalar where the array belongs (`booking_detail=1`) is the empty detail, as the plugin read it.
 */
export const bookingDetailInput: z.ZodType<BookingDetail, unknown> = formFields;

/**
 * A detail PHP stored or json-encoded (an order's `booking_detail` column, the cookie) read into the
 * same shape: numbers as PHP prints them, `true` as '1', `false` and null as '', a nested array as
 * the list of its values; what does not fit the bounds reads as the empty detail.
 */
export function bookingDetailFrom(value: unknown): BookingDetail {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) fields[key] = formShaped(field, 2);
  const parsed = formRecord.safeParse(fields);
  return parsed.success ? parsed.data : {};
}

/** A stored value as a form field: scalars as text, a keyed array of lists at most (`levels` 2), deeper values as ''. */
function formShaped(value: unknown, levels: number): unknown {
  if (value === null || typeof value !== 'object') return phpText(value);
  if (levels === 0) return '';
  if (Array.isArray(value) || levels === 1) return Object.values(value).map((v) => formShaped(v, 0));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, formShaped(v, levels - 1)]));
}

/** A stored scalar as PHP's string conversion gives it. */
function phpText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : phpFloatToString(value);
  if (value === true) return '1';
  return '';
}
