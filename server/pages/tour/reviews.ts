import { str } from '../../tourmaster/php';
import { readTourRating } from '../../tourmaster/reviews';
import { AVATAR_OPTIONS, readAvatarSettings } from '../../views/avatar';
import { html, raw, type SafeHtml } from '../../views/html';
import {
  type ReviewDisplay,
  reviewerFullName,
  reviewItemsHtml,
  reviewPaginationHtml,
  tourRatingPlainHtml,
} from '../../views/reviews';
import { unserializeCached } from '../../wp/parse-cache';
import type { PhpValue } from '../../wp/php-values';
import { RenderCache } from './memo';
import type { TourRequest } from './request';

/** How the list prints avatars and dates, from the options the page has read. */
export function reviewDisplayOf(tr: Pick<TourRequest, 'rows' | 'dateFormat' | 'ctx'>): ReviewDisplay {
  const options = new Map<string, PhpValue>();
  for (const name of AVATAR_OPTIONS) {
    const text = tr.rows.options.get(name);
    if (text !== undefined) options.set(name, unserializeCached(text));
  }
  return { avatar: readAvatarSettings(options), dateFormat: tr.dateFormat, https: tr.ctx.https };
}

/**
 * The reviews section (reviews.md §2), when reviews are on for the tour and it has some: what
 * views/reviews.ts `renderTourReviewSection` prints (the int test holds them equal), from the first
 * page of reviews the page's single query has read, with the same item, pagination and rating
 * builders.
 */
export function reviewSection(
  tr: Pick<TourRequest, 'tour' | 'rows' | 'general' | 'ajaxUrl' | 'dateFormat' | 'ctx'>,
): SafeHtml | undefined {
  const enable = str(tr.tour.option['enable-review']);
  if (enable !== '' && enable !== 'enable') return undefined;
  const { reviews, reviewCount, reviewers } = tr.rows;
  if (reviews.length === 0) return undefined;
  const ratingText = tr.rows.meta.get('tourmaster-tour-rating');
  const style = str(tr.general['tour-review-style']) || 'style-1';
  const display = reviewDisplayOf(tr);
  const key = JSON.stringify([
    tr.tour.id,
    tr.ajaxUrl,
    style,
    ratingText,
    reviews,
    reviewCount,
    [...reviewers],
    display,
  ]);
  return sections.get(key, () => {
    const rating = ratingText === undefined ? undefined : readTourRating(unserializeCached(ratingText));
    return html`<div class="tourmaster-single-review-container tourmaster-container tourmaster-${style}" ><div class="tourmaster-single-review-item tourmaster-item-pdlr" ><div class="tourmaster-single-review" id="tourmaster-single-review" ><div class="tourmaster-single-review-head clearfix" ><div class="tourmaster-single-review-head-info clearfix" >${tourRatingPlainHtml(
      rating,
    )}${REVIEW_FILTER}</div></div><div class="tourmaster-single-review-content" id="tourmaster-single-review-content" data-tour-id="${tr.tour.id}" data-ajax-url="${
      tr.ajaxUrl
    }" >${reviewItemsHtml(reviews, reviewers, display)}${reviewPaginationHtml(reviewCount, 1)}</div></div></div></div>`;
  });
}

/** The section is the same for every visitor until a review, a reviewer or a setting changes. */
const sections = new RenderCache<SafeHtml>(200);

/** The section's sort and filter controls (reviews.md §2), as views/reviews.ts prints them. */
const REVIEW_FILTER = raw(
  '<div class="tourmaster-single-review-filter" id="tourmaster-single-review-filter" ><div class="tourmaster-single-review-sort-by" ><span class="tourmaster-head" >Sort By:</span><span class="tourmaster-sort-by-field" data-sort-by="rating" >Rating</span><span class="tourmaster-sort-by-field tourmaster-active" data-sort-by="date" >Date</span></div><div class="tourmaster-single-review-filter-by tourmaster-form-field tourmaster-with-border" ><div class="tourmaster-combobox-wrap" ><select id="tourmaster-filter-by" ><option value="" >Filter By</option><option value="solo" >Solo</option><option value="couple" >Couple</option><option value="family" >Family</option><option value="group" >Group</option></select></div></div></div>',
);

/** The newest listed review, for the structured data. */
export function newestReview(
  tr: Pick<TourRequest, 'rows'>,
): { score: number; name: string; date: string; body: string } | undefined {
  const review = tr.rows.reviews[0];
  if (!review) return undefined;
  const name = review.userId > 0 ? reviewerFullName(tr.rows.reviewers.get(review.userId)) : (review.reviewerName ?? '');
  return { score: review.score ?? 0, name, date: review.date, body: review.description };
}
