import { z } from 'zod';
import type { PaymentPageProps } from '../../../client/common/islands/PaymentPage';
import { isEmpty, phpInt } from '../../php/coerce';
import { formText } from '../../php/form-input';
import type { PhpValue } from '../../php/values';
import {
  CONSENT_COOKIE,
  marketingAccepted,
  type OrderAttribution,
  splitAttribution,
} from '../../services/booking/attribution';
import { bookingClient } from '../../services/booking/booking-client';
import { orderOfVisitor } from '../../services/booking/ownership';
import { placeBooking } from '../../services/booking/place-order';
import { completeInput, loadPaymentPage, resolvePaymentTour } from '../../services/payment/page-data';
import { sidebarFragment, stepThreeFragments, stepTwoFragments } from '../../services/payment/page-fragments';
import { ofOrder } from '../../tourmaster/booking';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import { bookingDetailInput } from '../../tourmaster/booking-detail';
import { paymentStep, validateBooking } from '../../tourmaster/payment-page';
import { html, type SafeHtml } from '../../views/html';
import { completion } from '../../views/payment/complete';
import { bookingRefused } from '../../views/payment/error';
import { summary, withSidebar } from '../../views/payment/page';
import { type ActionContext, type AjaxReply, defineAction, type ReplyCookie } from '../action';
import { jsonProps } from '../reply-props';

/** The reply's parts in the legacy key order; `cookie` is the detail to store, or '' to clear it. */
interface TemplateResult {
  content?: SafeHtml;
  sidebar?: SafeHtml;
  cookie?: PhpValue;
  /** The PaymentPage island's typed props (a top-level `props` key, which the legacy script ignores). */
  props?: PaymentPageProps;
  /** Step 4 with nothing to show: the legacy `[]`. */
  empty?: true;
  setCookies?: ReplyCookie[];
}

/**
 * The payment page's step changes and sidebar refreshes (payment.md §3.1): the fragments of
 * PAGE(detail) for steps 2 and 3, the booking itself for "book and pay later" at step 4. The detail
 * is checked on the server before the page moves on (DEFECTS.md 11), and the order is written by
 * placeBooking, which prices it from the tour's settings and re-checks seats and the coupon.
 */
export const tourmaster_payment_template = defineAction({
  name: 'tourmaster_payment_template',
  access: 'both',
  input: z.looseObject({ booking_detail: bookingDetailInput.optional(), sub_action: formText.optional() }),
  async handle(input, ctx): Promise<TemplateResult> {
    // Our attribution fields are read and taken out: what is echoed and stored is the plugin's detail.
    const { detail, attribution } = splitAttribution(input.booking_detail ?? {}, {
      marketing: marketingAccepted(ctx.cookie(CONSENT_COOKIE)),
    });
    const step = paymentStep(detail);
    const sidebarOnly = input.sub_action === 'update_sidebar';
    const result = await render(ctx, detail, step, sidebarOnly, attribution);
    if (sidebarOnly) delete result.content;
    // A guest's browser is known from the contact step on, so a repeated booking finds its order.
    if ((step === 2 || step === 3) && !(await ctx.user())) {
      const client = bookingClient(ctx);
      if (client.cookie) result.setCookies = [...(result.setCookies ?? []), client.cookie];
    }
    // The request's detail is echoed (without the mandatory services step 3 adds) for the script
    // to store; after step 4 the legacy script clears it with ''.
    if (step !== 4 && result.cookie === undefined) result.cookie = detail as PhpValue;
    return result;
  },
  reply(result): AjaxReply {
    if (result.empty) return { kind: 'json', body: [] };
    const body: Record<string, PhpValue> = {};
    if (result.content !== undefined) body.content = result.content.value;
    if (result.sidebar !== undefined) body.sidebar = result.sidebar.value;
    if (result.cookie !== undefined) body.cookie = result.cookie;
    if (result.props !== undefined) body.props = jsonProps(result.props);
    return { kind: 'json', body, ...(result.setCookies?.length ? { cookies: result.setCookies } : {}) };
  },
  // The script shows `content`; a fault (the database is busy…) is shown there, in the page's error box.
  failure: (error) => ({ kind: 'json', body: { content: bookingRefused(error.message).value } }),
});

