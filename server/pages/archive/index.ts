import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../../http/deps';
import { isEmpty, phpInt, str } from '../../php/coerce';
import { renderTourListPage } from '../../services/listing/tour-list-page';
import { deriveElementKeys } from '../../tourmaster/listing/element';
import type { TourListQuery } from '../../tourmaster/listing/query';
import { type ListSettings, MAX_PAGED, parseSettingValue, type SettingValue } from '../../tourmaster/listing/settings';
import type { SafeHtml } from '../../views/html';
import { taxonomyArchiveHtml } from '../../views/tour-list/archive';
import { tourListElementHtml } from '../../views/tour-list/element';
import { pagedUrl } from '../../views/tour-list/pagination';
import { searchFormHtml } from '../../views/tour-list/search-form';
import { foldKey } from '../../wp/fold-key';
import type { TourTerm } from '../../wp/term-list';
import { decodeEntities } from '../../wp/text';
import { cannotBeSpecialPage } from '../account/site';
import { sendNotFound } from '../not-found';
import { fieldTaxonomies, filterBoxForm, formBase, searchActionUrl, setting, settingList } from '../search/form';
import { type ListingRequest, listingRequest, sendListingPage, termsFor } from '../search/listing-request';

/**
 * The tour taxonomy archives (listing.md §5): `/tour-category/{slug}/`, `/tour-tag/{slug}/` and
 * `/{custom taxonomy}/{slug}/` with `/page/N/`, under pretty permalinks. WordPress's main query for
 * the term (its child terms included, `posts_per_page` a page, newest first) as the tour list with
 * the `search-page-*` display options and link pagination, the term's description, and the sidebars
 * of option `search-sidebar` (the search form when `archive-search-sidebar` is on; widgets are not
 * printed). An unknown term, or a page past the last, is the 404 page.
 */

/** The rewrite slugs of the plugin's two taxonomies. */
const BUILTIN: Readonly<Record<string, { taxonomy: string; label: string }>> = {
  'tour-category': { taxonomy: 'tour_category', label: 'Category' },
  'tour-tag': { taxonomy: 'tour_tag', label: 'Tag' },
};

const ARCHIVE_PATH = /^\/([a-z0-9_-]+)\/([^/]+)(?:\/page\/([^/]*))?(\/?)$/;

export interface ArchivePath {
  taxonomy: string;
  label: string;
  slug: string;
  /** The `/page/N/` segment as written; undefined for the first page. */
  page: string | undefined;
  trailingSlash: boolean;
}

function archivePath(path: string, taxonomyOf: (base: string) => { taxonomy: string; label: string } | undefined) {
  const m = ARCHIVE_PATH.exec(path);
  if (!m) return undefined;
  const tax = taxonomyOf(m[1]!);
  if (!tax) return undefined;
  return { ...tax, slug: m[2]!, page: m[3], trailingSlash: m[4] === '/' } satisfies ArchivePath;
}

/** Before the blog route: the two built-in taxonomies' archives (recognised by their path alone). */
export function tourArchives(deps: AppDeps): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || cannotBeSpecialPage(req)) return next();
    const path = archivePath(req.path.toLowerCase(), (base) => BUILTIN[base]);
    if (!path) return next();
    try {
      const lr = await listingRequest(req, res, deps);
      if (!lr.pretty) return next();
      await sendTaxonomyArchive(lr, path);
    } catch (err) {
      next(err);
    }
  };
}

/** A custom tour taxonomy's archive path (`/tour-activity/hiking/`), from options already read. */
export function taxonomyArchivePath(lr: ListingRequest, path: string): ArchivePath | undefined {
  if (!lr.pretty) return undefined;
  return archivePath(path, (base) => {
    const custom = lr.custom.find((c) => c.slug === base);
    return custom ? { taxonomy: custom.slug, label: custom.label } : undefined;
  });
}

