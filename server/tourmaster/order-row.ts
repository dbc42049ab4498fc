import { isEmpty, list, str } from '../php/coerce';
import { phpJsonEncode } from '../php/json';
import type { PhpArrayObject, PhpValue } from '../php/values';
import type { Booking } from './booking';
import type { BookingDetail, FormValue } from './booking-detail';
import type { CustomField } from './custom-fields';
import { numberFormat } from './money';
import type { TourPrice } from './pricing';
import { toPricingInfo } from './pricing-info';

/**
 * The columns of a `{prefix}tourmaster_order` row as the plugin fills them (payment.md §5), so the
 * WordPress admin reads our orders like its own: JSON made the way PHP's json_encode makes it,
 * billing keys without their `billing_` prefix, notes only when written, traveller lists only when
 * names were given. Money comes from the server's price, never from the request.
 */
export interface OrderColumns {
  tour_id: number;
  travel_date: string;
  package_group_slug: string;
  traveller_amount: number;
  male_amount: number;
  female_amount: number;
  contact_info: string;
  billing_info: string;
  traveller_info: string;
  coupon_code: string | null;
  total_price: string;
  pricing_info: string;
  booking_detail: string;
}

export interface OrderRowInput {
  /** The booking: its tour and date, its travellers (the seats, counts and traveller rows stored), its detail. */
  booking: Booking;
  groupSlug: string;
  price: TourPrice;
  /** The tour's (or site's) `additional-traveller-fields`. */
  travellerFields: readonly CustomField[];
}

export function orderColumns(input: OrderRowInput): OrderColumns {
  const { price } = input;
  const { detail, travellers } = input.booking;
  const coupon = price.breakdown['coupon-code'];
  return {
    tour_id: input.booking.tourId,
    travel_date: input.booking.travelDate,
    package_group_slug: input.groupSlug,
    traveller_amount: travellers.seats,
    male_amount: travellers.male,
    female_amount: travellers.female,
    contact_info: phpJsonEncode(contactInfo(input.booking.contact.contact, input.booking.contact.notes)),
    billing_info: phpJsonEncode(contactInfo(input.booking.contact.billing, '')),
    traveller_info: phpJsonEncode(travellerInfo(detail, input.travellerFields, travellers.listed)),
    coupon_code: typeof coupon === 'string' && coupon !== '' ? coupon : null,
    total_price: numberFormat(price.total, 4, '.', ''),
    pricing_info: phpJsonEncode(toPricingInfo(price)),
    booking_detail: phpJsonEncode(detail as PhpValue),
  };
}

/** `{slug: value}` for the configured fields the visitor filled in, then the notes when written. */
function contactInfo(values: ReadonlyMap<string, FormValue>, notes: string): PhpArrayObject | never[] {
  const out: PhpArrayObject = {};
  for (const [slug, value] of values) if (!isEmpty(value)) out[slug] = str(value);
  if (!isEmpty(notes)) out.additional_notes = notes;
  return Object.keys(out).length ? out : [];
}

/**
 * Parallel lists of the travellers' titles, names, passports and extra fields, or `[]` when none
 * were named; no longer than the traveller rows of the booking (`rows`), so an order never lists
 * more travellers than it holds.
 */
function travellerInfo(detail: BookingDetail, extra: readonly CustomField[], rows: number): PhpArrayObject | never[] {
  const column = (key: string) => list(detail[key]).slice(0, rows).map(str);
  const first = column('traveller_first_name');
  const last = column('traveller_last_name');
  if (isEmpty(first) || isEmpty(last)) return [];
  const out: PhpArrayObject = {
    title: column('traveller_title'),
    first_name: first,
    last_name: last,
    passport: isEmpty(detail.traveller_passport) ? '' : column('traveller_passport'),
  };
  for (const field of extra) out[field.slug] = column(`traveller_${field.slug}`);
  return out;
}
