import { z } from 'zod';
import type { OrderAttribution, TouchRecord } from '../../data/order-attribution';

/**
 * An order's attribution (where the visitor came from: client/lib/attribution.ts), posted with the
 * booking detail as `dropin_attribution[…]` by the booking form and the payment page, and stored
 * beside the order (server/data/order-attribution.ts). It is the browser's to forge: every field is
 * checked on its own (known keys, printable text, bounded length); anything else is dropped, and it
 * never decides anything about the booking or its price.
 *
 * The keys arrive in three shapes: `dropin_attribution: {source: …}` (the booking form's POST to the
 * payment page, decoded the PHP way), `"dropin_attribution[source]"` (the booking form's cookie,
 * written by the script as flat names) and `"dropin_attribution[source"` (those flat names posted
 * again as `booking_detail[dropin_attribution[source]]`, which PHP-style decoding cuts at the first
 * `]`). All three are read, and all three are removed from the detail: the booking detail stored in
 * the order, echoed to the page and fingerprinted stays exactly the plugin's.
 */
export const ATTRIBUTION_KEY = 'dropin_attribution';

export const SOURCE_TYPES = [
  'utm',
  'organic',
  'referral',
  'typein',
] as const satisfies readonly TouchRecord['sourceType'][];
export type { OrderAttribution, TouchRecord };

/** Longest values kept (the columns' sizes): parameters, and hosts and paths. */
export const MAX_TEXT = 100;
export const MAX_LOCATION = 191;
/** More than this many pages in one session is not a visitor's. */
export const MAX_SESSION_PAGES = 100_000;

/** Letters, marks, numbers, punctuation, symbols and spaces: no control, format or private-use characters. */
const PRINTABLE = /^[^\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]+$/u;
const cut = (max: number) => (text: string) => [...text].slice(0, max).join('');

const text = z
  .string()
  .trim()
  .regex(PRINTABLE)
  .transform(cut(MAX_TEXT))
  .transform((s) => s.trim());
const host = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_LOCATION)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/);
const path = z
  .string()
  .trim()
  .regex(PRINTABLE)
  .refine((s) => s.startsWith('/'))
  .transform(cut(MAX_LOCATION));
const sourceType = z.enum(SOURCE_TYPES);
const pages = z
  .string()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_SESSION_PAGES));

/** Each posted field's own check: a field that fails is dropped, the others kept. */
const FIELDS = {
  sourceType: sourceType,
  source: text,
  medium: text,
  campaign: text,
  content: text,
  term: text,
  utmId: text,
  referrer: host,
  landingPage: path,
} satisfies Record<keyof TouchRecord, z.ZodType>;

const POSTED: Record<keyof TouchRecord, string> = {
  sourceType: 'source_type',
  source: 'source',
  medium: 'medium',
  campaign: 'campaign',
  content: 'content',
  term: 'term',
  utmId: 'utm_id',
  referrer: 'referrer',
  landingPage: 'landing_page',
};

function touchOf(raw: Readonly<Record<string, unknown>>, prefix: '' | 'first_'): TouchRecord | undefined {
  const out: Partial<Record<keyof TouchRecord, string>> = {};
  for (const key of Object.keys(FIELDS) as (keyof TouchRecord)[]) {
    const parsed = FIELDS[key].safeParse(raw[`${prefix}${POSTED[key]}`]);
    if (parsed.success && parsed.data !== '') out[key] = parsed.data;
  }
  if (!out.sourceType) return undefined;
  return out as TouchRecord;
}

/** The posted attribution fields, whichever shape they came in (later shapes win). */
function collect(detail: Readonly<Record<string, unknown>>): { raw: Record<string, unknown>; keys: string[] } {
  const raw: Record<string, unknown> = Object.create(null);
  const keys: string[] = [];
  const flat = /^dropin_attribution\[([a-z_]{1,40})\]?$/;
  for (const [key, value] of Object.entries(detail)) {
    if (key === ATTRIBUTION_KEY) {
      keys.push(key);
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [k, v] of Object.entries(value)) if (/^[a-z_]{1,40}$/.test(k)) raw[k] = v;
      }
    } else if (key.startsWith(`${ATTRIBUTION_KEY}[`)) {
      keys.push(key);
      const m = flat.exec(key);
      if (m) raw[m[1]!] = value;
    }
  }
  return { raw, keys };
}

/** The visitor's cookie decision (vanilla-cookieconsent's, as client/lib/consent.ts reads it). */
export const CONSENT_COOKIE = 'cc_cookie';
const CONSENT_REVISION = 0;

/**
 * Whether the decision in the request's `cc_cookie` (already percent-decoded) accepts marketing. The
 * server checks it too: a detail the page stored before the visitor withdrew consent, or a forged
 * post, is not kept without it.
 */
export function marketingAccepted(cookie: string | undefined): boolean {
  if (!cookie) return false;
  try {
    const value = JSON.parse(cookie) as { categories?: unknown; revision?: unknown; consentId?: unknown };
    return (
      Array.isArray(value.categories) &&
      value.categories.includes('marketing') &&
      typeof value.consentId === 'string' &&
      (value.revision ?? 0) === CONSENT_REVISION
    );
  } catch {
    return false;
  }
}

/**
 * The attribution a booking detail carries (or none), and the detail without it. Without marketing
 * consent the fields are removed all the same, and nothing is kept.
 */
export function splitAttribution<D extends Record<string, unknown>>(
  detail: D,
  consent: { marketing: boolean },
): { detail: D; attribution?: OrderAttribution } {
  const { raw, keys } = collect(detail);
  if (keys.length === 0) return { detail };
  const rest = { ...detail };
  for (const key of keys) delete rest[key];
  if (!consent.marketing) return { detail: rest };
  const current = touchOf(raw, '');
  if (!current) return { detail: rest };
  const first = touchOf(raw, 'first_');
  const sessionPages = pages.safeParse(raw.session_pages);
  return {
    detail: rest,
    attribution: {
      current,
      ...(first ? { first } : {}),
      ...(sessionPages.success ? { sessionPages: sessionPages.data } : {}),
    },
  };
}
