import { listQueryOf, type TourListQuery } from './query';
import { searchKeywords, searchListSettings, searchPaged } from './search-page';
import { searchFiltersFromParams } from './search-query';
import type { ListSettings } from './settings';

/** What a search request asks for, from the plugin's settings and the GET parameters. */
export interface SearchPlan {
  general: Readonly<Record<string, unknown>>;
  customSlugs: readonly string[];
  keywords: string;
  filters: ReturnType<typeof searchFiltersFromParams>;
  settings: ListSettings;
  /** The first page's query: WordPress's own, in relevance order when there are keywords. */
  query: TourListQuery;
}

export function searchPlan(
  general: Readonly<Record<string, unknown>>,
  customSlugs: readonly string[],
  params: Readonly<Record<string, unknown>>,
  pathPaged: number | undefined,
): SearchPlan {
  const taxonomies = ['tour_category', 'tour_tag', ...customSlugs];
  const keywords = searchKeywords(params['tour-search']);
  const filters = { ...searchFiltersFromParams(params, taxonomies), s: keywords };
  const settings = searchListSettings(general, filters, searchPaged(params, pathPaged), customSlugs);
  const query = listQueryOf(settings, customSlugs);
  return {
    general,
    customSlugs,
    keywords,
    filters,
    settings,
    query: keywords.trim() ? { ...query, orderby: 'relevance' } : query,
  };
}
