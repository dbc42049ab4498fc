import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../../http/deps';
import { catalogueReader } from '../../http/read-routing';
import { parsePhpQuery } from '../../php/form-body';
import { readSearchRows } from '../../services/listing/search-rows';
import { loadTourListPage } from '../../services/listing/tour-list-page';
import type { TourListPageWithMeta } from '../../tourmaster/listing/page';
import { searchPaged } from '../../tourmaster/listing/search-page';
import { type SearchPlan, searchPlan } from '../../tourmaster/listing/search-plan';
import { html, raw, type SafeHtml } from '../../views/html';
import { OwnedRenderCache } from '../../views/render-cache';
import { tourListElementHtml } from '../../views/tour-list/element';
import { searchFormHtml } from '../../views/tour-list/search-form';
import { type TourListPageData, tourListPageHtml } from '../../views/tour-list/section';
import { siteLocalTime } from '../../wp/site-time';
import type { TourTerm } from '../../wp/term-list';
import { cannotBeSpecialPage } from '../account/site';
import { sendTaxonomyArchive, taxonomyArchivePath } from '../archive';
import { textOf } from '../tour/request';
import { fieldTaxonomies, filterBoxForm, formBase, searchActionUrl, setting, settingList } from './form';
import { type ListingRequest, listingRequest, pluginPage, sendListingPage, termsFor } from './listing-request';

/**
 * The tour search page (listing.md §1): served for any front-end URL whose query has the key
 * `tour-search` (even empty), and for the page the plugin's `search-page` option names (at its
 * permalink, `/search-tours/` in the fixture, and its `/page/N/`). The GET parameters filter the
 * tours (§1.2, tourmaster/listing/search-query.ts); the page prints the search form (§1.4) echoing them, then
 * the results as the tour list element with the order filterer and ajax page numbers, whose
 * `data-settings` carry the search for the list actions (the ListSection island or the plugin's
 * script page and sort through them), or the "Not Found" box.
 *
 * Reads: the page of tours with its count and metas in one statement, which also reads the site's
 * options, pages and tour terms unless this process read them within `SITE_CACHE_MS`
 * (services/listing/listing-site.ts); the terms of a taxonomy those lack (one more), and the thumbnails when the
 * tours have any (one).
 */

/** First in the route list: any GET with `tour-search` in its query (a tour page's URL included). */
export function tourSearchQuery(deps: AppDeps): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const query = queryString(req);
    // A cheap look first: PHP decodes names too (`tour%2Dsearch=`), so the parse decides.
    if (!/tour(?:-|%2d)search/i.test(query) || cannotBeSpecialPage(req)) return next();
    const params = parsePhpQuery(query);
    if (!Object.hasOwn(params, 'tour-search')) return next();
    try {
      const catalogue = catalogueReader(req, deps, false);
      const { listing, list, plan } = await readSearchRows(deps, catalogue, params, pathPage(req.path));
      const lr = await listingRequest(req, res, deps, listing);
      lr.ctx.catalogue = catalogue;
      await sendSearchPage(lr, params, pathPage(req.path), undefined, list && plan ? { plan, page: list } : undefined);
    } catch (err) {
      next(err);
    }
  };
}

/**
 * After the blog route (which leaves the plugin's pages alone): the search page at its permalink
 * and the custom tour taxonomies' archives, which both need the site's options to be recognised.
 */
export function tourListingPages(deps: AppDeps): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || cannotBeSpecialPage(req)) return next();
    try {
      const lr = await listingRequest(req, res, deps);
      const search = pluginPage(lr, 'search-page');
      const path = req.path.toLowerCase();
      if (search && lr.pretty) {
        const paged = new RegExp(`^${escapeRegExp(search.path)}(?:page/(\\d+)/?|(\\d+)/?)?$`).exec(path);
        if (paged || path === search.path.replace(/\/$/, '')) {
          if (!path.endsWith('/')) return redirectWithSlash(req, res);
          const n = Number(paged?.[1] ?? paged?.[2] ?? 0);
          return await sendSearchPage(lr, parsePhpQuery(queryString(req)), n || undefined, search);
        }
      }
      const archive = taxonomyArchivePath(lr, path);
      if (archive) return await sendTaxonomyArchive(lr, archive);
      next();
    } catch (err) {
      next(err);
    }
  };
}

