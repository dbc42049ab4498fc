import { z } from 'zod';
import { formRecord, formText } from '../../php/form-input';
import type { PhpValue } from '../../php/values';
import { payOnline } from '../../services/payment/pay-online';
import { bookingDetailInput } from '../../tourmaster/booking-detail';
import { bookingRefused } from '../../views/payment/error';
import { type AjaxReply, defineAction } from '../action';
import { jsonProps } from '../reply-props';

/**
 * "Pay now" on the payment page (payment.md §3.3): the order written or re-priced for the payment,
 * and the gateway's form, or the PayPal JS SDK's payment confirmed with PayPal
 * (services/payment/pay-online.ts).
 */
export const tourmaster_payment_selected = defineAction({
  name: 'tourmaster_payment_selected',
  access: 'both',
  input: z.looseObject({
    type: formText.optional(),
    booking_detail: bookingDetailInput.optional(),
    paypal_type: formText.optional(),
    order_data: formRecord.optional(),
  }),
  handle: (input, ctx) => payOnline(ctx, input),
  reply(result): AjaxReply {
    if (result.empty) return { kind: 'json', body: [] };
    const body: Record<string, PhpValue> = {};
    if (result.content !== undefined)
      body.content = typeof result.content === 'string' ? result.content : result.content.value;
    if (result.cookie !== undefined) body.cookie = result.cookie;
    if (result.sidebar !== undefined) body.sidebar = result.sidebar.value;
    if (result.props !== undefined) body.props = jsonProps(result.props);
    return { kind: 'json', body, ...(result.setCookies?.length ? { cookies: result.setCookies } : {}) };
  },
  failure: (error) => ({ kind: 'json', body: { content: bookingRefused(error.message).value } }),
});