async function render(
  ctx: ActionContext,
  detail: BookingDetail,
  step: ReturnType<typeof paymentStep>,
  sidebarOnly: boolean,
  attribution: OrderAttribution | undefined,
): Promise<TemplateResult> {
  // A sidebar refresh never writes an order (the legacy site would have, for a step-4 detail).
  const payLater = step === 4 && !sidebarOnly && detail['payment-method'] === 'booking';
  if (payLater && !isEmpty(detail.tid)) return payLaterForExistingOrder(ctx, phpInt(detail.tid));
  if (step === 'other' || (step === 4 && !payLater)) {
    const resolved = await resolvePaymentTour(ctx, detail);
    if (!resolved.ok) return { content: resolved.content, sidebar: html`` };
    return step === 4 ? { empty: true } : {};
  }
  const load = await loadPaymentPage(ctx, detail, payLater ? 3 : step);
  if (!load.ok) return { content: load.content, sidebar: html`` };
  const data = load.data;
  if (sidebarOnly && step !== 4) return withSidebar({}, await sidebarFragment(ctx, data, step), step);
  switch (step) {
    case 2:
      return stepTwoFragments(ctx, data);
    case 3: {
      const check = validateBooking(data.booking, { step: 3, ...validationContext(data) });
      if (check.ok) return stepThreeFragments(ctx, data);
      // FIX (DEVIATIONS.md): the legacy site moved on with empty or malformed contact details; the
      // contact step comes back with the reason in its error box.
      const back = await loadPaymentPage(ctx, detail, 2);
      if (!back.ok) return { content: back.content, sidebar: html`` };
      const fragments = await stepTwoFragments(ctx, back.data, check.message);
      return { ...fragments, cookie: { ...detail, step: '2' } as PhpValue };
    }
    default:
      return bookAndPayLater(ctx, detail, data, attribution);
  }
}

type PageData = Extract<Awaited<ReturnType<typeof loadPaymentPage>>, { ok: true }>['data'];

function validationContext(data: PageData) {
  return {
    tour: data.tour,
    settings: data.settings,
    contactFields: data.contactFields,
    travellerFields: data.travellerFields,
  };
}

/**
 * Step 4, "book and pay later": the same checks as step 3 plus the terms box, then the order.
 * Written: COMPLETE, the summary with the order number, the cookie cleared (and the guest's order
 * key set). Refused: the reason in place of the content, the step-3 summary, the detail kept.
 */
async function bookAndPayLater(
  ctx: ActionContext,
  detail: BookingDetail,
  data: PageData,
  attribution: OrderAttribution | undefined,
): Promise<TemplateResult> {
  // The page stays at step 3, whose summary shows beside the reason.
  const refused = (message: string): TemplateResult =>
    withSidebar(
      { content: bookingRefused(message), cookie: detail as PhpValue },
      summary(data, { editable: false }),
      3,
    );
  const check = validateBooking(data.booking, { step: 4, ...validationContext(data) });
  if (!check.ok) return refused(check.message);
  const placed = await placeBooking(ctx, data.booking.detail, {
    via: 'pay-later',
    ...(attribution ? { attribution } : {}),
  });
  if (!placed.ok) return refused(placed.message);
  const written = {
    ...data,
    price: placed.price,
    tid: placed.orderId,
    booking: ofOrder(data.booking, placed.orderId),
  };
  return {
    ...withSidebar(
      completion(await completeInput(ctx, data.settings.general, false, placed.orderId)),
      summary(written, { editable: false }),
      4,
    ),
    cookie: '',
    setCookies: placed.cookies,
  };
}

/**
 * "Book and pay later" on the page of an order that exists (`?tid=N`, whose detail is only its
 * number): the order is already booked and waits for its payment, so nothing is written; its owner
 * sees the completion screen beside the order's summary. The legacy site re-priced and rewrote
 * the order of whoever asked (DEFECTS.md 7).
 */
async function payLaterForExistingOrder(ctx: ActionContext, tid: number): Promise<TemplateResult> {
  const own = await orderOfVisitor(ctx, tid);
  if (!own.ok) return { content: bookingRefused(own.message), sidebar: html`` };
  const stored = own.order.bookingDetail;
  const detail = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as BookingDetail) : {};
  const load = await loadPaymentPage(ctx, { ...detail, tid: String(tid) }, 4);
  if (!load.ok) return { content: load.content, sidebar: html`` };
  return {
    ...withSidebar(
      completion(await completeInput(ctx, load.data.settings.general, false, tid)),
      summary(load.data, { editable: false }),
      4,
    ),
    cookie: '',
  };
}
