import type { NextFunction, Request, Response } from 'express';
import { TooManyRequestsError } from '../core/errors';
import type { AppDeps } from '../http/deps';
import { readFormBody } from '../http/form-body';
import { BodyError } from '../http/multipart';
import { type PageContext, pageContext } from '../http/page-context';
import { appendCookies } from '../http/set-cookie';
import { str } from '../php/coerce';
import { CALENDAR_ARG } from '../services/booking/confirmation';
import { bookingCalendar, cancelByManageLink, manageConfirmation, openManageLink } from '../services/booking/manage';
import { MANAGE_ARG } from '../services/booking/manage-link';
import { loadShell } from '../services/site/shell';
import { isCustomerCancellable } from '../tourmaster/order-status';
import { updateNotice } from '../views/account/common';
import { html, type SafeHtml } from '../views/html';
import { confirmationHtml, manageCancelForm } from '../views/payment/confirmation';
import { bookingSinglePage } from './account/bookings';
import { moneyFormat } from './account/context';
import { accountSiteFor, siteNameText } from './account/site';
import { renderPage, sendPage, sendRedirect } from './layout';

/**
 * The guest's "Manage your booking" page (`?tourmaster-manage=<token>`, services/booking/manage-link.ts)
 * and "Add to calendar" (`?tourmaster-calendar=<order id>[&token=<token>]`), both ours (DEVIATIONS.md).
 * The manage page needs no login: a valid link shows the booking as the account page does, with
 * "Your booking" above it, and gives this browser the order's key cookie, so the payment page
 * takes the balance. A link that is not valid or has expired is a page that says so (403, 410).
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
      if (post) return await cancelPost(ctx, req, res, manage);
      if (manage !== undefined) return await managePage(ctx, req, res, manage);
      return await calendarFile(ctx, res, calendar, req.query.token);
    } catch (err) {
      next(err);
    }
  };
}

/** The cancel form posted: cancelled and back to the page (a reload posts nothing), or the page with the reason. */
async function cancelPost(ctx: PageContext, req: Request, res: Response, token: unknown): Promise<void> {
  let failure: { status: number; message: string } | undefined;
  try {
    const body = await readFormBody(req, ctx.deps);
    if (body.fields.action !== 'cancel' || body.fields.confirm !== 'yes')
      failure = { status: 400, message: 'Please tick the box to confirm that you want to cancel this booking.' };
  } catch (err) {
    if (!(err instanceof BodyError)) throw err;
    failure = { status: err.status, message: 'The form could not be read. Please try again.' };
  }
  if (!failure) {
    try {
      const result = await cancelByManageLink(ctx, token);
      if (result.ok) return sendRedirect(res, req.originalUrl, { cache: 'private' });
      failure = result;
    } catch (err) {
      if (!(err instanceof TooManyRequestsError)) throw err;
      res.setHeader('Retry-After', String(err.retryAfter));
      failure = { status: 429, message: err.message };
    }
  }
  return managePage(ctx, req, res, token, failure);
}

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
  const before = html`${confirmationHtml(await manageConfirmation(ctx, order), { manageLink: false })}${
    isCustomerCancellable(order.status) && manageCancelForm(req.originalUrl)
  }`;
  const body = await bookingSinglePage(
    { ctx, account, money: moneyFormat(account), requestUri: req.originalUrl },
    order,
    failure ? updateNotice('failure', [failure.message]) : '',
    { homeUrl: home, before },
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
