import { z } from 'zod';
import { loadBookingContext } from '../../data/tours';
import { phpInt } from '../../php/coerce';
import {
  type AmountCheckResult,
  amountCheck,
  amountCheckReply,
  seatCountsFrom,
  seatPool,
  seatStatusFilter,
} from '../../tourmaster/availability';
import { parseCustomFields } from '../../tourmaster/custom-fields';
import { isWellFormedDate } from '../../tourmaster/dates';
import { resolveDatePrice } from '../../tourmaster/packages';
import { setting } from '../../tourmaster/settings';
import { siteLocalTime } from '../../wp/site-time';
import { defineAction } from '../action';

/**
 * The booking bar's last check before it hands the booking to the payment page (booking.md §4.3):
 * cut-off, capacity of the seat pool, people limits, extra fields. One query: the tour, the settings
 * and the date's orders by seat pool (counted live, never cached).
 */
export const tourmaster_tour_booking_amount_check = defineAction({
  name: 'tourmaster_tour_booking_amount_check',
  access: 'both',
  // Every field is optional and read the way PHP reads $_POST; the rules themselves give the messages.
  input: z.looseObject({}),
  async handle(post, ctx): Promise<AmountCheckResult> {
    const tourId = phpInt(post.tour_id);
    const travelDate = isWellFormedDate(post.tour_date) ? post.tour_date : undefined;
    const excludeOrderId = seatPool(tourId, '', {}, post.tid).excludeOrderId;
    // One round trip: the tour, the settings and the date's orders by pool.
    const { tour, settings, seatGroups } = await loadBookingContext(
      ctx.wp,
      tourId,
      travelDate ? { travelDate, excludeOrderId } : undefined,
    );
    const date = tour && travelDate ? resolveDatePrice(tour.option, travelDate, post.package) : undefined;
    const counts = date
      ? seatCountsFrom(
          seatGroups,
          seatPool(tourId, travelDate!, date.entry),
          seatStatusFilter(settings.general['block-seat-status']),
        )
      : { travellers: null, male: null, female: null, orders: 0 };
    const extraInfo = tour?.meta.extraBookingInfo || setting(settings.general, 'single-tour-extra-booking-info');
    return amountCheck({
      post,
      tour,
      date,
      counts,
      settings: { requireAdultToBookTour: settings.general['require-adult-to-book-tour'] },
      extraBookingFields: parseCustomFields(extraInfo, {
        userDefaultCountry: setting(settings.general, 'user-default-country'),
      }),
      nowLocal: siteLocalTime(ctx.now, settings),
    });
  },
  reply: (result) => ({ kind: 'json', body: amountCheckReply(result) }),
});
