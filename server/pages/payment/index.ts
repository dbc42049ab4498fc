import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../../http/deps';
import { type PageContext, pageContext } from '../../http/page-context';
import { allowStripe } from '../../http/security-headers';
import { isEmpty, phpInt, str } from '../../php/coerce';
import { PhpJsonError, phpJsonEncode } from '../../php/json';
import type { PhpValue } from '../../php/values';
import { orderOfVisitor } from '../../services/booking/ownership';
import {
  completeInput,
  loadGeneralSettings,
  loadPaymentPage,
  stripeOnPaymentPage,
} from '../../services/payment/page-data';
import { stepThreeFragments, stepTwoFragments } from '../../services/payment/page-fragments';
import { headOf, pageTitle } from '../../services/payment/page-head';
import { isPaymentPage } from '../../services/payment/payment-page-route';
import { loadShell } from '../../services/site/shell';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import { BOOKING_DETAIL_COOKIE, decodeBookingDetailCookie } from '../../tourmaster/booking-detail-cookie';
import { paymentStep } from '../../tourmaster/payment-page';
import { setting } from '../../tourmaster/settings';
import { html, type SafeHtml } from '../../views/html';
import { completion } from '../../views/payment/complete';
import { PAGE_ERROR_MESSAGE, paymentPageError } from '../../views/payment/error';
import { type PaymentFragments, summary, withSidebar } from '../../views/payment/page';
import type { PaymentPageData } from '../../views/payment/page-data';
import type { PaymentPageStyle } from '../../views/payment/sidebar-props';
import { cannotBeSpecialPage, siteNameText, specialPageTopBar } from '../account/site';
import { pageHeaders, renderPage } from '../layout';
import { paymentSkeleton, type StepBarMode } from './skeleton';

/**
 * The payment page (payment.md §1–§2): `GET {payment page}` shows the booking held in the
 * `tourmaster-booking-detail` cookie at its step (2 contact details, 3 payment, 4 complete); the
 * content and sidebar are the same fragments `tourmaster_payment_template` answers for that detail,
 * so the page and its ajax steps never disagree. `?tid=N` is "pay an existing order" (§2.3), and
 * `?tid=N&step=4&payment_method=paypal` is PayPal's return URL; both only reach here for the order's
 * owner (payment-order-guard.ts runs first). The POST hand-off (payment-handoff.ts) also runs first;
 * an empty POST falls through to here and is shown like a GET, as WordPress did.
 *
 * Nothing is written on a GET: the legacy existing-order page rewrote the order's `pricing_info`
 * (scratch/deviations-payment-page.md).
 */
export function paymentPage(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!['GET', 'HEAD', 'POST'].includes(req.method) || cannotBeSpecialPage(req)) return next();
    try {
      if (!(await isPaymentPage(deps, req.path, req.query))) return next();
      const page = pageContext(req, deps);
      const ctx = page;
      const rendered = await renderPaymentPage(ctx, req);
      const [site, user, title, stripe] = await Promise.all([
        ctx.site(),
        ctx.user(),
        pageTitle(ctx),
        stripeOnPaymentPage(ctx),
      ]);
      const [topBar, shell] = await Promise.all([
        specialPageTopBar(page, req, `${site.homeUrl}${req.path}`),
        loadShell(ctx, site.homeUrl),
      ]);
      const document = renderPage({
        title,
        ...(topBar ? { topBar } : {}),
        siteName: siteNameText(site),
        homeUrl: site.homeUrl,
        siteUrl: site.siteUrl,
        content: rendered,
        bodyClass: `tourmaster-template-payment${user ? ' logged-in' : ''}`,
        robots: 'noindex, nofollow',
        shell,
      });
      res.status(200);
      // The card gateway's form (an ajax reply on this page) loads Stripe.js.
      if (stripe) allowStripe(res);
      for (const [name, value] of Object.entries(paymentPageHeaders(user !== null, ctx.now)))
        res.setHeader(name, value);
      res.send(document);
    } catch (err) {
      next(err);
    }
  };
}

/**
 * payment.md §1: the plugin's own no-cache set (two `Cache-Control` lines). For a logged-in visitor
 * WordPress's `nocache_headers()` ran after it and replaced them (the captured `?tid=` pages).
 */
export function paymentPageHeaders(loggedIn: boolean, now: Date): Record<string, string | string[]> {
  if (loggedIn) return { ...pageHeaders('private'), Pragma: 'no-cache' };
  return {
    'Content-Type': 'text/html; charset=UTF-8',
    Expires: 'Tue, 01 Jan 2000 00:00:00 GMT',
    'Last-Modified': now.toUTCString(),
    'Cache-Control': ['no-store, no-cache, must-revalidate, max-age=0', 'post-check=0, pre-check=0'],
    Pragma: 'no-cache',
  };
}

/** The page body for this request: which entry mode (§1), then the skeleton around PAGE(detail). */
export async function renderPaymentPage(ctx: PageContext, req: Pick<Request, 'query'>): Promise<SafeHtml> {
  const general = await loadGeneralSettings(ctx);
  const style: PaymentPageStyle =
    setting(general, 'payment-page-style', 'style-1') === 'style-2' ? 'style-2' : 'style-1';
  const site = await ctx.site();
  const ajaxUrl = `${site.siteUrl}/wp-admin/admin-ajax.php`;
  const tid = phpInt(req.query.tid);
  if (req.query.tid !== undefined && tid > 0) {
    if (str(req.query.step) === '4' && str(req.query.payment_method) === 'paypal') {
      return paypalReturnPage(ctx, { tid, style, ajaxUrl });
    }
    return existingOrderPage(ctx, { tid, style, ajaxUrl });
  }
  return bookingPage(ctx, { style, ajaxUrl });
}

