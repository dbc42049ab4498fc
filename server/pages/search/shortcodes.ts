import type { Request } from 'express';
import type { AppDeps } from '../../http/deps';
import { isEmpty, phpInt, str } from '../../php/coerce';
import { parsePhpQuery } from '../../php/form-body';
import type { RequestContext } from '../../services/context';
import { filtererTermsFrom } from '../../services/listing/filterer-terms';
import { loadShortcodeSite, publishedPageUrl } from '../../services/listing/shortcode-site';
import { renderTourListPage } from '../../services/listing/tour-list-page';
import { deriveElementKeys, shortcodeListSettings } from '../../tourmaster/listing/element';
import { listQueryOf } from '../../tourmaster/listing/query';
import { searchPaged } from '../../tourmaster/listing/search-page';
import { strings, text } from '../../tourmaster/listing/settings';
import { html, type SafeHtml } from '../../views/html';
import { tourListElementHtml } from '../../views/tour-list/element';
import { searchFormHtml } from '../../views/tour-list/search-form';
import type { Site } from '../../wp/site';
import type { TourTerm } from '../../wp/term-list';
import type { ShortcodeCall } from '../blog/content';
import { type FormSource, formBase, formTaxonomies } from './form';
import { originOf } from './listing-request';

/**
 * The plugin's shortcodes in a post's or page's content (the blog route's renderer hook,
 * pages/blog/content.ts): `[tourmaster_tour …]` as the tour list element (listing.md §2.1) with the
 * filterer, order filterer and pagination its attributes ask for, and `[tourmaster_tour_search …]`
 * as the search form (§1.4). Reads the plugin's options (one query) and the tour terms (one), then
 * two per list (its page of tours, their metas).
 */
export interface ShortcodeContext {
  deps: AppDeps;
  /** The lists are catalogue reads (a replica may answer). */
  ctx: Pick<RequestContext, 'catalogue'>;
  req: Request;
  site: Site;
}

const CSS_LENGTH = /^-?\d{1,4}(\.\d{1,3})?(px|em|rem|%)?$/;
const COLOR = /^#[0-9a-fA-F]{3,8}$/;
const TOKEN = /^[A-Za-z0-9_-]{1,60}$/;

export async function renderPluginShortcodes(
  sc: ShortcodeContext,
  calls: readonly ShortcodeCall[],
): Promise<SafeHtml[]> {
  if (calls.length === 0) return [];
  const { deps, req, site } = sc;
  const { general, custom, terms, dateFormat } = await loadShortcodeSite({ wp: sc.ctx.catalogue });
  const customSlugs = custom.map((c) => c.slug);
  const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
  const params = parsePhpQuery(query);
  const listOptions = { general, customTaxonomies: customSlugs };
  const ajaxUrl = `${site.siteUrl}/wp-admin/admin-ajax.php`;
  const form: FormSource = {
    general,
    custom,
    site,
    dateFormat,
    ctx: { now: deps.clock() },
  };
  const searchCalls = calls.some((c) => c.name === 'tourmaster_tour_search');
  const actionUrl = searchCalls ? await shortcodeActionUrl(sc, general) : '';

  const out: SafeHtml[] = [];
  for (const call of calls) {
    if (call.name === 'tourmaster_tour') {
      out.push(await tourShortcode(sc, call, { listOptions, terms, params, ajaxUrl, customSlugs }));
    } else {
      out.push(searchShortcode(form, call, terms, actionUrl));
    }
  }
  return out;
}