/** `tourmaster_get_option` as a list setting's value, held to the posted settings' rules. */
function archiveSettings(lr: ListingRequest, page: number): ListSettings {
  const custom = lr.custom.map((c) => c.slug);
  const get = (key: string, optionKey: string, fallback: SettingValue): SettingValue => {
    const value = lr.general[optionKey];
    const given = isEmpty(value) ? fallback : Array.isArray(value) ? value.map((v) => str(v)) : str(value);
    return parseSettingValue(key, given, custom) ?? fallback;
  };
  const gridStyle = get('grid-style', 'search-page-tour-grid-style', 'style-1');
  const settings: ListSettings = new Map<string, SettingValue>([
    ['pagination', 'page'],
    ['tour-style', get('tour-style', 'search-page-tour-style', 'full')],
    ['grid-style', gridStyle],
    ['column-size', get('column-size', 'search-page-column-size', '20')],
    ['thumbnail-size', get('thumbnail-size', 'search-page-thumbnail-size', 'full')],
    ['tour-info', get('tour-info', 'search-page-tour-info', [])],
    ['excerpt', get('excerpt', 'search-page-excerpt', 'specify-number')],
    ['excerpt-number', get('excerpt-number', 'search-page-excerpt-number', '55')],
    ['tour-rating', get('tour-rating', 'search-page-tour-rating', 'enable')],
    [
      'tour-border-radius',
      gridStyle === 'style-2' ? '3px' : get('tour-border-radius', 'search-page-tour-frame-border-radius', ''),
    ],
    ['custom-pagination', true],
    ['frame-shadow-color', get('frame-shadow-color', 'search-page-tour-frame-shadow-color', '')],
    ['frame-shadow-opacity', get('frame-shadow-opacity', 'search-page-tour-frame-shadow-opacity', '')],
    ['tour-title-font-size', get('tour-title-font-size', 'search-page-tour-title-font-size', '')],
    ['tour-title-font-weight', get('tour-title-font-weight', 'search-page-tour-title-font-weight', '')],
    ['tour-title-letter-spacing', get('tour-title-letter-spacing', 'search-page-tour-title-letter-spacing', '')],
    ['tour-title-text-transform', get('tour-title-text-transform', 'search-page-tour-title-text-transform', '')],
    ['paged', page],
  ]);
  deriveElementKeys(settings);
  return settings;
}

