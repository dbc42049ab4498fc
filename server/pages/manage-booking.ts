import type { NextFunction, Request, Response } from 'express';
import { TooManyRequestsError } from '../core/errors';
import type { AppDeps } from '../http/deps';
import { readFormBody } from '../http/form-body';
import { BodyError } from '../http/multipart';
import { type PageContext, pageContext } from '../http/page-context';
import { appendCookies } from '../http/set-cookie';
import { str } from '../php/coerce';
import { RECEIPT_MESSAGES } from '../services/accounts/payment-receipt';
import { postedText } from '../services/accounts/profile-form';
import { CALENDAR_ARG } from '../services/booking/confirmation';
import {
  bookingCalendar,
  cancelByManageLink,
  MANAGE_MESSAGES,
  manageBalanceUrl,
  manageConfirmation,
  openManageLink,
  receiptByManageLink,
} from '../services/booking/manage';
import { MANAGE_ARG, MANAGE_PAY_ARG, MANAGE_PAY_VALUE, manageLinkUrl } from '../services/booking/manage-link';
import { loadShell } from '../services/site/shell';
import { isCustomerCancellable } from '../tourmaster/order-status';
import { updateNotice } from '../views/account/common';
import { addQueryArg } from '../views/account/urls';
import { html, type SafeHtml } from '../views/html';
import { confirmationHtml, manageCancelForm } from '../views/payment/confirmation';
import { bookingSinglePage } from './account/bookings';
import { moneyFormat } from './account/context';
import { RECEIPT_NONCE_FIELD } from './account/payment-receipt';
import { accountSiteFor, siteNameText } from './account/site';
import { renderPage, sendPage, sendRedirect } from './layout';

/**
 * The guest's "Manage your booking" page (`?tourmaster-manage=<token>`, services/booking/manage-link.ts)
 * and "Add to calendar" (`?tourmaster-calendar=<order id>[&token=<token>]`), both ours (DEVIATIONS.md).
 * The manage page needs no login: a valid link shows the booking as the account page does, with
 * "Your booking" above it, and gives this browser the order's key cookie, so the payment page
 * takes the balance; with `tourmaster-pay=balance` it then sends the browser on to the payment page
 * for the balance. A link that is not valid or has expired is a page that says so (403, 410).
 * The page answers on the home page's path only, and every form action and redirect is built from
 * the site's home URL and the verified token, never from the request's address.
 */
export function manageBooking(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const manage = req.query[MANAGE_ARG];
    const calendar = req.query[CALENDAR_ARG];
    if (manage === undefined && calendar === undefined) return next();
    const post = req.method === 'POST' && manage !== undefined;
    if (!post && req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const ctx = pageContext(req, deps);
      if (manage !== undefined && !(await onHomePath(ctx, req.path))) return next();
      if (post) return await managePost(ctx, req, res, manage);
      if (manage !== undefined) return await managePage(ctx, req, res, manage);
      return await calendarFile(ctx, res, calendar, req.query.token);
    } catch (err) {
      next(err);
    }
  };
}

type Failure = { status: number; message: string };

/** Whether the request is for the home page's path (`/`, or `/blog/` for a site at `/blog`). */
async function onHomePath(ctx: PageContext, requestPath: string): Promise<boolean> {
  const { homeUrl } = await ctx.site();
  let home: string;
  try {
    home = new URL(`${homeUrl}/`).pathname;
  } catch {
    return false;
  }
  return requestPath === home || `${requestPath}/` === home;
}

/**
 * A form of the manage page posted to the link itself: the cancel form, or the bank receipt
 * (multipart), each with its nonce for this order (services/booking/manage.ts). A post another
 * site's page made (`Sec-Fetch-Site: cross-site`) is refused before it is read. Done: back to the
 * page (a reload posts nothing), with a notice for a receipt; otherwise the page with the reason
 * and nothing written.
 */
async function managePost(ctx: PageContext, req: Request, res: Response, token: unknown): Promise<void> {
  if (str(req.get('sec-fetch-site')) === 'cross-site') {
    ctx.log.info('manage form refused: cross-site');
    return managePage(ctx, req, res, token, { status: 403, message: MANAGE_MESSAGES.formRefused });
  }
  let failure: Failure | undefined;
  try {
    const body = await readFormBody(req, ctx.deps);
    const outcome = await applyPost(ctx, token, body);
    if (outcome === 'cancelled' || outcome === 'receipt') {
      const { homeUrl } = await ctx.site();
      // Only a verified token reaches here (the service opened the link): safe in the address.
      const back = manageLinkUrl(homeUrl, str(token));
      return sendRedirect(res, outcome === 'receipt' ? addQueryArg(back, { [RECEIPT_SUBMITTED_ARG]: 1 }) : back, {
        cache: 'private',
      });
    }
    failure = outcome;
  } catch (err) {
    if (err instanceof BodyError)
      failure = { status: err.status, message: 'The form could not be read. Please try again.' };
    else if (err instanceof TooManyRequestsError) {
      res.setHeader('Retry-After', String(err.retryAfter));
      failure = { status: 429, message: err.message };
    } else throw err;
  }
  return managePage(ctx, req, res, token, failure);
}

