import type { NextFunction, Request, Response } from 'express';
import { TooManyRequestsError } from '../../core/errors';
import type { AppDeps } from '../../http/deps';
import { readFormBody } from '../../http/form-body';
import { BodyError } from '../../http/multipart';
import { pageContext } from '../../http/page-context';
import { appendCookies } from '../../http/set-cookie';
import { str } from '../../php/coerce';
import { cancelCustomerBooking } from '../../services/accounts/cancel-booking';
import { loadCustomer } from '../../services/accounts/customer';
import { LOGOUT_NONCE_ACTION, logoutUrl } from '../../services/accounts/logout';
import { PROFILE_MESSAGES } from '../../services/accounts/profile-form';
import { loadShell } from '../../services/site/shell';
import { enforceWriteLimit } from '../../services/write-limits';
import {
  ACCOUNT_SECTION,
  accountFrame,
  adminContent,
  breadcrumbs,
  contentInner,
  ROOM_SECTION,
  TOUR_SECTION,
  updateNotice,
} from '../../views/account/common';
import { removeQueryArg } from '../../views/account/urls';
import type { SafeHtml } from '../../views/html';
import { renderPage, sendPage, sendRedirect } from '../layout';
import { submitReviewForm } from '../review-submission';
import { bookingList, bookingSinglePage, cancelNonceAction, invoicePage, orderRefusal, ownOrder } from './bookings';
import { type AccountRequest, accountPageUrl, moneyFormat } from './context';
import { dashboardPage, postWishListRemoval, reviewsPage, roomPage, wishListPage } from './pages';
import { postPaymentReceipt, successNotice } from './payment-receipt';
import { changePasswordPage, editProfilePage, type Notice, postChangePassword, postEditProfile } from './profile-pages';
import { accountSiteFor, cannotBeSpecialPage, isSpecialPageRequest, siteNameText, specialPageTopBar } from './site';

/**
 * The account area: `{user page}?page_type=…[&sub_page=…]` (engagement.md §5). Guests are sent to
 * the login page, as the legacy site does. The page type comes from a fixed list (the legacy site
 * built an include path from it, DEFECTS.md 20); anything else is the dashboard. Form posts: the
 * profile edit (multipart), the password change, the wish-list removal, a review (handled by
 * `review-submission.ts`, here for the forms outside the reviews page), a bank-transfer receipt
 * (`payment-receipt.ts`); the booking cancel is a GET link, now with a nonce and only for the
 * statuses that show the link (DEFECTS.md 17).
 */
export const ACCOUNT_PAGE_TYPES = [
  'dashboard',
  'edit-profile',
  'change-password',
  'my-booking',
  'invoices',
  'reviews',
  'wish-list',
  'room-booking',
  'room-invoices',
  'room-reviews',
] as const;
export type AccountPageType = (typeof ACCOUNT_PAGE_TYPES)[number];

export function accountPageType(value: unknown, roomModule = true): AccountPageType {
  const type = ACCOUNT_PAGE_TYPES.find((t) => t === value);
  if (!type || (!roomModule && type.startsWith('room-'))) return 'dashboard';
  return type;
}

export function accountPage(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (cannotBeSpecialPage(req)) return next();
    try {
      const ctx = pageContext(req, deps);
      const account = await accountSiteFor(req, ctx);
      if (!account.membership || !isSpecialPageRequest(req, account.pages.user)) return next();
      const user = await ctx.user();
      if (!user) return sendRedirect(res, account.pages.login.url || `${account.site.homeUrl}/`);
      const customer = await loadCustomer(ctx, user.user.id);
      if (!customer) return sendRedirect(res, account.pages.login.url || `${account.site.homeUrl}/`);
      const a: AccountRequest = {
        req,
        ctx,
        account,
        user,
        profile: customer.profile,
        avatar: customer.avatar,
        money: moneyFormat(account),
        requestUri: req.originalUrl,
      };
      await serve(a, res);
    } catch (err) {
      next(err);
    }
  };
}

interface Rendered {
  body: SafeHtml;
  status: number;
}

