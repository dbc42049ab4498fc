import { REVIEW_SUBMISSION_ROUTES } from '../pages/review-submission';
import { WP_LOGIN_ROUTES } from '../pages/wp-login';
import type { CompareOptions } from './compare';
import type { Exchange } from './exchanges';
import { ACCOUNT_PAGE_REGION, ACCOUNT_ROUTES } from './replay/account';
import { BLOG_INDEX_COMPARISON, BLOG_PAGE_COMPARISONS, BLOG_PAGE_ROUTES, BLOG_POST_COMPARISON } from './replay/blog';
import { PAYMENT_PAGE_REGION, PAYMENT_PAGE_ROUTES } from './replay/payment';
import {
  LISTING_PAGE_COMPARISON,
  LISTING_PAGE_COMPARISONS,
  LISTING_PAGE_ROUTES,
  SHORTCODE_PAGE_COMPARISON,
} from './replay/search';
import { TOUR_PAGE_COMPARISON, TOUR_PAGE_ROUTES } from './replay/tour';

/** Captured page and form routes we serve (`METHOD path?query`), listed by the modules that own them. */
export const SERVED_ROUTES: ReadonlySet<string> = new Set<string>([
  ...REVIEW_SUBMISSION_ROUTES,
  ...WP_LOGIN_ROUTES,
  ...ACCOUNT_ROUTES,
  ...PAYMENT_PAGE_ROUTES,
  ...TOUR_PAGE_ROUTES,
  ...BLOG_PAGE_ROUTES,
  ...LISTING_PAGE_ROUTES,
]);

/** The captured pages, compared by their content regions (our page shell is not the theme's), by route. */
const ROUTE_COMPARISONS: ReadonlyMap<string, CompareOptions> = new Map<string, CompareOptions>([
  ...ACCOUNT_ROUTES.map((route) => [route, { region: ACCOUNT_PAGE_REGION }] as const),
  ...PAYMENT_PAGE_ROUTES.map((route) => [route, { region: PAYMENT_PAGE_REGION }] as const),
  ...TOUR_PAGE_ROUTES.map((route) => [route, TOUR_PAGE_COMPARISON] as const),
  ...BLOG_PAGE_COMPARISONS,
  ...LISTING_PAGE_COMPARISONS,
]);

/**
 * WordPress names the template it rendered in the body's classes; a page of another site (an
 * admin's capture) is compared as its template is. First match wins: the search and archive
 * templates also carry `home blog` or `page`.
 */
const TEMPLATE_COMPARISONS: readonly [className: string, options: CompareOptions][] = [
  ['single-tour', TOUR_PAGE_COMPARISON],
  ['tourmaster-template-payment', { region: PAYMENT_PAGE_REGION }],
  ['tourmaster-template-search', LISTING_PAGE_COMPARISON],
  ['tourmaster-template-archive', LISTING_PAGE_COMPARISON],
  ['tourmaster-template-login', { region: ACCOUNT_PAGE_REGION }],
  ['tourmaster-template-register', { region: ACCOUNT_PAGE_REGION }],
  ['tourmaster-template-user', { region: ACCOUNT_PAGE_REGION }],
  ['single-post', BLOG_POST_COMPARISON],
  ['blog', BLOG_INDEX_COMPARISON],
  ['page', SHORTCODE_PAGE_COMPARISON],
];

/**
 * How a page exchange is compared: a captured route of ours as the replay compares it, any other
 * page (an admin's capture) by the template its legacy reply's body classes name. Ajax replies,
 * redirects and forms are compared whole.
 */
export function pageComparison(ex: Exchange): CompareOptions {
  const route = `${ex.request.method} ${ex.request.path}`;
  if (SERVED_ROUTES.has(route)) return ROUTE_COMPARISONS.get(route) ?? {};
  return templateComparison(ex.response.body ?? '');
}

/** The comparison for the template a WordPress page's body classes name ({} when none is known). */
export function templateComparison(html: string): CompareOptions {
  const bodyClass = /<body[^>]*\sclass="([^"]*)"/i.exec(html)?.[1]?.split(/\s+/) ?? [];
  return TEMPLATE_COMPARISONS.find(([name]) => bodyClass.includes(name))?.[1] ?? {};
}
