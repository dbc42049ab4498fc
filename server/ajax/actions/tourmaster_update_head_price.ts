import { z } from 'zod';
import { quoteHeadPrice } from '../../services/booking/head-price';
import { bookingDetailInput } from '../../tourmaster/booking-detail';
import { type AjaxReply, defineAction } from '../action';
import { jsonProps } from '../reply-props';

/**
 * The price in the booking bar's header while the visitor fills the form (booking.md §4.2):
 * `{"price":"$261.60"}`, or an empty array while there is nothing to price. Computed on the server
 * from the tour's settings; nothing the browser sends about money is used.
 */
export const tourmaster_update_head_price = defineAction({
  name: 'tourmaster_update_head_price',
  access: 'both',
  reads: 'catalogue',
  input: z.looseObject({ data: bookingDetailInput.optional() }),
  handle: (input, ctx) => quoteHeadPrice(ctx, input),
  // The legacy script writes `price` into the header when the key is there and ignores anything
  // else, so the price box's typed `props` (issue 18) ride beside it.
  reply: (result): AjaxReply => {
    if (result === null) return { kind: 'json', body: [] };
    if ('price' in result) return { kind: 'json', body: { price: result.price, props: jsonProps(result.props) } };
    return { kind: 'json', body: { status: 'failed', message: result.failed } };
  },
});