async function applyPost(
  ctx: PageContext,
  token: unknown,
  body: Awaited<ReturnType<typeof readFormBody>>,
): Promise<'cancelled' | 'receipt' | Failure> {
  if (body.fields.action === 'payment-receipt') {
    const result = await receiptByManageLink(ctx, token, body.fields[RECEIPT_NONCE_FIELD], {
      paymentType: postedText(body.fields, 'payment-type'),
      transactionId: postedText(body.fields, 'transaction-id'),
      upload: body.files.receipt,
    });
    return result.ok ? 'receipt' : result;
  }
  if (body.fields.action !== 'cancel' || body.fields.confirm !== 'yes')
    return { status: 400, message: 'Please tick the box to confirm that you want to cancel this booking.' };
  const result = await cancelByManageLink(ctx, token, body.fields[MANAGE_NONCE_FIELD]);
  return result.ok ? 'cancelled' : result;
}

const RECEIPT_SUBMITTED_ARG = 'receipt-submitted';
/** The cancel form's nonce field (the receipt form keeps the account page's `security`). */
const MANAGE_NONCE_FIELD = 'security';

async function managePage(
  ctx: PageContext,
  req: Request,
  res: Response,
  token: unknown,
  failure?: { status: number; message: string },
): Promise<void> {
  const opened = await openManageLink(ctx, token);
  const account = await accountSiteFor(req, ctx);
  const home = account.site.homeUrl;
  if (!opened.ok) {
    const body = html`<div class="tourmaster-user-content-inner dropin-manage-refused">${updateNotice('failure', [opened.message])}<p><a class="tourmaster-button" href="${home}/">Go to the home page</a></p></div>`;
    return send(ctx, res, account, { body, status: opened.status });
  }
  appendCookies(res, [opened.cookie], ctx.now);
  const { order } = opened;
  if (!failure && str(req.query[MANAGE_PAY_ARG]) === MANAGE_PAY_VALUE) {
    // "Pay the balance online" from the mail: this browser now holds the key; on to the payment
    // page (its address from the site's settings). Nothing left to pay: the page shows why.
    const payment = await manageBalanceUrl(ctx, order);
    if (payment) return sendRedirect(res, payment, { cache: 'private' });
  }
  const self = manageLinkUrl(home, opened.token);
  const before = html`${confirmationHtml(await manageConfirmation(ctx, order), { manageLink: false })}${
    isCustomerCancellable(order.status) && manageCancelForm(self, opened.nonces.cancel)
  }`;
  const body = await bookingSinglePage(
    { ctx, account, money: moneyFormat(account), requestUri: self },
    order,
    failure
      ? updateNotice('failure', [failure.message])
      : str(req.query[RECEIPT_SUBMITTED_ARG]) === '1'
        ? updateNotice('success', [RECEIPT_MESSAGES.submitted])
        : '',
    { homeUrl: home, before, receiptNonce: opened.nonces['payment-receipt'] },
  );
  return send(ctx, res, account, { body, status: failure?.status ?? 200 });
}

async function send(
  ctx: PageContext,
  res: Response,
  account: Awaited<ReturnType<typeof accountSiteFor>>,
  rendered: { body: SafeHtml; status: number },
): Promise<void> {
  const shell = await loadShell(ctx.deps, account.site.homeUrl);
  const content = html`<div class="tourmaster-template-wrapper tourmaster-template-wrapper-user dropin-manage-booking" ><div class="tourmaster-user-content" >${rendered.body}</div></div>`;
  const document = renderPage({
    title: 'Your Booking',
    siteName: siteNameText(account.site),
    homeUrl: account.site.homeUrl,
    siteUrl: account.site.siteUrl,
    content,
    bodyClass: 'tourmaster-template-user',
    robots: 'noindex, nofollow',
    shell,
  });
  // The page carries the order's details: never cached, never kept by a shared cache.
  sendPage(res, document, { status: rendered.status, cache: 'private' });
}

/** The order number as the query gives it: 1–10 digits, else nothing. */
function orderIdOf(value: unknown): number | undefined {
  const text = str(value);
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;
}

async function calendarFile(ctx: PageContext, res: Response, orderArg: unknown, token: unknown): Promise<void> {
  const orderId = orderIdOf(orderArg);
  const file = orderId === undefined ? undefined : await bookingCalendar(ctx, orderId, token);
  if (!file) {
    res
      .status(404)
      .set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store, private' })
      .send('This booking could not be found.');
    return;
  }
  res
    .status(200)
    .set({
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store, private',
    })
    .send(file.body);
}