async function serve(a: AccountRequest, res: Response): Promise<void> {
  const { req } = a;
  const pageType = accountPageType(req.query.page_type, a.account.roomModule);
  const subPage = str(req.query.sub_page);
  let rendered: Rendered | undefined;

  const changes = req.method === 'POST' || (pageType === 'my-booking' && req.query.action === 'remove');
  if (changes) {
    const refused = await writeLimitRefusal(a);
    if (refused) {
      res.setHeader('Retry-After', String(refused.retryAfter));
      const page = await bodyFor(a, pageType, subPage, refused.message);
      return send(a, res, pageType, { body: page.body, status: 429 });
    }
  }
  if (req.method === 'POST') {
    let body: Awaited<ReturnType<typeof readFormBody>>;
    try {
      body = await readFormBody(req, a.ctx.deps);
    } catch (err) {
      if (!(err instanceof BodyError)) throw err;
      a.ctx.log.info({ err: err.message }, 'account form body refused');
      const page = await bodyFor(a, pageType, subPage, 'The form could not be read. Please try again.');
      return send(a, res, pageType, { body: page.body, status: err.status });
    }
    if (body.fields.review_id !== undefined) {
      const outcome = await submitReviewForm(a.ctx, body.fields, {
        origin: req.get('origin'),
        referer: req.get('referer'),
      });
      if ('refused' in outcome) a.ctx.log.info({ userId: a.user.user.id, reason: outcome.refused }, 'review refused');
      return sendRedirect(res, req.originalUrl, { cache: 'private' });
    }
    if (pageType === 'edit-profile' && body.fields['tourmaster-edit-profile'] !== undefined) {
      const result = await postEditProfile(a, body);
      rendered = {
        body: await editProfilePage(a, { values: result.values, notice: result.notice }),
        status: result.status,
      };
    } else if (pageType === 'change-password') {
      const result = await postChangePassword(a, body);
      appendCookies(res, result.cookies, a.ctx.now);
      rendered = { body: await changePasswordPage(a, result.notice), status: result.status };
    } else if (pageType === 'my-booking' && body.fields.action === 'payment-receipt') {
      const result = await postPaymentReceipt(a, body);
      if ('redirect' in result) return sendRedirect(res, result.redirect, { cache: 'private' });
      const page = await bodyFor(a, pageType, subPage, result.failure);
      rendered = { body: page.body, status: page.status === 200 ? result.status : page.status };
    } else if (pageType === 'wish-list' && body.fields['remove-from-wish-list'] !== undefined) {
      const result = await postWishListRemoval(a, body);
      rendered = { body: await wishListPage(a, result.notice), status: result.status };
    }
  } else if (pageType === 'my-booking' && req.query.action === 'remove') {
    const cancelled = await cancelBooking(a);
    if (cancelled === 'redirect') {
      return sendRedirect(res, removeQueryArg(req.originalUrl, ['action', 'id', '_wpnonce']), { cache: 'private' });
    }
    rendered = cancelled;
  }
  await send(a, res, pageType, rendered ?? (await bodyFor(a, pageType, subPage)));
}

/** Counts a form post (or cancellation) of the account; the refusal when it is over its limit. */
async function writeLimitRefusal(a: AccountRequest): Promise<TooManyRequestsError | undefined> {
  try {
    await enforceWriteLimit(a.ctx.wp, 'account', { ip: a.ctx.ip, userId: a.user.user.id }, a.ctx.now);
    return undefined;
  } catch (err) {
    if (err instanceof TooManyRequestsError) return err;
    throw err;
  }
}