interface PageInput {
  style: PaymentPageStyle;
  ajaxUrl: string;
}

/** GET without `tid`: the cookie's detail (or `{}`) at its step. */
async function bookingPage(ctx: PageContext, input: PageInput): Promise<SafeHtml> {
  let detail: BookingDetail = decodeBookingDetailCookie(ctx.cookie(BOOKING_DETAIL_COOKIE));
  if (!encodable(detail)) detail = {};
  const asked = paymentStep(detail);
  let step: 2 | 3 | 4 = asked === 'other' ? 2 : asked;
  let fragments: PaymentFragments;
  let data: PaymentPageData | undefined;
  if (step === 4) {
    // The legacy page showed "Booking Completed!" for any step-4 cookie. A step-4 detail that names
    // no order of this visitor is a booking that was not written (e.g. refused at step 4): shown at
    // step 3 again (scratch/deviations-payment-page.md).
    const load = await loadPaymentPage(ctx, detail, 4);
    if (load.ok && load.data.tid !== undefined) {
      data = load.data;
      fragments = withSidebar(
        completion(await completeInput(ctx, data.settings.general, true, data.tid)),
        summary(data, { editable: false }),
        4,
      );
    } else {
      step = 3;
    }
  }
  if (step !== 4) {
    const load = await loadPaymentPage(ctx, detail, step);
    if (load.ok) {
      data = load.data;
      fragments = step === 2 ? await stepTwoFragments(ctx, data) : await stepThreeFragments(ctx, data);
    } else {
      fragments = { content: load.content, sidebar: html`` };
    }
  }
  return paymentSkeleton({
    style: input.style,
    head: isEmpty(detail['tour-id'])
      ? undefined
      : { ...(await headOf(ctx, data, detail)), step, mode: 'booking' as StepBarMode },
    ajaxUrl: input.ajaxUrl,
    bookingDetail: detail as PhpValue,
    fragments: fragments!,
  });
}

/**
 * `?tid=N` (payment.md §2.3): the order's stored detail at step 3, priced again for what is still
 * due (its payments so far), with the contact and traveller details and the payment methods. The
 * additional services were chosen when the order was written, so their form is not shown.
 */
async function existingOrderPage(ctx: PageContext, input: PageInput & { tid: number }): Promise<SafeHtml> {
  const order = await ownOrder(ctx, input.tid);
  if (!order) return orderMissing(ctx, input);
  const stored = storedDetail(order.bookingDetail);
  const detail: BookingDetail = { ...stored, tid: String(input.tid), step: '3' };
  const load = await loadPaymentPage(ctx, detail, 3);
  let fragments: PaymentFragments;
  let data: PaymentPageData | undefined;
  if (load.ok) {
    data = load.data;
    const booked: PaymentPageData = {
      ...data,
      tour: { ...data.tour, option: { ...data.tour.option, 'tour-service': [] } },
    };
    fragments = await stepThreeFragments(ctx, booked);
  } else {
    fragments = { content: load.content, sidebar: html`` };
  }
  return paymentSkeleton({
    style: input.style,
    head: isEmpty(detail['tour-id']) ? undefined : { ...(await headOf(ctx, data, detail)), step: 3, mode: 'order' },
    ajaxUrl: input.ajaxUrl,
    bookingDetail: { tid: String(input.tid) },
    fragments,
  });
}

/**
 * PayPal's return URL (`?tid=N&step=4&payment_method=paypal`): the payment is confirmed by PayPal's
 * notification, which may arrive later, so the page says so ("delayed" COMPLETE) beside the summary
 * of the order, priced with what it has been paid so far.
 */
async function paypalReturnPage(ctx: PageContext, input: PageInput & { tid: number }): Promise<SafeHtml> {
  const order = await ownOrder(ctx, input.tid);
  if (!order) return orderMissing(ctx, input);
  const detail: BookingDetail = { ...storedDetail(order.bookingDetail), step: '4' };
  const load = await loadPaymentPage(ctx, { ...detail, tid: String(input.tid) }, 4);
  let fragments: PaymentFragments;
  let data: PaymentPageData | undefined;
  if (load.ok) {
    data = load.data;
    fragments = withSidebar(
      completion(await completeInput(ctx, data.settings.general, true, input.tid)),
      summary(data, { editable: false }),
      4,
    );
  } else {
    fragments = { content: load.content, sidebar: html`` };
  }
  return paymentSkeleton({
    style: input.style,
    head: isEmpty(detail['tour-id']) ? undefined : { ...(await headOf(ctx, data, detail)), step: 4, mode: 'booking' },
    ajaxUrl: input.ajaxUrl,
    bookingDetail: detail as PhpValue,
    fragments,
  });
}

/** The order, when it exists, is not cancelled and belongs to this visitor (the guard already refused others). */
async function ownOrder(ctx: PageContext, tid: number) {
  const own = await orderOfVisitor(ctx, tid);
  return own.ok ? own.order : undefined;
}

async function orderMissing(ctx: PageContext, input: PageInput): Promise<SafeHtml> {
  const site = await ctx.site();
  return paymentSkeleton({
    style: input.style,
    ajaxUrl: input.ajaxUrl,
    bookingDetail: [],
    fragments: {
      content: paymentPageError(PAGE_ERROR_MESSAGE, { homeUrl: `${site.homeUrl}/` }),
      sidebar: html``,
    },
  });
}

/** The order's `booking_detail` column as a detail (anything else reads as empty). */
function storedDetail(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
}

/** A cookie detail PHP's json_encode could print (JSON.parse accepts lone surrogates; PHP does not). */
function encodable(detail: BookingDetail): boolean {
  try {
    phpJsonEncode(detail as PhpValue);
    return true;
  } catch (err) {
    if (err instanceof PhpJsonError) return false;
    throw err;
  }
}
