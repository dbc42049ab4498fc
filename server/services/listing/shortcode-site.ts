import { getOptions } from '../../data/options';
import { publishedPagePath } from '../../data/posts';
import { loadTourTerms } from '../../data/tour-list';
import { str } from '../../php/coerce';
import type { TourTerm } from '../../wp/term-list';
import type { RequestContext } from '../context';
import { customTaxonomiesFrom } from './listing-site';

/** What the plugin's shortcodes in a post read: its settings, the custom taxonomies and every tour term. */
export interface ShortcodeSite {
  /** `tourmaster_general`. */
  general: Readonly<Record<string, unknown>>;
  custom: { slug: string; label: string }[];
  terms: TourTerm[];
  /** WordPress `date_format`. */
  dateFormat: string;
}

/** The plugin's options (one query) and the terms of every tour taxonomy (one). */
export async function loadShortcodeSite(ctx: Pick<RequestContext, 'wp'>): Promise<ShortcodeSite> {
  const options = await getOptions(ctx.wp, ['tourmaster_general', 'tourmaster_custom_tour_taxs', 'date_format']);
  const generalValue = options.get('tourmaster_general');
  const general = (
    generalValue && typeof generalValue === 'object' && !Array.isArray(generalValue) ? generalValue : {}
  ) as Record<string, unknown>;
  const custom = customTaxonomiesFrom(options.get('tourmaster_custom_tour_taxs'));
  const terms = await loadTourTerms(ctx.wp, ['tour_category', 'tour_tag', ...custom.map((c) => c.slug)]);
  return { general, custom, terms, dateFormat: str(options.get('date_format')) || 'F j, Y' };
}

/** A published page's URL on the site ('' when it is not published). */
export async function publishedPageUrl(
  ctx: Pick<RequestContext, 'wp'>,
  homeUrl: string,
  pageId: number,
): Promise<string> {
  const path = await publishedPagePath(ctx.wp, pageId);
  return path ? `${homeUrl}${path}` : '';
}
