import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../http/deps';
import { type PageContext, pageContext } from '../http/page-context';
import { readRawBody } from '../http/raw-body';
import { sendTooManyRequests } from '../http/too-many-requests';
import { parsePhpQuery } from '../php/form-body';
import { type ReviewSubmissionOutcome, submitReview } from '../services/reviews/submit-review';
import { noCacheHeaders } from '../wp/nocache';
import { accountSiteFor, isSpecialPageRequest } from './account/site';

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

export function reviewSubmission(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || req.query.page_type !== 'reviews') return next();
    try {
      const ctx = pageContext(req, deps);
      const account = await accountSiteFor(req, ctx);
      if (!account.membership || !isSpecialPageRequest(req, account.pages.user)) return next();
      const text = (await readRawBody(req, deps.config.maxBodyBytes)).toString('utf8');
      const user = await ctx.user();
      if (!user) return redirect(res, account.pages.login.url || `${account.site.homeUrl}/?tourmaster-login`, false);
      const posted = /^application\/x-www-form-urlencoded/i.test(req.get('content-type') ?? '')
        ? parsePhpQuery(text)
        : {};
      if (posted.review_id !== undefined) {
        const outcome = await submitReviewForm(ctx, posted, { origin: req.get('origin'), referer: req.get('referer') });
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
 * The review form, posted on this route or the account page: refused as forged unless it carries
 * a valid nonce, or, without one, comes from the site's own pages; then stored by the service.
 */
export async function submitReviewForm(
  ctx: PageContext,
  posted: Readonly<Record<string, unknown>>,
  request: { origin: string | undefined; referer: string | undefined },
): Promise<ReviewSubmissionOutcome> {
  const nonce = posted[REVIEW_NONCE_FIELD];
  if (nonce !== undefined) {
    if (!(await ctx.verifyNonce(nonce, REVIEW_NONCE_ACTION))) return { refused: 'forged' };
  } else {
    const site = await ctx.site();
    if (!isSameSite(request, [site.homeUrl, site.siteUrl])) return { refused: 'forged' };
  }
  return submitReview(ctx, posted);
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

/** wp_redirect's 302; a logged-in visitor's reply also carries WordPress's no-cache headers. */
function redirect(res: Response, location: string, noCache: boolean): void {
  res.status(302);
  res.setHeader('Content-Type', 'text/html; charset=UTF-8');
  if (noCache) res.set(noCacheHeaders(true));
  res.setHeader('X-Redirect-By', 'WordPress');
  res.setHeader('Location', location);
  res.end();
}