async function tourShortcode(
  sc: ShortcodeContext,
  call: ShortcodeCall,
  known: {
    listOptions: { general: Record<string, unknown>; customTaxonomies: string[] };
    terms: readonly TourTerm[];
    params: Record<string, unknown>;
    ajaxUrl: string;
    customSlugs: string[];
  },
): Promise<SafeHtml> {
  const settings = shortcodeListSettings(call.attrs, known.customSlugs);
  deriveElementKeys(settings);
  // `get_tour_query`: the page the URL asks for when the list pages, else 1 (written back into the settings).
  if (!settings.has('paged')) {
    settings.set('paged', text(settings, 'pagination') === 'none' ? 1 : searchPaged(known.params, undefined));
  }
  const page = await renderTourListPage(sc.ctx.catalogue, settings, known.listOptions, sc.site, {
    query: listQueryOf(settings, known.customSlugs),
    terms: known.terms,
  });
  const categoryValue = settings.get('category');
  const categories = Array.isArray(categoryValue)
    ? strings(settings, 'category')
    : text(settings, 'category')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  const filterer = filtererTermsFrom(known.terms, categories);
  // Link pagination on a page: `?page=N` on the page's URL, the rest of its query kept.
  const base = new URL(sc.req.originalUrl, originOf(sc.site.homeUrl) || 'http://localhost');
  base.searchParams.delete('page');
  base.searchParams.delete('paged');
  const pageUrl = (n: number) => {
    const url = new URL(base);
    if (n > 1) url.searchParams.set('page', String(n));
    return url.toString();
  };
  const element = tourListElementHtml({
    settings,
    page,
    ajaxUrl: known.ajaxUrl,
    filterer: { terms: filterer.terms, ...(filterer.current ? { current: filterer.current } : {}) },
    pageUrl,
  });
  return html`<div class="tourmaster-tour-shortcode clearfix tourmaster-item-rvpdlr" >${element}</div>`;
}

/** `[tourmaster_tour_search …]`: the search form with the attributes the element takes, each checked. */
function searchShortcode(lr: FormSource, call: ShortcodeCall, terms: readonly TourTerm[], actionUrl: string): SafeHtml {
  const a = (name: string) => call.attrs.get(name) ?? '';
  const list = (name: string) =>
    a(name)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const oneOf = (name: string, values: readonly string[], fallback: string) =>
    values.includes(a(name)) ? a(name) : fallback;
  const checked = (name: string, re: RegExp) => (re.test(a(name)) ? a(name) : undefined);
  const base = formBase(lr, {}, terms, actionUrl);
  const all = [{ slug: 'tour_category', label: 'Tour Category', terms: base.categories }, ...formTaxonomies(lr, terms)];
  const paddingBottom = checked('padding-bottom', CSS_LENGTH);
  const space = checked('space-between-input', CSS_LENGTH);
  const frameBackground = checked('frame-background-color', COLOR);
  const id = checked('id', TOKEN);
  const title = a('title');
  const form = searchFormHtml({
    ...base,
    fields: list('fields'),
    style: oneOf('style', ['column', 'column-full-background', 'half', 'full'], 'column'),
    itemStyle: oneOf('item-style', ['style-1', 'style-2'], 'style-1'),
    inputBoxStyle: checked('input-box-style', TOKEN) ?? 'default',
    inputSize: oneOf('input-size', ['small', 'medium', 'large'], 'medium'),
    withFrame: oneOf('with-frame', ['enable', 'disable', 'image'], 'enable'),
    noPdlr: false,
    enableRatingField: a('enable-rating-field') === 'enable',
    filters: list('filters').flatMap((slug) => all.filter((t) => t.slug === slug)),
    filterState: a('filter-state') === 'enable',
    ...(paddingBottom ? { paddingBottom } : {}),
    ...(space ? { spaceBetweenInput: space } : {}),
    ...(frameBackground ? { frameBackground } : {}),
    ...(id ? { id } : {}),
    ...(title ? { title } : {}),
  });
  return html`<div class="tourmaster-tour-search-shortcode clearfix tourmaster-item-rvpdlr" >${form}</div>`;
}

/** The form's action: the search page's permalink, the home URL without one, '' for an unpublished page. */
async function shortcodeActionUrl(sc: ShortcodeContext, general: Readonly<Record<string, unknown>>): Promise<string> {
  const value = general['search-page'];
  if (isEmpty(value)) return `${sc.site.homeUrl}/`;
  return publishedPageUrl(sc.deps, sc.site.homeUrl, phpInt(str(value)));
}
