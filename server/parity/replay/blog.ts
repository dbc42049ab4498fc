import type { CompareOptions } from '../compare';

/**
 * How the exchange replay (server/ajax/replay.int.test.ts) treats the blog pages. They sit in our
 * shell, so they are compared by the theme's content parts: on the posts index the content area
 * (every article and the link pagination); on a single post the title band, the article, the tags
 * and the previous/next links. What a post page leaves out on purpose (the share buttons, the
 * comment form) is outside these parts and listed in DEVIATIONS.md 64.
 */
export const BLOG_INDEX_COMPARISON: CompareOptions = {
  regions: [{ className: 'traveltour-content-area' }],
};

export const BLOG_POST_COMPARISON: CompareOptions = {
  regions: [
    { className: 'traveltour-blog-title-wrap' },
    { className: 'traveltour-content-area' },
    { className: 'traveltour-single-tags' },
    { className: 'traveltour-single-nav-area' },
  ],
};

/** `METHOD path` of the captured blog pages, with how each is compared. */
export const BLOG_PAGE_COMPARISONS: ReadonlyMap<string, CompareOptions> = new Map([
  ['GET /', BLOG_INDEX_COMPARISON],
  ['GET /10-things-to-know-before-visiting-santorini/', BLOG_POST_COMPARISON],
]);

export const BLOG_PAGE_ROUTES: readonly string[] = [...BLOG_PAGE_COMPARISONS.keys()];
