import bodyParser from 'body-parser';
import type { NextFunction, Request, Response } from 'express';
import { TooManyRequestsError } from '../core/errors';
import { getOptions } from '../data/options';
import { toOrder } from '../data/orders';
import { publishedPagePath } from '../data/posts';
import { countReviewsOfOrder, insertReview, updateTourRating } from '../data/reviews';
import { inTransaction } from '../data/tables';
import type { AppDeps } from '../http/deps';
import { type PageContext, pageContext } from '../http/page-context';
import { sendTooManyRequests } from '../http/too-many-requests';
import { phpInt } from '../php/coerce';
import { parsePhpQuery } from '../php/form-body';
import { enforceWriteLimit } from '../services/write-limits';
import { orderReviewRefusal, type ReviewRefusal, readReviewSubmission } from '../tourmaster/reviews';
import { siteLocalTime } from '../wp/site-time';

/**
 * The review form of the account page (reviews.md §7): `POST {user page}?page_type=reviews` with
 * `review_id` (the ORDER id), `rating`, `traveller-type`, `description` and `tour_id`. Answers as
 * the legacy page did, a 302 back to the same URL (a guest: a 302 to the login page), whatever
 * happened; there is no message either way.
 *
 * Checked here, unlike the legacy page (DEFECTS.md 16, 18): the order belongs to the visitor and is
 * `departed`; one review per order (the legacy page inserted a second one); a score 1–10 (the
 * legacy page stored 15 and 0) and one of the four traveller types; and a request forgery check.
 * The legacy form has no nonce field, so: a posted `_wpnonce` must be a valid WordPress nonce for
 * REVIEW_NONCE_ACTION; without one, the request is accepted only when its `Origin` (or, when the
 * browser sent none, its `Referer`) is the site itself. Browsers send `Origin` on every form POST,
 * so the legacy form keeps working and a form on another site is refused. The aggregate rating is
 * recomputed for the order's tour (the legacy page used the posted `tour_id`, even when nothing was
 * inserted). The description is stored as typed (trimmed) and escaped when printed.
 */
export const REVIEW_NONCE_ACTION = 'tourmaster-submit-review';
export const REVIEW_NONCE_FIELD = '_wpnonce';

/** The page routes (`METHOD path`) of this module in the captured site, for the replay's scope. */
export const REVIEW_SUBMISSION_ROUTES: readonly string[] = ['POST /my-account/?page_type=reviews'];

export type ReviewSubmissionOutcome =
  | { inserted: number; tourId: number }
  | { refused: ReviewRefusal | 'forged' }
  | { refused: 'rate-limited'; error: TooManyRequestsError };

