import type { NextFunction, Request, Response } from 'express';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AppDeps } from '../../http/deps';
import { readFormBody } from '../../http/form-body';
import { BodyError } from '../../http/multipart';
import { type PageContext, pageContext } from '../../http/page-context';
import { attachments } from '../../services/site/attachments';
import { buildShell } from '../../services/site/shell';
import { loadTourPage } from '../../services/tour-page/load-tour-page';
import { relatedTours } from '../../services/tour-page/related-tours';
import { countView } from '../../services/tour-page/visits';
import { readTourRating, starIcons } from '../../tourmaster/reviews';
import { VIEW_COUNT_META } from '../../tourmaster/tour-option';
import { raw, type SafeHtml } from '../../views/html';
import { RenderCache, renderKey } from '../../views/render-cache';
import { TourPage, type TourPageModel } from '../../views/tour/TourPage';
import { unserializeCached } from '../../wp/parse-cache';
import { originFromHost } from '../../wp/site';
import { siteLocalTime } from '../../wp/site-time';
import { siteNameText } from '../account/site';
import { type BytesPageProps, documentWithNonce, renderDocumentBytes, renderPageBytes, sendPage } from '../layout';
import { sendNotFound } from '../not-found';
import { bookingBarFor } from './booking';
import { readTourTemp, type TourTemp } from './carry-over';
import { tourContent, withGalleries } from './content';
import { galleryHtml, galleryShortcodes } from './gallery';
import { tourInfoItems } from './info';
import { tourJsonLd } from './json-ld';
import { isKeptKind, keptGuestPage, keptPageKey, type LiveParts } from './kept-page';
import { type TourRequest, textOf } from './request';
import { newestReview, reviewSection } from './reviews';
import { tourTopBar } from './top-bar';
import { tourUrgency } from './urgency';

/**
 * The single tour page, `/tour/<slug>/` (booking.md §2, engagement.md §1–2, §6–7, reviews.md §2,
 * §5): a published tour in the page shell, with the booking bar the islands bind to. A POST with
 * `tour_temp` (booking.md §7.4, the payment page's "edit" link) shows the page with the carried
 * booking pre-selected. A draft or unknown slug is the 404 page. The first view from a browser
 * (no `tourmaster-tour-{id}` cookie) counts one view, atomically, and sets the cookie for a day.
 */
const TOUR_PATH = /^\/tour\/([^/]+)(\/?)$/;

export function tourPage(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return next();
    const match = TOUR_PATH.exec(req.path);
    if (!match) return next();
    try {
      // WordPress's canonical redirect adds the trailing slash.
      if (match[2] === '' && req.method !== 'POST') {
        const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
        res
          .status(301)
          .set({ 'X-Redirect-By': 'WordPress', Location: `${req.path}/${query}` })
          .end();
        return;
      }
      await serveTourPage(req, res, deps, match[1]!.toLowerCase());
    } catch (err) {
      next(err);
    }
  };
}

async function serveTourPage(req: Request, res: Response, deps: AppDeps, slug: string): Promise<void> {
  const ctx = pageContext(req, deps);
  const temp = req.method === 'POST' ? await carriedBooking(req, ctx) : undefined;
  // The site from the options just read: no query of its own (the visitor's context reuses it).
  const origin = deps.config.siteUrlFollowsRequest ? originFromHost(req.get('host'), ctx.https) : undefined;
  const { site, page } = await loadTourPage(ctx, slug, origin);
  ctx.site = () => Promise.resolve(site);
  const user = await ctx.user();
  if (!page) return sendNotFound(req, res, deps, ctx);
  const { rows, settings } = page;
  const tr: TourRequest = {
    ...page,
    req,
    ctx,
    site,
    user,
    general: settings.general,
    permalink: `${site.homeUrl}/tour/${slug}/`,
    ajaxUrl: `${site.siteUrl}/wp-admin/admin-ajax.php`,
    nowLocal: siteLocalTime(ctx.now, settings),
    dateFormat: rows.options.get('date_format') || 'F j, Y',
  };
  const { views, counted } = await countViewOnce(tr, res);
  const cache = user ? 'private' : 'public';
  if (counted || !isKeptKind(tr, temp)) {
    // A customer's own parts read too (top bar, wish list): read with the live parts.
    const [live, own] = await Promise.all([liveParts(tr, views), ownParts(tr, views, temp)]);
    return sendPage(res, renderPageBytes(tourDocument(tr, live, own)), { cache });
  }
  const live = await liveParts(tr, views);
  const kept = await keptGuestPage(keptPageKey(tr, live), async () =>
    renderDocumentBytes(tourDocument(tr, live, await ownParts(tr, views, undefined))),
  );
  sendPage(res, documentWithNonce(kept), { cache });
}