function queryString(req: Request): string {
  const at = req.originalUrl.indexOf('?');
  return at === -1 ? '' : req.originalUrl.slice(at + 1);
}

/** `…/page/N/` at the end of a path. */
function pathPage(path: string): number | undefined {
  const m = /\/page\/(\d{1,9})\/?$/.exec(path);
  return m ? Number(m[1]) : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** WordPress's canonical redirect adds the trailing slash (the query is kept). */
export function redirectWithSlash(req: Request, res: Response): void {
  res
    .status(301)
    .set({ 'X-Redirect-By': 'WordPress', Location: `${req.path}/${req.originalUrl.slice(req.path.length)}` })
    .end();
}

/**
 * The search page: the form, then the results (or "Not Found"). `early`: the page of tours already
 * read with the options (`tourSearchQuery`), used when the settings it was planned with are the
 * ones just read.
 */
export async function sendSearchPage(
  lr: ListingRequest,
  params: Record<string, unknown>,
  pathPaged: number | undefined,
  onPage?: ReturnType<typeof pluginPage>,
  early?: { plan: SearchPlan; page: TourListPageWithMeta },
): Promise<void> {
  const customSlugs = lr.custom.map((c) => c.slug);
  const taxonomies = ['tour_category', 'tour_tag', ...customSlugs];
  const plan =
    early && early.plan.general === lr.general && early.plan.customSlugs.join() === customSlugs.join()
      ? early.plan
      : searchPlan(lr.general, customSlugs, params, pathPaged);
  const { filters, settings } = plan;

  const searchStyle = setting(lr, 'search-page-style', 'style-1') === 'style-2' ? 'style-2' : 'style-1';
  const filterOn = setting(lr, 'enable-tour-search-filter', 'disable') !== 'disable';
  const formFields = settingList(lr, filterOn ? 'tour-search-fields' : 'search-not-found-fields');
  // One query for the terms every part needs: the form's selects, the type filter, the tax filter.
  const wanted = new Set<string>([
    ...filters.tax_query.clauses.map((c) => c.taxonomy),
    ...fieldTaxonomies(formFields, taxonomies),
    ...(filterOn ? settingList(lr, 'tour-search-filters').filter((t) => taxonomies.includes(t)) : []),
  ]);
  const terms = await termsFor(lr, [...wanted]);
  const data = await loadTourListPage(lr.ctx.catalogue, settings, lr.listOptions, lr.site, {
    query: plan.query,
    terms,
    ...(early && plan === early.plan ? { result: early.page } : {}),
  });

  // The content is a function of the listing site (the cache's owner) and of what the key holds:
  // the site's URLs for this request, this month (the form's month select), the request's search,
  // terms read besides the site's, and the page of tours with their metas and thumbnails.
  const key = JSON.stringify([
    lr.site.homeUrl,
    lr.site.siteUrl,
    siteLocalTime(lr.ctx.now, lr.site).slice(0, 7),
    params,
    pathPaged ?? null,
    onPage?.path ?? null,
    terms === lr.rows.terms ? null : terms,
    data.page.found,
    data.page.rows,
    [...data.page.metas].map(([id, meta]) => [id, [...meta]]),
    data.images,
  ]);
  const results = searchContents
    .for(lr.listing)
    .get(key, () => searchResultsHtml(lr, { params, plan, terms, data, filterOn, formFields, searchStyle }));
  const content = html`<div class="tourmaster-template-wrapper tourmaster-search-${searchStyle}" ><div class="tourmaster-container" ><div class=" tourmaster-sidebar-wrap clearfix tourmaster-sidebar-style-none" ><div class=" tourmaster-sidebar-center tourmaster-column-60" ><div class="tourmaster-page-content" >${results}</div></div></div></div></div>`;
  const searchPage = onPage ?? pluginPage(lr, 'search-page');
  // The plugin's class only: WordPress added the view's own (`home blog`, `page page-id-31`), which
  // our stylesheet reserves for the blog's pages.
  const bodyClass = 'tourmaster-template-search';
  await sendListingPage(lr, {
    title: searchPage ? textOf(searchPage.page.title).text : 'Tour Search',
    bodyClass,
    content,
    ...(onPage && !Object.hasOwn(params, 'tour-search') ? { canonical: `${lr.site.homeUrl}${onPage.path}` } : {}),
    paged: searchPaged(params, pathPaged),
  });
}

/** Search contents by listing site, then by the key of what else they show (`sendSearchPage`). */
const searchContents = new OwnedRenderCache<SafeHtml>(200);

/** The search form (the filter box) and the results or the "Not Found" box: reads nothing but its inputs. */
function searchResultsHtml(
  lr: ListingRequest,
  input: {
    params: Record<string, unknown>;
    plan: SearchPlan;
    terms: readonly TourTerm[];
    data: TourListPageData;
    filterOn: boolean;
    formFields: string[];
    searchStyle: 'style-1' | 'style-2';
  },
): SafeHtml {
  const { params, plan, terms, filterOn, formFields, searchStyle } = input;
  const { keywords, settings } = plan;
  const page = tourListPageHtml(input.data, settings, lr.listOptions, lr.site);
  const base = formBase(lr, { ...params, 'tour-search': keywords }, terms, searchActionUrl(lr));
  const head = Object.hasOwn(params, 'tour-search') ? { head: { found: page.found } } : {};
  const form = filterOn
    ? html`<div class="tourmaster-tour-search-item-wrap" >${filtersToggle(page.found === 0)}<div class="dropin-search-filters" id="dropin-search-filters" >${searchFormHtml(
        {
          ...filterBoxForm(lr, base, terms, searchStyle),
          noPdlr: false,
          ...head,
        },
      )}</div></div>`
    : raw('');

  let results: SafeHtml;
  if (page.found > 0) {
    results = html`<div class="tourmaster-tour-search-content-wrap" >${
      searchStyle === 'style-2' &&
      html`<h3 class="tourmaster-tour-search-content-head tourmaster-item-mglr" >${page.found} Results Found</h3>`
    }${tourListElementHtml({ settings, page, ajaxUrl: lr.ajaxUrl })}</div>`;
  } else {
    const fallbackForm =
      !filterOn &&
      searchFormHtml({
        ...base,
        fields: formFields,
        style: setting(lr, 'search-not-found-style', 'column'),
        withFrame: 'disable',
        paddingBottom: '0px',
        noPdlr: true,
        ...head,
      });
    results = html`<div class="tourmaster-single-search-not-found-wrap tourmaster-item-pdlr" ><div class="tourmaster-single-search-not-found-inner" ><div class="tourmaster-single-search-not-found" ><h3 class="tourmaster-single-search-not-found-title" >Not Found</h3><div class="tourmaster-single-search-not-found-caption" >Nothing matched your search criteria. Please try again with different keywords</div></div>${fallbackForm}</div></div>`;
  }
  return html`${form}${results}`;
}

/**
 * On phones the filter box folds behind this button so the results come first (issue 17; the
 * SearchFilters island and search.css). It shows only where scripts run, so without them the form
 * is simply there. Open from the start when the search found nothing: changing it is what comes next.
 */
function filtersToggle(open: boolean): SafeHtml {
  return html`<button type="button" class="dropin-search-filters-toggle" aria-controls="dropin-search-filters" aria-expanded="${open ? 'true' : 'false'}" >Filters</button>`;
}
