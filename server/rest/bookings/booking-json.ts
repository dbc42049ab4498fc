import { z } from 'zod';
import { REST_NAMESPACE } from '../../http/rest-namespace';
import { list, record, str } from '../../php/coerce';
import type { BookingView } from '../../services/booking/api-booking-view';
import { type Money, numberFormat } from '../../tourmaster/money';
import { TRAVELLER_KIND_OF_FIELD } from '../../tourmaster/traveller-counts';

/**
 * The one JSON shape of a booking, for every bookings route (create, read, list, cancel): the
 * order's Tour Master status names, money as decimal strings with the currency, instants in UTC.
 */

export const decimal = z.string().regex(/^-?\d+\.\d{2}$/);

/** Money as a decimal string with two digits and no separators (`"1234.50"`). */
export const amount = (money: Money) => numberFormat(money.round(2), 2, '.', '');

const iso = (at: Date | undefined) => (at && !Number.isNaN(at.getTime()) ? `${at.toISOString().slice(0, 19)}Z` : null);

export const bookingJson = z.object({
  id: z.number().int(),
  status: z
    .string()
    .describe(
      "Tour Master's order_status: pending, wait-for-approval, approved, receipt-submitted, online-paid, deposit-paid, departed, rejected, cancel.",
    ),
  tour_id: z.number().int(),
  tour_title: z.string(),
  date: z.string(),
  package: z.string().nullable(),
  travellers: z.record(z.string(), z.union([z.number(), z.array(z.record(z.string(), z.number()))])),
  traveller_details: z.array(z.record(z.string(), z.string())),
  contact: z.record(z.string(), z.string()),
  coupon: z.string().nullable(),
  total: decimal,
  paid: decimal,
  due: decimal,
  currency: z.string(),
  deposit: z.object({ rate: z.number(), amount: decimal }).nullable(),
  created: z.string().nullable(),
  payment_date: z.string().nullable(),
  modified: z.string().nullable().describe('When the booking last changed, as `modified_after` compares it.'),
  links: z.object({ self: z.string(), payment: z.string().nullable(), manage: z.string().nullable() }),
});

export type BookingJson = z.output<typeof bookingJson>;

/** A booking as JSON; `restBase` is the namespace's absolute URL (`https://site/wp-json/tourmaster/v1`). */
export function toBookingJson(v: BookingView, restBase: string): BookingJson {
  const { order } = v;
  const detail = record(order.bookingDetail);
  return {
    id: order.id,
    status: order.status ?? '',
    tour_id: order.tourId,
    tour_title: v.tourTitle,
    date: order.travelDate,
    package: str(detail.package) || null,
    travellers: travellersOf(detail),
    traveller_details: travellerRows(order.travellerInfo),
    contact: Object.fromEntries(Object.entries(record(order.contactInfo)).map(([k, val]) => [k, str(val)])),
    coupon: order.couponCode || null,
    total: amount(v.total),
    paid: amount(v.paid),
    due: amount(v.due),
    currency: v.currency,
    deposit: v.deposit ? { rate: v.deposit.rate, amount: amount(v.deposit.amount) } : null,
    created: iso(v.created),
    payment_date: iso(v.paymentDate),
    modified: v.modifiedAt ? `${v.modifiedAt.replace(' ', 'T')}Z` : null,
    links: { self: `${restBase}/bookings/${order.id}`, payment: v.paymentUrl ?? null, manage: v.manageUrl ?? null },
  };
}

/** The counts as the booking detail holds them, by the API's traveller kinds (rooms as a list). */
function travellersOf(detail: Readonly<Record<string, unknown>>): BookingJson['travellers'] {
  const out: BookingJson['travellers'] = {};
  const roomCount = Number(str(detail['tour-room'])) || 0;
  const rooms: Record<string, number>[] = Array.from({ length: Math.min(roomCount, 20) }, () => ({}));
  for (const [field, kind] of Object.entries(TRAVELLER_KIND_OF_FIELD)) {
    const value = detail[field];
    if (value === undefined || value === '') continue;
    if (typeof value === 'object' && value !== null) {
      list(value).forEach((n, i) => {
        if (rooms[i] && str(n) !== '') rooms[i]![kind] = Number(str(n)) || 0;
      });
    } else out[kind] = Number(str(value)) || 0;
  }
  if (rooms.length > 0) out.rooms = rooms;
  return out;
}

/** `traveller_info` (`{title:[], first_name:[], last_name:[], …}`) as one object per traveller. */
function travellerRows(info: unknown): Record<string, string>[] {
  const columns = Object.entries(record(info)).filter(([, v]) => typeof v === 'object' && v !== null);
  const n = Math.max(0, ...columns.map(([, v]) => list(v).length));
  return Array.from({ length: n }, (_, i) =>
    Object.fromEntries(columns.map(([k, v]) => [k, str(list(v)[i])]).filter(([, s]) => s !== '')),
  );
}

/** The namespace's absolute URL, from the site's home URL. */
export function restBaseOf(homeUrl: string): string {
  return `${homeUrl.replace(/\/$/, '')}${REST_NAMESPACE}`;
}