/** The parts read for each request (kept-page.ts LiveParts). */
async function liveParts(tr: TourRequest, views: number): Promise<LiveParts> {
  const [urgency, content, headerImage, related] = await Promise.all([
    tourUrgency(tr),
    contentWithGalleries(tr),
    featuredImage(tr),
    relatedTours(tr.ctx, tr.post.id, tr.general, tr.site),
  ]);
  return { views, urgency, content, headerImage, related };
}

/** The parts made of the rows and the visitor: the top bar, the booking bar, the menu and footer. */
function ownParts(tr: TourRequest, views: number, temp: TourTemp | undefined) {
  const { rows, site } = tr;
  return Promise.all([
    tourTopBar(tr),
    bookingBarFor(tr, views, temp),
    buildShell(
      { wp: tr.ctx.catalogue },
      { options: rows.options, pages: rows.pages, homeUrl: site.homeUrl, footer: rows.footer },
    ),
  ]);
}

/** The whole document's parts. */
function tourDocument(
  tr: TourRequest,
  live: LiveParts,
  [topBar, bookingBar, shell]: Awaited<ReturnType<typeof ownParts>>,
): BytesPageProps {
  const { content, headerImage, urgency, related } = live;
  const model = tourPageModel(tr, {
    ...(bookingBar ? { bookingBar } : {}),
    content,
    ...(headerImage ? { headerImage } : {}),
    ...(urgency ? { urgency } : {}),
    ...(related ? { relatedTours: related } : {}),
  });
  const { post, site, user } = tr;
  return {
    title: model.title,
    siteName: siteNameText(site),
    homeUrl: site.homeUrl,
    siteUrl: site.siteUrl,
    content: tourPageHtml(model),
    ...(topBar ? { topBar } : {}),
    bodyClass: `single single-tour postid-${post.id} tourmaster-template-tour${user ? ' logged-in' : ''}`,
    robots: 'max-image-preview:large',
    description: excerptOf(post.excerpt, post.content),
    canonical: tr.permalink,
    showTitle: false,
    shell,
  };
}

/**
 * TourPage rendered once per model: the model is everything the component shows (plain data and the
 * parts already rendered for this request, read from the database on every request), so its JSON is
 * the key, and a new seat count, review, price or edit makes a new one. The booking bar is the one
 * part rendered anew for each request (its view count, the guest's login form): the body is kept
 * with a mark where the bar goes and split there, so the bar is neither copied into every key nor a
 * reason to render the body again, and the page's bytes are the kept parts around this request's
 * bar (layout.tsx `renderPageBytes`). React rendering the whole document was the largest part of
 * serving the page.
 */
const tourPages = new RenderCache<readonly SafeHtml[]>(100);

/** Where the booking bar goes in a kept body (no markup React writes contains a NUL). */
const BAR_MARK = raw('\u0000dropin-booking-bar\u0000');

function tourPageHtml(model: TourPageModel): readonly SafeHtml[] {
  const { bookingBar } = model;
  const kept = bookingBar ? { ...model, bookingBar: BAR_MARK } : model;
  const parts = tourPages.get(renderKey(kept), () =>
    renderToStaticMarkup(createElement(TourPage, { model: kept }))
      .split(BAR_MARK.value)
      .map((part) => raw(part)),
  );
  if (!bookingBar) return parts;
  return parts.flatMap((part, i) => (i === 0 ? [part] : [bookingBar, part]));
}

