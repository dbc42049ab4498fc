import { z } from 'zod';
import { type CatalogueTour, MAX_FILTER_TERMS, tourCatalogue } from '../../services/listing/tour-catalogue';
import { MAX_SEARCH_LENGTH } from '../../tourmaster/listing/search-query';
import { ORDERBY_VALUES } from '../../tourmaster/listing/settings';
import { invalidParams, RestError } from '../errors';
import { defineRoute, pageOf } from '../route';
import { amount, calendarDay } from './availability';
import { tourLinks, tourLinksJson } from './tour-links';

/** WordPress's collection bounds: `per_page` from 1 to 100, 10 by default. */
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 10;
const MAX_PAGE = 100_000;

const wholeNumber = (name: string, max: number) =>
  z
    .string()
    .regex(/^[1-9]\d{0,5}$/, `${name} must be a whole number from 1 to ${max}.`)
    .transform(Number)
    .refine((n) => n <= max, `${name} must be a whole number from 1 to ${max}.`);

const price = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,4})?$/, 'Expected an amount (e.g. 120 or 99.50).')
  .optional();

const slugs = (taxonomy: string) =>
  z
    .string()
    .max(4000)
    .optional()
    .describe(
      `Term slugs of \`${taxonomy}\`, separated by commas (up to ${MAX_FILTER_TERMS}): tours in any of them or their child terms (the search page's \`tax-${taxonomy}\`).`,
    );

/**
 * The search page's filters (listing.md §1.2) under the API's names, and the order filterer's order.
 * Custom tour taxonomies (option `tourmaster_custom_tour_taxs`) filter by their slug as the
 * parameter name, as `tour_category` and `tour_tag` do.
 */
const input = z
  .object({
    page: wholeNumber('page', MAX_PAGE).optional().describe('The page of the collection, from 1.'),
    per_page: wholeNumber('per_page', MAX_PER_PAGE)
      .optional()
      .describe(`Tours per page, 1 to ${MAX_PER_PAGE} (default ${DEFAULT_PER_PAGE}).`),
    search: z
      .string()
      .max(MAX_SEARCH_LENGTH, `At most ${MAX_SEARCH_LENGTH} characters.`)
      .optional()
      .describe("Keywords: every word in the tour's title, excerpt or content (the search page's `tour-search`)."),
    tour_category: slugs('tour_category'),
    tour_tag: slugs('tour_tag'),
    duration: z
      .enum(['1', '2', '5', '7'], { message: 'Expected 1, 2, 5 or 7.' })
      .optional()
      .describe('Length in days, as the search form buckets it: 1 (one day), 2 (2–4), 5 (5–7), 7 (more than 7).'),
    date: calendarDay.optional().describe('A date the tour runs on, YYYY-MM-DD.'),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month written YYYY-MM.')
      .optional()
      .describe('A month the tour runs in, YYYY-MM.'),
    min_price: price.describe('The tour\'s "From" price at least this (whole units compared, as the site does).'),
    max_price: price.describe('The tour\'s "From" price at most this.'),
    rating: z
      .string()
      .regex(/^(10|\d)(\.\d{1,4})?$/, 'Expected a score from 0 to 10.')
      .optional()
      .describe('Average review score at least this (0 to 10; 0 is no filter).'),
    orderby: z
      .enum([...ORDERBY_VALUES.filter((o) => o !== 'rand' && o !== 'menu_order'), 'relevance'], {
        message: 'Expected date, tour-date, title, price, popularity, rating, duration or relevance.',
      })
      .optional()
      .describe(
        "The search page's sort (its order filterer): `relevance` needs `search`; default relevance with `search`, else `date`.",
      ),
    order: z
      .enum(['asc', 'desc'], { message: 'Expected asc or desc.' })
      .optional()
      .describe('Sort direction (default desc).'),
  })
  // Custom tour taxonomies: their names are the site's (the service reads them); others are ignored.
  .catchall(z.unknown())
  .superRefine((v, ctx) => {
    if (v.orderby === 'relevance' && !v.search?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['orderby'], message: 'Ordering by relevance needs a search term.' });
    }
  });

const decimal = z.string().regex(/^\d+\.\d{2}$/);

