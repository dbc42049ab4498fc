import type { Request, Response } from 'express';
import type { AppDeps } from '../../http/deps';
import { type PageContext, pageContext } from '../../http/page-context';
import { isSet, phpInt, str } from '../../php/coerce';
import {
  type ListingPageRows,
  type ListingSite,
  readListingSite,
  withTermsOf,
} from '../../services/listing/listing-site';
import { buildShell } from '../../services/site/shell';
import type { TourListOptions } from '../../tourmaster/listing/page';
import type { SafeHtml } from '../../views/html';
import type { ShellData } from '../../views/page-shell';
import { pagePath } from '../../wp/menus';
import { unserializeCached } from '../../wp/parse-cache';
import { originFromHost, type Site, siteFromOptions } from '../../wp/site';
import type { TourTerm } from '../../wp/term-list';
import type { CurrentUser } from '../../wp/user';
import { siteNameText } from '../account/site';
import { documentTitle } from '../document-title';
import { renderPage, sendPage } from '../layout';
import { tourTopBar } from '../tour/top-bar';

/**
 * One request for a tour listing page (the search page, a tour taxonomy archive): the listing site
 * (the site's options, pages and tour terms, services/listing/listing-site.ts), the site's URLs for this request,
 * the visitor, and the page shell around the plugin's markup.
 */
export interface ListingRequest {
  req: Request;
  res: Response;
  deps: AppDeps;
  ctx: PageContext;
  /** The site's options, pages and terms and what is derived from them (services/listing/listing-site.ts). */
  listing: ListingSite;
  rows: ListingPageRows;
  site: Site;
  user: CurrentUser | null;
  /** `tourmaster_general`. */
  general: Readonly<Record<string, unknown>>;
  /** The custom tour taxonomies (`tourmaster_custom_tour_taxs`), with their labels. */
  custom: readonly { slug: string; label: string }[];
  /** What the tour list code reads (data/tour-list.ts `TourListOptions`). */
  listOptions: TourListOptions;
  ajaxUrl: string;
  /** WordPress `date_format`. */
  dateFormat: string;
  /** `permalink_structure` is set (pretty URLs: `/page/N/`, taxonomy archives). */
  pretty: boolean;
}

/** The terms of `taxonomies`: those read with the options, and any other in one more query. */
export async function termsFor(lr: ListingRequest, taxonomies: readonly string[]): Promise<readonly TourTerm[]> {
  return withTermsOf({ wp: lr.ctx.catalogue }, lr.rows.terms, taxonomies);
}

/** Builds the request's context from the listing site (`readListingSite` when not given). */
export async function listingRequest(
  req: Request,
  res: Response,
  deps: AppDeps,
  known?: ListingSite,
): Promise<ListingRequest> {
  const listing = known ?? (await readListingSite(deps));
  const ctx = pageContext(req, deps);
  const origin = deps.config.siteUrlFollowsRequest ? originFromHost(req.get('host'), ctx.https) : undefined;
  const site = siteFromOptions(listing.rows.options, origin);
  // The visitor's context reuses the site just built: no query of its own.
  ctx.site = () => Promise.resolve(site);
  return {
    req,
    res,
    deps,
    ctx,
    listing,
    rows: listing.rows,
    site,
    user: await ctx.user(),
    general: listing.general,
    custom: listing.custom,
    listOptions: listing.listOptions,
    ajaxUrl: `${site.siteUrl}/wp-admin/admin-ajax.php`,
    dateFormat: listing.dateFormat,
    pretty: listing.pretty,
  };
}

/** The published page an option of `tourmaster_general` names (`search-page`), with its path. */
export function pluginPage(
  lr: Pick<ListingRequest, 'general'> & { rows: Pick<ListingPageRows, 'pages'> },
  key: string,
) {
  const value = lr.general[key];
  if (!isSet(value)) return undefined;
  const id = phpInt(str(value));
  const page = lr.rows.pages.find((p) => p.id === id);
  const path = page ? pagePath(lr.rows.pages, id) : undefined;
  return page && path ? { page, path } : undefined;
}

/** The option text parsed (cached by text: an edit in the admin is a new text). */
export function optionValue(lr: Pick<ListingRequest, 'rows'>, name: string): unknown {
  const text = lr.rows.options.get(name);
  return text === undefined ? undefined : unserializeCached(text);
}

/** Sends the plugin's markup in our shell: top bar (the visitor's), menu, title bar, footer. */
export async function sendListingPage(
  lr: ListingRequest,
  page: {
    title: string;
    /** The title bar's caption above the title (the archives' "Category" / "Tag"). */
    titleCaption?: string;
    bodyClass: string;
    content: SafeHtml;
    canonical?: string;
    status?: number;
    /** The list's page: from 2 on, the document title says "Page N" as wp_get_document_title does. */
    paged?: number;
  },
): Promise<void> {
  const current = `${originOf(lr.site.homeUrl)}${lr.req.originalUrl}`;
  const [topBar, shell] = await Promise.all([
    tourTopBar({ ...lr, permalink: page.canonical ?? current }),
    listingShell(lr),
  ]);
  const document = renderPage({
    title: page.title,
    ...(page.titleCaption ? { titleCaption: page.titleCaption } : {}),
    siteName: siteNameText(lr.site),
    homeUrl: lr.site.homeUrl,
    siteUrl: lr.site.siteUrl,
    content: page.content,
    ...(topBar ? { topBar } : {}),
    bodyClass: `${page.bodyClass}${lr.user ? ' logged-in' : ''}`,
    robots: 'max-image-preview:large',
    ...(page.canonical ? { canonical: page.canonical } : {}),
    ...(page.paged && page.paged > 1
      ? { documentTitle: documentTitle(lr.site, page.title, { paged: page.paged }) }
      : {}),
    shell,
  });
  sendPage(lr.res, document, { status: page.status ?? 200, cache: lr.user ? 'private' : 'public' });
}

/**
 * The header's menu and the footer's links are built from the listing site's options and pages (and
 * the assigned menu, one query): once per listing site and home URL, as long as it is kept.
 */
const shells = new WeakMap<ListingSite, Map<string, Promise<ShellData>>>();

function listingShell(lr: ListingRequest): Promise<ShellData> {
  let byHome = shells.get(lr.listing);
  if (!byHome) {
    byHome = new Map();
    shells.set(lr.listing, byHome);
  }
  const homeUrl = lr.site.homeUrl;
  let shell = byHome.get(homeUrl);
  if (!shell) {
    const { options, pages, months, categories } = lr.rows;
    // The footer's rows came with the listing's statement: building the shell reads nothing more.
    const built = buildShell(lr.deps, { options, pages, homeUrl, footer: { options, months, categories } });
    // A failed read is not kept: the next request tries again.
    built.catch(() => byHome.delete(homeUrl));
    shell = built;
    // The embedded default's URLs follow the Host header: keep a few, not one per name sent.
    if (byHome.size >= 20) byHome.clear();
    byHome.set(homeUrl, shell);
  }
  return shell;
}

/** `scheme://host[:port]` of a URL ('' when it has none). */
export function originOf(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
}
