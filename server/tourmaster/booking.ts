import { isEmpty, phpInt, str } from '../php/coerce';
import { DATE_CLOSED_MESSAGE } from './availability';
import type { BookingDetail, FormValue } from './booking-detail';
import type { CustomField } from './custom-fields';
import { isWellFormedDate } from './dates';
import { type MergedDatePrice, resolveDatePrice } from './packages';
import { pairServices } from './services';
import type { TourOption } from './tour-option';
import { checkTravellers, readTravellers, type Travellers, type TravellersRefusal } from './travellers';

/**
 * A booking: one booking detail resolved against its tour. The date's entry with the chosen package
 * merged, the travellers as the date's pricing method defines them, the services, the coupon code,
 * the payment type and method, the order it rewrites. The price (pricing.ts), the seats
 * (capacity), the order row (order-row.ts), the payment page and the mails all read this one value;
 * nothing downstream reads the detail's fields again. `detail` is the detail as sent, kept because
 * the order stores it and the page echoes it, and because the plugin copied some of its text into
 * the price breakdown (`traveller-amount`…).
 */
export interface Booking {
  tourId: number;
  option: TourOption;
  /** `Y-m-d`. */
  travelDate: string;
  /** The date's `date-price` entry with the chosen package merged (booking.md §1.2): `date.entry`. */
  date: MergedDatePrice;
  travellers: Travellers;
  /** The package's title as sent ('' for none; a title no package has is still shown). */
  packageTitle: string;
  /** The services chosen, by post id in request order, with the amount as sent. */
  services: ReadonlyMap<string, unknown>;
  couponCode: string;
  /** `payment-type` as sent: `partial` asks for the deposit. */
  paymentType: string;
  /** `payment_method` as sent (`booking`, `paypal`, `stripe`…), '' before the payment step. */
  paymentMethod: string;
  /** The order this booking rewrites (`tid`), if any. */
  tid: number | undefined;
  /** The contact and billing details, by the tour's contact fields, and the notes. */
  contact: ContactDetails;
  detail: BookingDetail;
}

/**
 * The contact details as filled in, by the slug of each of the tour's contact fields (the site's
 * configurable list, payment-page.ts contactFieldsFor): the contact values (`email`), the billing
 * values (`billing_email`, by the same slug), the additional notes. A field left empty is missing.
 */
export interface ContactDetails {
  contact: ReadonlyMap<string, FormValue>;
  billing: ReadonlyMap<string, FormValue>;
  notes: string;
}

/**
 * The booking a detail describes on a date entry already found, read without the booking's rules:
 * what the head price quotes while travellers are still being chosen, and what tests price.
 */
export function readBooking(at: {
  tourId: number;
  option: TourOption;
  travelDate: string;
  date: MergedDatePrice;
  detail: BookingDetail;
  /** The tour's contact fields; none while the booking is still being chosen (the head price). */
  contactFields?: readonly CustomField[];
}): Booking {
  const { detail } = at;
  return {
    tourId: at.tourId,
    option: at.option,
    travelDate: at.travelDate,
    date: at.date,
    travellers: readTravellers(at.option, at.date.entry, detail),
    packageTitle: str(detail.package),
    services: pairServices(detail.service, detail['service-amount']),
    couponCode: str(detail['coupon-code']),
    paymentType: str(detail['payment-type']),
    paymentMethod: str(detail.payment_method),
    tid: isEmpty(detail.tid) || detail.tid === 'false' ? undefined : phpInt(detail.tid),
    contact: contactDetails(detail, at.contactFields ?? []),
    detail,
  };
}

function contactDetails(detail: BookingDetail, fields: readonly CustomField[]): ContactDetails {
  const filled = (prefix: string) =>
    new Map(
      fields.flatMap((field) => {
        const value = detail[`${prefix}${field.slug}`];
        return value === undefined ? [] : [[field.slug, value] as const];
      }),
    );
  return { contact: filled(''), billing: filled('billing_'), notes: str(detail.additional_notes) };
}

export type BookingRefusal = 'bad-date' | 'no-date' | TravellersRefusal;

export type BookingResolution = { ok: true; booking: Booking } | { ok: false; reason: BookingRefusal; message: string };

/** The generic reply for a detail that names no date the tour could be booked on. */
export const INVALID_BOOKING_MESSAGE = 'An error occurred while processing your request.';

/**
 * A detail resolved against its tour, with the booking's rules: a well-formed date the tour has an
 * entry for (`bad-date` for a malformed one, `no-date` when it has none), travellers the date's pricing takes
 * (travellers.ts {@link checkTravellers}; `complete` for an order or the payment page, where every
 * room holds somebody). Cut-off, seats and the coupon's validity are the caller's: they need the
 * clock and the database.
 */
export function resolveBooking(
  tour: { id: number; option: TourOption },
  detail: BookingDetail,
  options: { complete: boolean; contactFields?: readonly CustomField[] },
): BookingResolution {
  const travelDate = detail['tour-date'];
  if (!isWellFormedDate(travelDate)) return { ok: false, reason: 'bad-date', message: INVALID_BOOKING_MESSAGE };
  const resolved = resolveDatePrice(tour.option, travelDate, detail.package);
  if (!resolved) return { ok: false, reason: 'no-date', message: DATE_CLOSED_MESSAGE };
  const checked = checkTravellers(tour.option, resolved.entry, detail, { complete: options.complete });
  if (!checked.ok) return checked;
  const booking = readBooking({
    tourId: tour.id,
    option: tour.option,
    travelDate,
    date: resolved,
    detail,
    ...(options.contactFields ? { contactFields: options.contactFields } : {}),
  });
  return { ok: true, booking: { ...booking, travellers: checked.travellers } };
}

/** The tour a detail names (`tour-id`, a positive whole number), or undefined. */
export function requestedTourId(detail: BookingDetail): number | undefined {
  const id = phpInt(detail['tour-id']);
  return id > 0 ? id : undefined;
}

/** The booking once its order is written: it now names the order, in its detail too (the page echoes it). */
export function ofOrder(booking: Booking, orderId: number): Booking {
  return { ...booking, tid: orderId, detail: { ...booking.detail, tid: String(orderId) } };
}
