import { z } from 'zod';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import { FIELD_OF_TRAVELLER_KIND, type TravellerKind } from '../../tourmaster/traveller-counts';

/**
 * The JSON booking of `POST /bookings` and `POST /quote` (issue 20, point 6) and its adapter to the
 * booking detail the site's payment page posts (`booking_detail[…]`), which the booking services
 * resolve, check and price as they do the site's (services/booking/). Every field is bounded here;
 * what the tour allows (traveller kinds, counts, package, services, coupon) is the services' to say.
 */

/** A small whole number of travellers (the order's traveller columns are tinyints). */
const count = z.number().int().min(0).max(255);

const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date written YYYY-MM-DD.')
  // The refinement runs even when the pattern failed (zod checks do not abort): an unparsable text is no date.
  .refine((s) => {
    const at = Date.parse(`${s}T00:00:00Z`);
    return Number.isFinite(at) && new Date(at).toISOString().startsWith(s);
  }, 'Not a calendar date.');

type Kind = TravellerKind;

const party = z.strictObject({
  people: count.optional(),
  adult: count.optional(),
  child: count.optional(),
  student: count.optional(),
  infant: count.optional(),
  male: count.optional(),
  female: count.optional(),
});

const travellers = party
  .extend({
    /** Room-based tours: each room's travellers, by the same kinds. */
    rooms: z.array(party).min(1).max(20).optional(),
  })
  .strict()
  .describe('Counts keyed as the tour prices them: people, adult/child/student/infant, male/female, or rooms[].');

/** A field's slug as Tour Master's custom fields name them. */
const slug = z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/, 'Expected a field slug.');
const text = (max: number) => z.string().max(max);
const MAX_FIELDS = 30;

const fields = z
  .record(slug, text(2000))
  .refine((r) => Object.keys(r).length <= MAX_FIELDS, `At most ${MAX_FIELDS} fields.`);

const traveller = z
  .object({
    title: text(20).optional(),
    first_name: text(100),
    last_name: text(100),
    passport: text(50).optional(),
    /** The tour's additional traveller fields, by slug. */
    fields: fields.optional(),
  })
  .strict();

/** Names the booking detail uses for other things: a contact field may not take them. */
const RESERVED =
  /^(tour-|traveller_|billing_|service|payment|coupon|group$|package$|step$|tid$|term-and-service$|additional_notes$)/;

const contact = z
  .object({
    first_name: text(100),
    last_name: text(100),
    email: text(254),
    phone: text(40),
    country: text(100),
  })
  .catchall(text(2000))
  .refine((r) => Object.keys(r).length <= MAX_FIELDS, `At most ${MAX_FIELDS} fields.`)
  .refine(
    (r) => Object.keys(r).every((k) => slug.safeParse(k).success && !RESERVED.test(k)),
    'Expected contact field slugs as keys.',
  )
  .describe("The customer's contact details by the site's contact field slugs (contact_address…).");

const service = z.strictObject({
  id: z
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
  amount: z.number().int().min(1).max(999),
});

/** What a quote needs: the tour, the date, the package, the travellers, services and coupon. */
export const quoteRequest = z.strictObject({
  tour_id: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
  date: calendarDay,
  package: text(200).nullable().default(null).describe("The package's title, as the availability route names it."),
  travellers,
  services: z.array(service).max(20).default([]),
  coupon: text(100).nullable().default(null),
});

export const bookingRequest = quoteRequest.extend({
  traveller_details: z.array(traveller).max(255).default([]),
  contact,
  billing: contact.optional().describe('Billing details; the contact details when left out.'),
  notes: text(2000).default(''),
  payment: z.enum(['later']).describe('`later`: book now and pay later, as the site\'s "Book now".'),
});

export type QuoteRequest = z.output<typeof quoteRequest>;
export type BookingRequest = z.output<typeof bookingRequest>;

type Detail = Record<string, string | string[]>;

/** The booking bar's and payment page's fields for the tour, date, package, travellers, services and coupon. */
export function quoteDetail(r: QuoteRequest): BookingDetail {
  const d: Detail = { 'tour-id': String(r.tour_id), 'tour-date': r.date, package: r.package ?? '' };
  const { rooms, ...whole } = r.travellers;
  for (const [kind, n] of Object.entries(whole))
    if (n !== undefined) d[FIELD_OF_TRAVELLER_KIND[kind as Kind]] = String(n);
  if (rooms) {
    d['tour-room'] = String(rooms.length);
    const kinds = new Set(rooms.flatMap((room) => Object.keys(room) as Kind[]));
    for (const kind of kinds)
      d[FIELD_OF_TRAVELLER_KIND[kind]] = rooms.map((room) => (room[kind] === undefined ? '' : String(room[kind])));
  }
  // A group-priced date names travellers by their rows only; `group` is what the booking bar posts.
  if (Object.keys(r.travellers).length === 0) d.group = '1';
  if (r.services.length > 0) {
    d.service = r.services.map((s) => String(s.id));
    d['service-amount'] = r.services.map((s) => String(s.amount));
  }
  if (r.coupon) d['coupon-code'] = r.coupon;
  return d;
}

/**
 * The whole detail of step 4 "book and pay later": the quote's fields, the travellers' rows, the
 * contact and billing fields (billing as the contact when not given, as the page's script fills
 * it), the notes, the terms accepted by the caller.
 */
export function bookingDetail(r: BookingRequest): BookingDetail {
  const d = quoteDetail(r) as Detail;
  const rows = r.traveller_details;
  if (rows.length > 0) {
    d.traveller_title = rows.map((t) => t.title ?? '');
    d.traveller_first_name = rows.map((t) => t.first_name);
    d.traveller_last_name = rows.map((t) => t.last_name);
    if (rows.some((t) => t.passport !== undefined)) d.traveller_passport = rows.map((t) => t.passport ?? '');
    const extra = new Set(rows.flatMap((t) => Object.keys(t.fields ?? {})));
    for (const name of extra) d[`traveller_${name}`] = rows.map((t) => t.fields?.[name] ?? '');
  }
  for (const [name, value] of Object.entries(r.contact)) d[name] = value;
  for (const [name, value] of Object.entries(r.billing ?? r.contact)) d[`billing_${name}`] = value;
  d.additional_notes = r.notes;
  d['term-and-service'] = 'on';
  d.step = '4';
  d['payment-method'] = 'booking';
  return d;
}

/** The body as one text whatever its key order: the same booking sent twice hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