const termJson = z.object({
  id: z.number().int().describe('The term id.'),
  taxonomy: z.string().describe('`tour_category`, `tour_tag` or a custom tour taxonomy.'),
  slug: z.string(),
  name: z.string(),
});

/** The fields a tour has in the list and in the single tour's answer. */
export const tourSummaryJson = z.object({
  id: z.number().int().describe("The tour's post id."),
  title: z.string().describe('The title as stored.'),
  slug: z.string(),
  link: z.string().describe("The tour's page."),
  excerpt: z.string().describe('The first words of the excerpt (else of the content), without markup.'),
  thumbnail: z
    .object({ url: z.string(), alt: z.string() })
    .nullable()
    .describe('The featured image; null when the tour has none.'),
  price_from: decimal.nullable().describe('The "From" price the site shows; null when the tour shows none.'),
  price_from_discounted: decimal
    .nullable()
    .describe('The discounted "From" price the site shows beside the struck-out one; null when none.'),
  currency: z.string().describe('ISO 4217 code of every amount.'),
  duration: z.object({
    days: z.number().nullable().describe('Length in days (`tourmaster-tour-duration`), null when not set.'),
    text: z.string().describe('The length as the tour page words it ("5 Hours"), "" when not set.'),
  }),
  rating: z.object({
    score: z.number().nullable().describe('Average review score out of 10, two decimals; null without reviews.'),
    count: z.number().int().describe('Reviews counted.'),
  }),
  categories: z.array(termJson).describe('The `tour_category` terms.'),
  terms: z.array(termJson).describe('Every tour taxonomy term of the tour: categories, tags, custom taxonomies.'),
  links: tourLinksJson,
});

/**
 * `GET /wp-json/tourmaster/v1/tours`: the published tours the search page would list for the same
 * filters, in its order, a page at a time (`X-WP-Total`, `X-WP-TotalPages`). Catalogue data, so a
 * shared cache may keep it a minute (README "Connect a channel manager").
 */
export const tourListRoute = defineRoute({
  method: 'get',
  path: '/tours',
  summary: "Published tours with the search page's filters and order, a page at a time.",
  tag: 'tours',
  auth: 'public',
  input,
  response: z.array(tourSummaryJson),
  cacheControl: 'public, max-age=60',
  async handle(params, ctx) {
    const perPage = params.per_page ?? DEFAULT_PER_PAGE;
    const result = await tourCatalogue(ctx, {
      filters: {
        keywords: params.search,
        duration: params.duration,
        date: params.date,
        month: params.month,
        minPrice: params.min_price,
        maxPrice: params.max_price,
        rating: params.rating,
      },
      taxonomyParams: params,
      page: params.page ?? 1,
      perPage,
      ...(params.orderby ? { orderby: params.orderby } : {}),
      ...(params.order ? { order: params.order } : {}),
    });
    if (!result.ok && result.reason === 'invalid') throw invalidParams(result.params);
    if (!result.ok) {
      throw new RestError(
        400,
        'rest_post_invalid_page_number',
        'The page number requested is larger than the number of pages available.',
      );
    }
    const items = result.tours.map((t) => summaryJson(t, result.currency, result.site.homeUrl));
    return pageOf(items, result.found, perPage);
  },
});

function summaryJson(t: CatalogueTour, currency: string, homeUrl: string) {
  const termJsonOf = (term: CatalogueTour['terms'][number]) => ({
    id: term.termId,
    taxonomy: term.taxonomy,
    slug: term.slug,
    name: term.name,
  });
  const rating = t.rating && t.rating.reviewer > 0 ? t.rating : undefined;
  return {
    id: t.row.id,
    title: t.row.title,
    slug: t.row.slug,
    link: t.link,
    excerpt: t.excerpt,
    thumbnail: t.thumbnail ?? null,
    price_from: amount(t.price?.price),
    price_from_discounted: amount(t.price?.discount),
    currency,
    duration: { days: t.durationDays ?? null, text: t.durationText },
    rating: {
      score: rating ? Math.round((rating.score / rating.reviewer) * 100) / 100 : null,
      count: rating?.reviewer ?? 0,
    },
    categories: t.terms.filter((term) => term.taxonomy === 'tour_category').map(termJsonOf),
    terms: t.terms.map(termJsonOf),
    links: tourLinks(homeUrl, t.row.id),
  };
}
