import { str } from '../../php/coerce';
import type { PhpValue } from '../../php/values';
import { readTourRating } from '../../tourmaster/reviews';
import { AVATAR_OPTIONS, readAvatarSettings } from '../../views/avatar';
import type { SafeHtml } from '../../views/html';
import { RenderCache } from '../../views/render-cache';
import {
  type ReviewDisplay,
  reviewerFullName,
  reviewItemProps,
  reviewItemsHtml,
  reviewPaginationHtml,
  reviewSectionHtml,
  reviewsPageProps,
} from '../../views/reviews';
import { unserializeCached } from '../../wp/parse-cache';
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
    return reviewSectionHtml({
      style,
      rating,
      tourId: tr.tour.id,
      ajaxUrl: tr.ajaxUrl,
      items: reviewItemsHtml(reviews, reviewers, display),
      pagination: reviewPaginationHtml(reviewCount, 1),
      page: reviewsPageProps({
        asked: FIRST_PAGE,
        items: reviewItemProps(reviews, reviewers, display),
        count: reviewCount,
      }),
    });
  });
}

/** The section's first page: by date, every traveller type. */
const FIRST_PAGE = { sort: 'date', filter: '', page: 1 };

/** The section is the same for every visitor until a review, a reviewer or a setting changes. */
const sections = new RenderCache<SafeHtml>(200);

/** The newest listed review, for the structured data. */
export function newestReview(
  tr: Pick<TourRequest, 'rows'>,
): { score: number; name: string; date: string; body: string } | undefined {
  const review = tr.rows.reviews[0];
  if (!review) return undefined;
  const name = review.userId > 0 ? reviewerFullName(tr.rows.reviewers.get(review.userId)) : (review.reviewerName ?? '');
  return { score: review.score ?? 0, name, date: review.date, body: review.description };
}