export function reviewSubmission(deps: AppDeps) {
  const readBody = bodyParser.raw({ type: () => true, limit: deps.config.maxBodyBytes });
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || req.query.page_type !== 'reviews') return next();
    try {
      const general = await generalSettings(deps);
      if (general['enable-membership'] === 'disable' || !(await isUserPage(req, deps, general))) return next();
      await new Promise<void>((resolve, reject) =>
        readBody(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
      );
      const ctx = pageContext(req, deps);
      const user = await ctx.user();
      if (!user) {
        const site = await ctx.site();
        return redirect(res, await loginPageUrl(deps, general, site.homeUrl), false);
      }
      const text = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      const posted = /^application\/x-www-form-urlencoded/i.test(req.get('content-type') ?? '')
        ? parsePhpQuery(text)
        : {};
      if (posted.review_id !== undefined) {
        const outcome = await submitReview(ctx, posted, { origin: req.get('origin'), referer: req.get('referer') });
        if ('refused' in outcome)
          ctx.log.info({ userId: user.user.id, reason: outcome.refused }, 'review submission refused');
        if ('error' in outcome) return sendTooManyRequests(res, outcome.error, req.originalUrl);
      }
      redirect(res, req.originalUrl, true);
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Checks and stores one review for the visitor of `ctx` (also usable by another page that shows the
 * form, e.g. the dashboard block). Never throws for a refusal: it says why.
 */
export async function submitReview(
  ctx: PageContext,
  posted: Readonly<Record<string, unknown>>,
  request: { origin: string | undefined; referer: string | undefined },
): Promise<ReviewSubmissionOutcome> {
  const user = await ctx.user();
  if (!user) return { refused: 'not-logged-in' };
  const site = await ctx.site();
  const nonce = posted[REVIEW_NONCE_FIELD];
  if (nonce !== undefined) {
    if (!(await ctx.verifyNonce(nonce, REVIEW_NONCE_ACTION))) return { refused: 'forged' };
  } else if (!isSameSite(request, [site.homeUrl, site.siteUrl])) {
    return { refused: 'forged' };
  }
  try {
    await enforceWriteLimit(ctx.deps.wp, 'review', { ip: ctx.ip, userId: user.user.id }, ctx.now);
  } catch (err) {
    if (err instanceof TooManyRequestsError) return { refused: 'rate-limited', error: err };
    throw err;
  }
  const read = readReviewSubmission(posted);
  if (!read.ok) return { refused: read.reason };
  const submission = read.value;
  const userId = user.user.id;
  const date = siteLocalTime(ctx.now, site);

  return inTransaction(
    ctx.deps.wp,
    async (trx) => {
      // The order row is locked first, then the tour's: one review per order, and aggregates computed
      // one submission at a time per tour.
      const row = await trx.dialect.forUpdate(trx.knex(trx.t.orders).first().where('id', submission.orderId));
      const order = row ? toOrder(row as Record<string, unknown>) : undefined;
      const refusal = orderReviewRefusal(order, userId);
      if (refusal || !order) return { refused: refusal ?? 'no-order' };
      await trx.dialect.forUpdate(trx.knex(trx.t.posts).first('ID').where('ID', order.tourId));
      if ((await countReviewsOfOrder(trx, order.id)) > 0) return { refused: 'already-reviewed' as const };
      const id = await insertReview(trx, {
        tourId: order.tourId,
        orderId: order.id,
        score: submission.score,
        type: submission.type,
        description: submission.description,
        date,
      });
      await updateTourRating(trx, order.tourId);
      return { inserted: id, tourId: order.tourId };
    },
    { readCommitted: true },
  );
}

/**
 * Whether a form POST without a token comes from the site's own pages: its `Origin`, or when the
 * browser sent none, its `Referer`, has the origin of one of the site's URLs. Neither header: no.
 */
export function isSameSite(
  request: { origin: string | undefined; referer: string | undefined },
  siteUrls: readonly string[],
): boolean {
  const origins = new Set(siteUrls.map(originOf).filter((o): o is string => o !== undefined));
  const claimed = request.origin !== undefined ? request.origin.trim() : request.referer;
  if (claimed === undefined || claimed === '') return false;
  const origin = originOf(claimed);
  return origin !== undefined && origins.has(origin);
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.origin;
  } catch {
    return undefined;
  }
}

async function generalSettings(deps: AppDeps): Promise<Readonly<Record<string, unknown>>> {
  const stored = (await getOptions(deps.wp, ['tourmaster_general'])).get('tourmaster_general');
  return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
}

/** The account page: the page named by the `user-page` setting, or, when that is empty, `/?tourmaster-user`. */
async function isUserPage(req: Request, deps: AppDeps, general: Readonly<Record<string, unknown>>): Promise<boolean> {
  const pageId = phpInt(general['user-page']);
  if (pageId > 0) return (await publishedPagePath(deps.wp, pageId)) === req.path;
  return req.path === '/' && 'tourmaster-user' in req.query;
}

/** The login page (setting `login-page`), else `{home}/?tourmaster-login`. */
async function loginPageUrl(deps: AppDeps, general: Readonly<Record<string, unknown>>, homeUrl: string) {
  const pageId = phpInt(general['login-page']);
  const path = pageId > 0 ? await publishedPagePath(deps.wp, pageId) : undefined;
  return path === undefined ? `${homeUrl}/?tourmaster-login` : `${homeUrl}${path}`;
}

/** wp_redirect's 302; a logged-in visitor's reply also carries WordPress's no-cache headers. */
function redirect(res: Response, location: string, noCache: boolean): void {
  res.status(302);
  res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  if (noCache) {
    res.setHeader('Expires', 'Wed, 11 Jan 1984 05:00:00 GMT');
    res.setHeader('Cache-Control', 'no-cache, must-revalidate, max-age=0, no-store, private');
  }
  res.setHeader('X-Redirect-By', 'WordPress');
  res.setHeader('Location', location);
  res.end();
}