/** The page body for a GET (or a post that changed nothing), with an optional failure notice. */
async function bodyFor(
  a: AccountRequest,
  pageType: AccountPageType,
  subPage: string,
  failure?: string,
): Promise<Rendered> {
  const notice: Notice = failure ? { kind: 'failure', messages: [failure] } : undefined;
  const noticeHtml = failure ? updateNotice('failure', [failure]) : successNotice(a, pageType, subPage);
  const ok = (body: SafeHtml): Rendered => ({ body, status: 200 });
  switch (pageType) {
    case 'edit-profile':
      return ok(await editProfilePage(a, notice ? { notice } : {}));
    case 'change-password':
      return ok(await changePasswordPage(a, notice));
    case 'my-booking':
    case 'invoices': {
      if (subPage !== 'single') {
        const paidOnly = pageType === 'invoices' && subPage === 'paid';
        return ok(await bookingList(a, pageType, { paidOnly, notice: noticeHtml }));
      }
      const own = await ownOrder(a);
      if ('status' in own) return { body: orderRefusal(a, pageType, own.message), status: own.status };
      return ok(
        pageType === 'my-booking' ? await bookingSinglePage(a, own.order, noticeHtml) : await invoicePage(a, own.order),
      );
    }
    case 'reviews':
      return ok(await reviewsPage(a));
    case 'wish-list':
      return ok(await wishListPage(a, noticeHtml));
    case 'room-booking':
    case 'room-invoices':
    case 'room-reviews':
      return ok(await roomPage(a, pageType));
    default:
      return ok(await dashboardPage(a));
  }
}

/**
 * `?page_type=my-booking&action=remove&id=N&_wpnonce=…`: cancels the visitor's own order when its
 * status shows the cancel link, mails the customer, and sends the browser back to the list (as the
 * legacy page did). A missing or stale nonce, someone else's order, or a status that cannot be
 * cancelled are refused with a notice on the list.
 */
async function cancelBooking(a: AccountRequest): Promise<'redirect' | Rendered> {
  const id = Number(str(a.req.query.id));
  const refuse = async (message: string, status: number): Promise<Rendered> => ({
    body: contentInner('my-booking', [
      breadcrumbs([
        { title: 'Dashboard', url: accountPageUrl(a, 'dashboard') },
        { title: 'My Bookings', url: accountPageUrl(a, 'my-booking') },
        { title: 'Cancel Booking' },
      ]),
      updateNotice('failure', [message]),
    ]),
    status,
  });
  if (!Number.isSafeInteger(id) || id <= 0) return refuse('This booking could not be found.', 404);
  if (!(await a.ctx.verifyNonce(a.req.query._wpnonce, cancelNonceAction(id)))) {
    return refuse(PROFILE_MESSAGES.sessionExpired, 403);
  }
  const result = await cancelCustomerBooking(a.ctx, a.user.user.id, id);
  if (!result.ok) {
    if (result.reason === 'not-cancellable') return refuse('This booking can no longer be cancelled.', 409);
    return refuse('This booking could not be found.', 404);
  }
  return 'redirect';
}

async function send(a: AccountRequest, res: Response, pageType: AccountPageType, rendered: Rendered): Promise<void> {
  const { account } = a;
  const nonce = await a.ctx.nonce(LOGOUT_NONCE_ACTION);
  const sections = account.roomModule ? [ACCOUNT_SECTION, TOUR_SECTION, ROOM_SECTION] : [ACCOUNT_SECTION, TOUR_SECTION];
  const content = accountFrame({
    active: pageType,
    sections,
    pageUrl: (slug) => accountPageUrl(a, slug),
    signOutUrl: logoutUrl(account.site.siteUrl, nonce, `${account.site.homeUrl}/`),
    bottomText: adminContent(str(account.general['user-navigation-bottom-text'])),
    style: str(account.general['user-page-style']) || 'style-1',
    body: rendered.body,
  });
  const [topBar, shell] = await Promise.all([
    specialPageTopBar(a.ctx, a.req, account.pages.user.url),
    loadShell(a.ctx.deps, account.site.homeUrl),
  ]);
  const document = renderPage({
    title: 'My Account',
    ...(topBar ? { topBar } : {}),
    siteName: siteNameText(account.site),
    homeUrl: account.site.homeUrl,
    siteUrl: account.site.siteUrl,
    content,
    bodyClass: 'tourmaster-template-user logged-in',
    robots: 'noindex, nofollow',
    shell,
  });
  sendPage(res, document, { status: rendered.status, cache: 'private' });
}
