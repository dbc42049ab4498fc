import { isEmpty, str } from '../../php/coerce';
import { formatWpDate } from '../../php/date';
import type { SearchFormInput, SearchFormTaxonomy } from '../../views/tour-list/search-form';
import { siteLocalTime } from '../../wp/site-time';
import type { TourTerm } from '../../wp/term-list';
import { type ListingRequest, pluginPage } from './listing-request';

/** What the form's settings are read from (a listing page's request, or a page with the shortcode). */
export type FormSource = Pick<ListingRequest, 'general' | 'custom' | 'site' | 'dateFormat'> & {
  ctx: { now: Date };
};

/**
 * The search form's settings from the plugin's options (listing.md §1.4), shared by the search page
 * (its filter box and the "Not Found" form) and the archives' sidebar.
 */

/** An option of `tourmaster_general` as text, else `fallback` (tourmaster_get_option). */
export function setting(lr: Pick<ListingRequest, 'general'>, key: string, fallback: string): string {
  const value = lr.general[key];
  return isEmpty(value) ? fallback : str(value);
}

/** An option holding a list (the form's fields, the type filter's taxonomies); a comma string is split. */
export function settingList(lr: Pick<ListingRequest, 'general'>, key: string): string[] {
  const value = lr.general[key];
  if (Array.isArray(value)) return value.map((v) => str(v)).filter(Boolean);
  if (typeof value === 'string' && value.trim() !== '') return value.split(',').map((s) => s.trim());
  return [];
}

/** The form's taxonomies: `tour_tag` then the custom ones, with their terms. */
export function formTaxonomies(lr: Pick<ListingRequest, 'custom'>, terms: readonly TourTerm[]): SearchFormTaxonomy[] {
  const label = (slug: string) =>
    slug === 'tour_tag'
      ? 'Tag'
      : slug === 'tour_category'
        ? 'Tour Category'
        : (lr.custom.find((c) => c.slug === slug)?.label ?? slug);
  return ['tour_tag', ...lr.custom.map((c) => c.slug)].map((slug) => ({
    slug,
    label: label(slug),
    terms: terms.filter((t) => t.taxonomy === slug),
  }));
}

/** The month select: this month and the following ones (`search-month-amount`, default 12), `Y-m` → "F Y". */
export function monthOptions(lr: FormSource): readonly { value: string; label: string }[] {
  const amount = Math.min(Math.max(Number.parseInt(setting(lr, 'search-month-amount', '12'), 10) || 0, 0), 60);
  const thisMonth = siteLocalTime(lr.ctx.now, lr.site).slice(0, 7);
  const key = `${thisMonth}:${amount}`;
  let months = monthLists.get(key);
  if (!months) {
    const year = Number(thisMonth.slice(0, 4));
    const month = Number(thisMonth.slice(5, 7)) - 1;
    months = Array.from({ length: amount }, (_, i) => {
      const y = year + Math.floor((month + i) / 12);
      const m = ((month + i) % 12) + 1;
      const value = `${y}-${String(m).padStart(2, '0')}`;
      return { value, label: formatWpDate('F Y', `${value}-01`) ?? value };
    });
    if (monthLists.size > 50) monthLists.clear();
    monthLists.set(key, months);
  }
  return months;
}

/** The month lists by month and length (the same for every request of a month). */
const monthLists = new Map<string, readonly { value: string; label: string }[]>();

/** The taxonomies a list of form fields shows (all of them when the list is empty). */
export function fieldTaxonomies(fields: readonly string[], taxonomies: readonly string[]): string[] {
  return taxonomies.filter((t) => fields.length === 0 || fields.includes(t));
}

/**
 * The form's action (`tourmaster_get_template_url('search')`): the search page's permalink, the home
 * URL when the option is empty, '' when it names a page that is not published.
 */
export function searchActionUrl(lr: Pick<ListingRequest, 'general' | 'rows' | 'site'>): string {
  if (isEmpty(lr.general['search-page'])) return `${lr.site.homeUrl}/`;
  const searchPage = pluginPage(lr, 'search-page');
  return searchPage ? `${lr.site.homeUrl}${searchPage.path}` : '';
}

/** What every search form on a page shares: the request's values, the action URL, the terms. */
export function formBase(
  lr: FormSource,
  params: Readonly<Record<string, unknown>>,
  terms: readonly TourTerm[],
  actionUrl: string,
) {
  return {
    params,
    actionUrl,
    categories: terms.filter((t) => t.taxonomy === 'tour_category'),
    taxonomies: formTaxonomies(lr, terms),
    datepickerFormat: setting(lr, 'datepicker-date-format', 'd M yy'),
    dateFormat: lr.dateFormat,
    months: monthOptions(lr),
    itemStyle: 'style-1',
    inputBoxStyle: 'default',
    inputSize: 'medium',
    noPdlr: false,
    enableRatingField: false,
    filters: [] as SearchFormTaxonomy[],
    filterState: false,
  } satisfies Partial<SearchFormInput>;
}

/** The full-style form of the search page's filter box and the archives' sidebar (`tour-search-*` options). */
export function filterBoxForm(
  lr: FormSource,
  base: ReturnType<typeof formBase>,
  terms: readonly TourTerm[],
  itemStyle: string,
): Omit<SearchFormInput, 'noPdlr'> {
  const typeFilters = settingList(lr, 'tour-search-filters');
  const all: SearchFormTaxonomy[] = [
    { slug: 'tour_category', label: 'Tour Category', terms: base.categories },
    ...formTaxonomies(lr, terms),
  ];
  return {
    ...base,
    fields: settingList(lr, 'tour-search-fields'),
    style: 'full',
    itemStyle,
    withFrame: 'enable',
    enableRatingField: setting(lr, 'tour-search-rating-field', '') === 'enable',
    filters: typeFilters.flatMap((slug) => all.filter((t) => t.slug === slug)),
    filterState: setting(lr, 'tour-search-filter-state', 'disable') === 'enable',
  };
}
