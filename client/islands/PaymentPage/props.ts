import * as z from 'zod/mini';
import { type BookingDetail, parseBookingDetail } from './detail';

/**
 * What the island reads from `#tourmaster-payment-template-wrapper` (the same attributes on our
 * pages and on pages WordPress rendered): the admin-ajax URL and the booking detail.
 */
const Attributes = z.object({
  ajaxUrl: z.string().check(z.regex(/^(https?:\/\/|\/)[^\s]*$/)),
  bookingDetail: z.optional(z.string()),
});

export interface PaymentPageProps {
  ajaxUrl: string;
  detail: BookingDetail;
}

export function readPaymentProps(element: HTMLElement): PaymentPageProps {
  const parsed = Attributes.safeParse({
    ajaxUrl: element.dataset.ajaxUrl,
    bookingDetail: element.dataset.bookingDetail,
  });
  if (!parsed.success) throw new Error(`PaymentPage: unusable attributes (${z.prettifyError(parsed.error)})`);
  return { ajaxUrl: parsed.data.ajaxUrl, detail: parseBookingDetail(parsed.data.bookingDetail) };
}
