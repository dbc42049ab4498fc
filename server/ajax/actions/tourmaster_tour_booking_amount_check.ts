import { formRecord } from '../../php/form-input';
import { checkBookingAmount } from '../../services/booking/amount-check';
import { amountCheckReply } from '../../tourmaster/availability';
import { defineAction } from '../action';

/**
 * The booking bar's last check before it hands the booking to the payment page (booking.md §4.3):
 * cut-off, capacity of the seat pool, people limits, extra fields. One query: the tour, the settings
 * and the date's orders by seat pool (counted live, never cached).
 */
export const tourmaster_tour_booking_amount_check = defineAction({
  name: 'tourmaster_tour_booking_amount_check',
  access: 'both',
  // The booking bar's fields, each optional (the rules themselves give the messages).
  input: formRecord,
  handle: (post, ctx) => checkBookingAmount(ctx, post),
  reply: (result) => ({ kind: 'json', body: amountCheckReply(result) }),
});
