import { phpJsonEncode } from '../wp/php-json';
import type { PhpArrayObject, PhpValue } from '../wp/php-values';
import { PEOPLE_CATEGORIES } from './booking-form';
import type { CustomField } from './custom-fields';
import { numberFormat } from './money';
import { isEmpty, list, phpInt, str } from './php';
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
  tourId: number;
  travelDate: string;
  groupSlug: string;
  /** Group pricing stores one traveller (one group). */
  groupPriced: boolean;
  detail: Readonly<Record<string, unknown>>;
  price: TourPrice;
  contactFields: readonly CustomField[];
  /** The tour's (or site's) `additional-traveller-fields`. */
  travellerFields: readonly CustomField[];
}

export function orderColumns(input: OrderRowInput): OrderColumns {
  const { detail, price } = input;
  const counts = peopleCounts(detail);
  const coupon = price.breakdown['coupon-code'];
  return {
    tour_id: input.tourId,
    travel_date: input.travelDate,
    package_group_slug: input.groupSlug,
    traveller_amount: input.groupPriced ? 1 : counts.total,
    male_amount: counts.male,
    female_amount: counts.female,
    contact_info: phpJsonEncode(contactInfo(detail, input.contactFields, '')),
    billing_info: phpJsonEncode(contactInfo(detail, input.contactFields, 'billing_')),
    traveller_info: phpJsonEncode(travellerInfo(detail, input.travellerFields)),
    coupon_code: typeof coupon === 'string' && coupon !== '' ? coupon : null,
    total_price: numberFormat(price.total, 4, '.', ''),
    pricing_info: phpJsonEncode(toPricingInfo(price)),
    booking_detail: phpJsonEncode(detail as PhpValue),
  };
}

/** People totals of a detail (every category, every room up to `tour-room`). */
export function peopleCounts(detail: Readonly<Record<string, unknown>>): {
  total: number;
  male: number;
  female: number;
} {
  const rooms = phpInt(detail['tour-room']);
  const sum = (field: string) => {
    const value = detail[field];
    const values = Array.isArray(value) ? list(value).slice(0, rooms > 0 ? rooms : undefined) : [value];
    return values.reduce<number>((n, v) => n + phpInt(v), 0);
  };
  const total = sum('tour-people') + PEOPLE_CATEGORIES.reduce((n, c) => n + sum(c.field), 0);
  return { total, male: sum('tour-male'), female: sum('tour-female') };
}

/** `{slug: value}` for the configured fields the visitor filled in, then the notes when written. */
function contactInfo(
  detail: Readonly<Record<string, unknown>>,
  fields: readonly CustomField[],
  prefix: string,
): PhpArrayObject | never[] {
  const out: PhpArrayObject = {};
  for (const field of fields) {
    const value = detail[`${prefix}${field.slug}`];
    if (!isEmpty(value)) out[field.slug] = str(value);
  }
  if (prefix === '' && !isEmpty(detail.additional_notes)) out.additional_notes = str(detail.additional_notes);
  return Object.keys(out).length ? out : [];
}

/** Parallel lists of the travellers' titles, names, passports and extra fields, or `[]` when none were named. */
function travellerInfo(
  detail: Readonly<Record<string, unknown>>,
  extra: readonly CustomField[],
): PhpArrayObject | never[] {
  const first = list(detail.traveller_first_name).map(str);
  const last = list(detail.traveller_last_name).map(str);
  if (isEmpty(first) || isEmpty(last)) return [];
  const out: PhpArrayObject = {
    title: list(detail.traveller_title).map(str),
    first_name: first,
    last_name: last,
    passport: isEmpty(detail.traveller_passport) ? '' : list(detail.traveller_passport).map(str),
  };
  for (const field of extra) out[field.slug] = list(detail[`traveller_${field.slug}`]).map(str);
  return out;
}