/** The booking the payment page's "edit" link carries back (`tour_temp`), when the post could be read. */
async function carriedBooking(req: Request, ctx: PageContext): Promise<TourTemp | undefined> {
  try {
    const body = await readFormBody(req, ctx.deps);
    return readTourTemp(body.fields.tour_temp);
  } catch (err) {
    if (!(err instanceof BodyError)) throw err;
    ctx.log.info({ err: err.message }, 'tour page form body refused');
    return undefined;
  }
}

/**
 * The view counter (engagement.md §7): one atomic increment per browser and day, remembered by the
 * `tourmaster-tour-{id}` cookie. Returns the views to show, and whether this view was counted.
 */
async function countViewOnce(tr: TourRequest, res: Response): Promise<{ views: number; counted: boolean }> {
  const views = Math.max(0, Number.parseInt(tr.single(VIEW_COUNT_META), 10) || 0);
  const viewCookie = `tourmaster-tour-${tr.post.id}`;
  if (tr.ctx.cookie(viewCookie) !== undefined || tr.req.method === 'HEAD') return { views, counted: false };
  await countView(tr.ctx, tr.post.id);
  const expires = new Date(tr.ctx.now.getTime() + 86_400_000);
  // PHP setcookie without a path: the browser scopes it to this page's path.
  res.append('Set-Cookie', `${viewCookie}=1; expires=${expires.toUTCString()}; Max-Age=86400`);
  return { views: views + 1, counted: true };
}

/** The page's model: title, rating, structured data, information, and the parts loaded for it. */
function tourPageModel(
  tr: TourRequest,
  parts: Pick<TourPageModel, 'bookingBar' | 'content' | 'headerImage' | 'urgency' | 'relatedTours'>,
): TourPageModel {
  const { post, site } = tr;
  const ratingMeta = tr.rows.meta.get('tourmaster-tour-rating');
  const rating = ratingMeta === undefined ? undefined : readTourRating(unserializeCached(ratingMeta));
  const reviews = reviewSection(tr);
  const review = rating?.reviewer ? newestReview(tr) : undefined;
  const title = textOf(post.title);
  return {
    tourId: post.id,
    title: title.text,
    jsonLd: tourJsonLd({
      id: post.id,
      name: title.html,
      brand: site.name,
      url: tr.permalink,
      description: excerptOf(post.excerpt, post.content),
      price: tr.single('tourmaster-tour-price'),
      priceValidUntil: `${Number(tr.nowLocal.slice(0, 4)) + 1}-01-01`,
      ...(rating ? { rating } : {}),
      ...(review ? { review } : {}),
    }),
    rating:
      rating === undefined
        ? { kind: 'none' }
        : rating.reviewer
          ? { kind: 'stars', icons: starIcons(rating.score / rating.reviewer), reviewer: rating.reviewer }
          : { kind: 'empty' },
    info: tourInfoItems(tr.tour.option),
    ...parts,
    ...(reviews ? { reviews } : {}),
  };
}

/** The content, its `[gallery]` shortcodes printed with the attachments they name (one query, only then). */
async function contentWithGalleries(tr: TourRequest) {
  const content = tourContent(tr.post.content);
  const shortcodes = galleryShortcodes(tr.post.content);
  if (shortcodes.length === 0) return content;
  const images = await attachments(
    { wp: tr.ctx.catalogue },
    shortcodes.flatMap((g) => g.ids),
    tr.site.siteUrl,
  );
  const byId = new Map(images.map((a) => [a.id, a]));
  return withGalleries(
    content,
    shortcodes.map((g, i) => galleryHtml(i, tr.tour.id, g, byId)),
  );
}

/** The featured image (`_thumbnail_id`), the header's background, when the tour has one. */
async function featuredImage(tr: TourRequest): Promise<string | undefined> {
  const id = Number.parseInt(tr.single('_thumbnail_id'), 10);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [image] = await attachments({ wp: tr.ctx.catalogue }, [id], tr.site.siteUrl);
  return image?.url;
}

/** `get_the_excerpt()`: the excerpt, else the first 55 words of the content's text. */
export function excerptOf(excerpt: string, content: string): string {
  if (excerpt.trim() !== '') return excerpt.trim();
  const text = content
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const words = text.split(' ').filter(Boolean);
  return words.length > 55 ? `${words.slice(0, 55).join(' ')} […]` : text;
}
