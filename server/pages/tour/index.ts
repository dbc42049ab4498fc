import type { NextFunction, Request, Response } from 'express';
import { createElement } from 'react';
import type { AppDeps } from '../../http/deps';
import { readFormBody } from '../../http/form-body';
import { BodyError } from '../../http/multipart';
import { pageContext } from '../../http/page-context';
import { attachments } from '../../services/site/attachments';
import { buildShell } from '../../services/site/shell';
import { loadTourPage } from '../../services/tour-page/load-tour-page';
import { countView } from '../../services/tour-page/visits';
import { readTourRating, starIcons } from '../../tourmaster/reviews';
import { VIEW_COUNT_META } from '../../tourmaster/tour-option';
import { TourPage, type TourPageModel } from '../../views/tour/TourPage';
import { unserializeCached } from '../../wp/parse-cache';
import { originFromHost } from '../../wp/site';
import { siteLocalTime } from '../../wp/site-time';
import { siteNameText } from '../account/site';
import { renderPage, sendPage } from '../layout';
import { sendNotFound } from '../not-found';
import { bookingBarFor } from './booking';
import { readTourTemp, type TourTemp } from './carry-over';
import { tourContent, withGalleries } from './content';
import { galleryHtml, galleryShortcodes } from './gallery';
import { tourInfoItems } from './info';
import { tourJsonLd } from './json-ld';
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
      const ctx = pageContext(req, deps);
      let temp: TourTemp | undefined;
      if (req.method === 'POST') {
        try {
          const body = await readFormBody(req, deps);
          temp = readTourTemp(body.fields.tour_temp);
        } catch (err) {
          if (!(err instanceof BodyError)) throw err;
          ctx.log.info({ err: err.message }, 'tour page form body refused');
        }
      }
      const slug = match[1]!.toLowerCase();
      // The site from the options just read: no query of its own (the visitor's context reuses it).
      const origin = deps.config.siteUrlFollowsRequest ? originFromHost(req.get('host'), ctx.https) : undefined;
      const { site, page } = await loadTourPage(ctx, slug, origin);
      ctx.site = () => Promise.resolve(site);
      const user = await ctx.user();
      if (!page) return await sendNotFound(req, res, deps, ctx);
      const { rows, post, tour, settings, single } = page;
      const options = rows.options;
      const general = settings.general;
      const permalink = `${site.homeUrl}/tour/${slug}/`;
      const tr: TourRequest = {
        req,
        ctx,
        site,
        user,
        tour,
        post,
        rows,
        general,
        settings,
        single,
        permalink,
        ajaxUrl: `${site.siteUrl}/wp-admin/admin-ajax.php`,
        nowLocal: siteLocalTime(ctx.now, settings),
        dateFormat: options.get('date_format') || 'F j, Y',
      };

      // The view counter: one atomic increment per browser and day (engagement.md §7).
      let views = Math.max(0, Number.parseInt(single(VIEW_COUNT_META), 10) || 0);
      const viewCookie = `tourmaster-tour-${post.id}`;
      if (ctx.cookie(viewCookie) === undefined && req.method !== 'HEAD') {
        await countView(ctx, post.id);
        views += 1;
        const expires = new Date(ctx.now.getTime() + 86_400_000);
        // PHP setcookie without a path: the browser scopes it to this page's path.
        res.append('Set-Cookie', `${viewCookie}=1; expires=${expires.toUTCString()}; Max-Age=86400`);
      }

      const ratingMeta = rows.meta.get('tourmaster-tour-rating');
      const rating = ratingMeta === undefined ? undefined : readTourRating(unserializeCached(ratingMeta));
      const [topBar, bookingBar, shell, urgency, content, headerImage] = await Promise.all([
        tourTopBar(tr),
        bookingBarFor(tr, views, temp),
        buildShell(deps, { options, pages: rows.pages, homeUrl: site.homeUrl }),
        tourUrgency(tr),
        contentWithGalleries(tr),
        featuredImage(tr),
      ]);
      const reviews = reviewSection(tr);
      const review = rating?.reviewer ? newestReview(tr) : undefined;

      const title = textOf(post.title);
      const model: TourPageModel = {
        tourId: post.id,
        title: title.text,
        jsonLd: tourJsonLd({
          id: post.id,
          name: title.html,
          brand: site.name,
          url: permalink,
          description: excerptOf(post.excerpt, post.content),
          price: single('tourmaster-tour-price'),
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
        ...(bookingBar ? { bookingBar } : {}),
        info: tourInfoItems(tour.option),
        content,
        ...(headerImage ? { headerImage } : {}),
        ...(reviews ? { reviews } : {}),
        ...(urgency ? { urgency } : {}),
      };
      const document = renderPage({
        title: title.text,
        siteName: siteNameText(site),
        homeUrl: site.homeUrl,
        siteUrl: site.siteUrl,
        content: createElement(TourPage, { model }),
        ...(topBar ? { topBar } : {}),
        bodyClass: `single single-tour postid-${post.id} tourmaster-template-tour${user ? ' logged-in' : ''}`,
        robots: 'max-image-preview:large',
        description: excerptOf(post.excerpt, post.content),
        canonical: permalink,
        showTitle: false,
        shell,
      });
      sendPage(res, document, { cache: user ? 'private' : 'public' });
    } catch (err) {
      next(err);
    }
  };
}

/** The content, its `[gallery]` shortcodes printed with the attachments they name (one query, only then). */
async function contentWithGalleries(tr: TourRequest) {
  const content = tourContent(tr.post.content);
  const shortcodes = galleryShortcodes(tr.post.content);
  if (shortcodes.length === 0) return content;
  const images = await attachments(
    tr.ctx,
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
  const [image] = await attachments(tr.ctx, [id], tr.site.siteUrl);
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
