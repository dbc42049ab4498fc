import { loggedInCookieToken } from '../../services/accounts/context';
import { bookingFormSettings } from '../../tourmaster/booking-form';
import type { SafeHtml } from '../../views/html';
import { RenderCache, renderKey } from '../../views/render-cache';
import { scriptNonce } from '../../views/script-nonce';
import type { DocumentBytes } from '../layout';
import type { TourTemp } from './carry-over';
import type { TourRequest } from './request';

/**
 * What a tour page shows that is read for each request beside its rows (the tour page's one
 * statement): the view count, the urgency message (a count of recent visitors), the content's
 * galleries, the featured image and the related tours (a second statement).
 */
export interface LiveParts {
  views: number;
  urgency: SafeHtml | undefined;
  content: SafeHtml;
  headerImage: string | undefined;
  related: { className: string; html: SafeHtml } | undefined;
}

/**
 * A guest's tour page kept whole, as bytes around the places its nonce goes, by everything it shows:
 * the tour page statement's rows as read (a new price, seat setting, review, page or option is a new
 * key), the parts read live, the clock to the minute (the bookable dates and cut-offs, the nonce's
 * tick, the year), the address asked (the forms' redirects) and the site's URLs, TLS, and the token
 * of a logged-in cookie (a guest's nonces use it, valid or not, as WordPress does). Nothing is
 * kept for a customer, a carried booking (`tour_temp`), or a form that shows seats left (counted
 * live): those pages are built for their request. Nor for a first view (pages/tour/index.ts): it
 * adds one to the count the page shows, so its page is never asked for again.
 */
const guestPages = new RenderCache<DocumentBytes>(16);

/** The key of a kept page (of a kind isKeptKind keeps). */
export function keptPageKey(tr: TourRequest, live: LiveParts): string {
  // The rows' text after the rest, as it is: not quoted again inside the JSON.
  const rest = renderKey([
    live,
    tr.nowLocal.slice(0, 16),
    tr.req.originalUrl,
    tr.site.homeUrl,
    tr.site.siteUrl,
    tr.ctx.https,
    loggedInCookieToken(tr.ctx, tr.site),
    scriptNonce() !== undefined,
  ]);
  return `${rest}\u0000${tr.rows.asRead}`;
}

/** Whether a page of this kind is kept (a guest's, without a carried booking or live seat counts). */
export function isKeptKind(tr: TourRequest, temp: TourTemp | undefined): boolean {
  return !tr.user && !temp && !bookingFormSettings(tr.general).showRemaining;
}

/** The kept page for the key, built when there is none. */
export function keptGuestPage(key: string, build: () => Promise<DocumentBytes>): Promise<DocumentBytes> {
  return guestPages.getAsync(key, build);
}