/** The term the path names: its slug as stored (WordPress stores non-ASCII slugs percent-encoded), folded. */
function findTerm(terms: readonly TourTerm[], taxonomy: string, slug: string): TourTerm | undefined {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {}
  const keys = new Set([foldKey(slug), foldKey(decoded)]);
  return terms.find(
    (t) => t.taxonomy === taxonomy && (keys.has(foldKey(t.slug)) || keys.has(foldKey(safeDecode(t.slug)))),
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The archive's page; `redirect_canonical`'s 301 to its canonical path; or the 404 page. */
export async function sendTaxonomyArchive(lr: ListingRequest, path: ArchivePath): Promise<void> {
  const { req, res, deps } = lr;
  const base = `/${req.path.toLowerCase().split('/')[1]}/${path.slug}/`;
  const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
  const redirect = (to: string) => {
    res
      .status(301)
      .set({ 'X-Redirect-By': 'WordPress', Location: `${lr.site.homeUrl}${to}${query}` })
      .end();
  };
  const page = path.page === undefined ? 1 : pageNumber(path.page);
  if (page === undefined) return sendNotFound(req, res, deps, lr.ctx);
  // `redirect_canonical`: `/page/1/` (and `/page/0/`) is the archive itself.
  if (path.page !== undefined && page <= 1) return redirect(base);
  if (!path.trailingSlash) return redirect(page > 1 ? `${base}page/${page}/` : base);

  const sidebar = archiveSidebar(lr);
  const terms = await termsFor(lr, [path.taxonomy, ...(sidebar.search ? searchFormTaxonomies(lr) : [])]);
  const term = findTerm(terms, path.taxonomy, path.slug);
  if (!term || page > MAX_PAGED) return sendNotFound(req, res, deps, lr.ctx);

  const settings = archiveSettings(lr, page);
  const list = await renderTourListPage(lr.ctx.catalogue, settings, lr.listOptions, lr.site, {
    query: archiveQuery(lr, path.taxonomy, term, page),
    terms,
  });
  if (page > 1 && page > list.maxPages) return sendNotFound(req, res, deps, lr.ctx);

  const pageUrl = (n: number) => pagedUrl(`${lr.site.homeUrl}${base}${query}`, n, true);
  const content = taxonomyArchiveHtml({
    style: setting(lr, 'search-page-style', 'style-1'),
    sidebar: sidebar.side,
    description:
      setting(lr, 'archive-description', 'enable') === 'enable' && term.description.trim() !== ''
        ? term.description
        : undefined,
    list: tourListElementHtml({ settings, page: list, ajaxUrl: lr.ajaxUrl, pageUrl }),
    searchForm: sidebar.search ? sidebarSearchForm(lr, terms) : undefined,
  });
  await sendListingPage(lr, {
    title: decodeEntities(term.name),
    ...archiveCaption(path.taxonomy),
    bodyClass: archiveBodyClass(path.taxonomy, term, page),
    content,
    canonical: `${lr.site.homeUrl}${page > 1 ? `${base}page/${page}/` : base}`,
    paged: page,
  });
}

/**
 * The theme's caption above the term's name in the title bar: "Category" on a `tour_category`
 * archive, "Tag" on a `tour_tag` one; none on a custom tour taxonomy's (its title bar has the name only).
 */
function archiveCaption(taxonomy: string): { titleCaption?: string } {
  if (taxonomy === 'tour_category') return { titleCaption: 'Category' };
  if (taxonomy === 'tour_tag') return { titleCaption: 'Tag' };
  return {};
}

/** The `/page/N/` segment's number; undefined when it is not one. */
function pageNumber(segment: string): number | undefined {
  return /^\d{1,9}$/.test(segment) ? Number(segment) : undefined;
}

/** Option `search-sidebar`'s side (`none` when unknown), and whether it holds the search form. */
function archiveSidebar(lr: ListingRequest): { side: string; search: boolean } {
  const side = ['left', 'right', 'both'].includes(setting(lr, 'search-sidebar', 'none'))
    ? setting(lr, 'search-sidebar', 'none')
    : 'none';
  return { side, search: side !== 'none' && setting(lr, 'archive-search-sidebar', 'disable') !== 'disable' };
}

/** The taxonomies whose terms the sidebar's search form lists. */
function searchFormTaxonomies(lr: ListingRequest): string[] {
  const taxonomies = ['tour_category', 'tour_tag', ...lr.custom.map((c) => c.slug)];
  const formFields = settingList(lr, 'tour-search-fields');
  return [...fieldTaxonomies(formFields, taxonomies), ...settingList(lr, 'tour-search-filters')];
}

/** WordPress's main query for the term: its child terms included, newest first, `posts_per_page` a page. */
function archiveQuery(lr: ListingRequest, taxonomy: string, term: TourTerm, page: number): TourListQuery {
  const perPage = phpInt(lr.rows.options.get('posts_per_page') ?? '10');
  return {
    keywords: '',
    tax: { relation: 'AND', clauses: [{ taxonomy, terms: term.slug }] },
    meta: [],
    orderby: 'date',
    order: 'desc',
    // WordPress's -1 is every post: here at most 100 a page.
    perPage: perPage > 0 ? Math.min(perPage, 100) : 100,
    page,
  };
}

function sidebarSearchForm(lr: ListingRequest, terms: readonly TourTerm[]): SafeHtml {
  return searchFormHtml({
    ...filterBoxForm(
      lr,
      formBase(lr, {}, terms, searchActionUrl(lr)),
      terms,
      setting(lr, 'search-page-style', 'style-1'),
    ),
    noPdlr: true,
  });
}

/** `body_class()` on a term archive. */
function archiveBodyClass(taxonomy: string, term: TourTerm, page: number): string {
  const termClass = term.slug.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, '').replace(/[^A-Za-z0-9_-]/g, '');
  return [
    'archive',
    `tax-${taxonomy}`,
    termClass && !/^\d+$/.test(termClass) ? `term-${termClass}` : '',
    `term-${term.termId}`,
    page > 1 ? `paged paged-${page}` : '',
    'tourmaster-template-archive',
  ]
    .filter(Boolean)
    .join(' ');
}
