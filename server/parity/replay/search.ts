import type { CompareOptions } from '../compare';

/**
 * How the exchange replay (server/ajax/replay.int.test.ts) treats the tour listing pages. They sit
 * in our shell, so they are compared by the plugin's part: the template wrapper of the search page
 * and of the taxonomy archives (form, results, sidebars), and the theme's content area of the page
 * whose content holds the `[tourmaster_tour]` shortcodes.
 */
export const LISTING_PAGE_COMPARISON: CompareOptions = {
  regions: [{ className: 'tourmaster-template-wrapper' }],
  // DEVIATIONS.md 100: the phones' "Filters" button and the box it folds around the filter form.
  oursWithout: [
    /<button type="button" class="dropin-search-filters-toggle"[^>]*>Filters<\/button>/g,
    withoutFiltersBox,
  ],
};

const FILTERS_BOX = '<div class="dropin-search-filters" id="dropin-search-filters" >';

/** Our page with the filter form where the plugin printed it: the box around it taken away, its content kept. */
export function withoutFiltersBox(html: string): string {
  const start = html.indexOf(FILTERS_BOX);
  if (start === -1) return html;
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = start + FILTERS_BOX.length;
  let depth = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1;
    if (depth === 0) {
      return html.slice(0, start) + html.slice(start + FILTERS_BOX.length, tag.index) + html.slice(tag.index + 6);
    }
  }
  return html;
}

export const SHORTCODE_PAGE_COMPARISON: CompareOptions = {
  regions: [{ className: 'traveltour-content-area' }],
};

/** `METHOD path` of every captured search page (`page-search-*`). */
export const SEARCH_PAGE_ROUTES: readonly string[] = [
  'GET /search-tours/',
  'GET /?tour-search=&tax-tour-activity=hiking',
  'GET /?tour-search=&tax-tour_category%5B%5D=mainland&tax-tour_category%5B%5D=multi-day',
  'GET /?tour-search=&tax-tour_category=islands',
  'GET /?tour-search=&tax-tour_category=islands&month=2027-06&max-price=200',
  'GET /?tour-search=tour&duration=1&rating=7&min-price=50',
  'GET /?tour-search=&date=2027-05-15',
  'GET /?tour-search=&duration=1',
  'GET /?tour-search=&duration=5',
  'GET /?tour-search=&duration=7',
  'GET /?tour-search=cruise',
  'GET /?tour-search=old+town',
  'GET /?tour-search=&max-price=90',
  'GET /?tour-search=&min-price=100',
];

export const ARCHIVE_PAGE_ROUTES: readonly string[] = ['GET /tour-category/islands/', 'GET /tour-tag/unesco/'];

export const SHORTCODE_PAGE_ROUTES: readonly string[] = ['GET /tour-list/'];

/** Every captured listing page, with how it is compared. */
export const LISTING_PAGE_COMPARISONS: ReadonlyMap<string, CompareOptions> = new Map([
  ...[...SEARCH_PAGE_ROUTES, ...ARCHIVE_PAGE_ROUTES].map((route) => [route, LISTING_PAGE_COMPARISON] as const),
  ...SHORTCODE_PAGE_ROUTES.map((route) => [route, SHORTCODE_PAGE_COMPARISON] as const),
]);

export const LISTING_PAGE_ROUTES: readonly string[] = [...LISTING_PAGE_COMPARISONS.keys()];
