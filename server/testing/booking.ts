import { type Booking, readBooking } from '../tourmaster/booking';
import type { BookingDetail } from '../tourmaster/booking-detail';
import type { CustomField } from '../tourmaster/custom-fields';
import { getTourPrice, type PriceInput, type TourPrice } from '../tourmaster/pricing';
import type { DatePriceEntry, TourOption } from '../tourmaster/tour-option';

/**
 * The booking a test prices: a detail on a date entry the test already holds (its package, if any,
 * merged by the test), read without the booking's rules, as the price engine always read it.
 */
export function bookingOf(at: {
  option: TourOption;
  entry: DatePriceEntry;
  detail: BookingDetail;
  travelDate?: string;
  tourId?: number;
  contactFields?: readonly CustomField[];
}): Booking {
  return readBooking({
    tourId: at.tourId ?? 1,
    option: at.option,
    travelDate: at.travelDate ?? '2027-06-01',
    date: { entry: at.entry, isOld: false, merged: false, package: undefined },
    detail: at.detail,
    ...(at.contactFields ? { contactFields: at.contactFields } : {}),
  });
}

/** A price input as tests write it: a detail on a date entry, with the rest of PriceInput. */
export type DetailPriceInput = Omit<PriceInput, 'booking'> & {
  option: TourOption;
  entry: DatePriceEntry;
  detail: BookingDetail;
  travelDate: string;
};

/** The price of a detail read as {@link bookingOf} reads it. */
export function priceOfDetail(input: DetailPriceInput): TourPrice {
  const { option, entry, detail, travelDate, ...rest } = input;
  return getTourPrice({ ...rest, booking: bookingOf({ option, entry, detail, travelDate }) });
}
