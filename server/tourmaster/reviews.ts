import { isEmpty, phpFloat } from '../php/coerce';

/**
 * The plugin's review rules (reviews.md §2–6), without I/O: which page, sort and filter a request
 * asks for, the pagination it prints (with the legacy quirk), the star icons of a score, the
 * aggregate rating kept in post meta, and what a review submission must satisfy.
 */

/** `tourmaster_review_num_fetch`: reviews per page. */
export const REVIEW_PAGE_SIZE = 5;

export const TRAVELLER_TYPES = ['solo', 'couple', 'family', 'group'] as const;
export type TravellerType = (typeof TRAVELLER_TYPES)[number];

/** Scores run 1–10 (five stars, halves on odd scores). */
export const MIN_REVIEW_SCORE = 1;
export const MAX_REVIEW_SCORE = 10;

/** The highest page number honoured; larger ones read as this (a page that far has no reviews). */
const MAX_PAGE = 1_000_000_000;

export type ReviewSortColumn = 'review_date' | 'review_score';

/** `sort_by`: `rating` sorts by score; empty, `date` and any other value by date (both descending). */
export function reviewSortColumn(sortBy: unknown): ReviewSortColumn {
  return sortBy === 'rating' ? 'review_score' : 'review_date';
}

/** `filter_by`: PHP `!empty()` — '' and '0' mean no filter; anything else is an exact type match. */
export function reviewTypeFilter(filterBy: unknown): string | undefined {
  if (typeof filterBy !== 'string' || isEmpty(filterBy)) return undefined;
  return filterBy;
}

/**
 * The page a request asks for (`paged`): empty or `0` is page 1, a number is its `intval`. The
 * legacy site crashed (HTTP 500) on a value that is not a number (`abc`) and printed arrows to
 * page 0 and below for negative ones: both read as page 1 here (DEFECTS.md 4).
 */
export function reviewPage(paged: unknown): number {
  if (typeof paged === 'number') return clampPage(Math.trunc(paged));
  if (typeof paged !== 'string' || isEmpty(paged)) return 1;
  if (!/^[ \t\n\r\v\f]*[+-]?(\d|\.\d)/.test(paged)) return 1;
  return clampPage(Math.trunc(phpFloat(paged)));
}

function clampPage(n: number): number {
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, MAX_PAGE);
}

/** `tourmaster_get_sql_page_part`: page 1 or less starts at 0, page n at (n-1)·5. */
export function reviewOffset(page: number): number {
  return page <= 1 ? 0 : (page - 1) * REVIEW_PAGE_SIZE;
}

export type PaginationPart =
  | { kind: 'prev'; paged: number }
  | { kind: 'page'; n: number; active: boolean }
  | { kind: 'dots' }
  | { kind: 'next'; paged: number };

/**
 * The review pagination (reviews.md §4), quirk included: the page count is `count / 5` as a
 * fraction, so the last partial page never gets a number (7 reviews: "1" and a next arrow; on page
 * 2 the active page has no number), and `i == max` holds only for exact multiples of 5. Nothing is
 * printed (empty list) unless there is more than one page's worth.
 */
export function reviewPagination(count: number, current: number): PaginationPart[] {
  const max = count / REVIEW_PAGE_SIZE;
  if (!(max > 1)) return [];
  const parts: PaginationPart[] = [];
  if (current > 1) parts.push({ kind: 'prev', paged: current - 1 });
  for (let i = 1; i <= max; i++) {
    if (i === current) parts.push({ kind: 'page', n: i, active: true });
    else if (i === 1 || i === max) parts.push({ kind: 'page', n: i, active: false });
    else if (current - 1 <= i && i <= current + 1) {
      if (current > 3 && i === current - 1) parts.push({ kind: 'dots' });
      parts.push({ kind: 'page', n: i, active: false });
      if (current < max - 2 && i === current + 1 && max > current + 1) parts.push({ kind: 'dots' });
    }
  }
  if (current < max) parts.push({ kind: 'next', paged: current + 1 });
  return parts;
}

export type StarIcon = 'full' | 'half' | 'empty';

/** `tourmaster_get_rating`: five icons for a 0–10 score (7 → 3 full, 1 half, 1 empty). */
export function starIcons(score: number): StarIcon[] {
  const icons: StarIcon[] = [];
  for (let t = 2; t <= 10; t += 2) {
    const d = score - t;
    icons.push(d >= -0.5 ? 'full' : d <= -1.5 ? 'empty' : 'half');
  }
  return icons;
}

/** The traveller type as the list prints it; any other value prints nothing. */
export function travellerTypeLabel(type: unknown): string {
  switch (type) {
    case 'solo':
      return 'Solo Traveller';
    case 'couple':
      return 'Couple Traveller';
    case 'family':
      return 'Family Traveller';
    case 'group':
      return 'Group Traveller';
    default:
      return '';
  }
}

export function isTravellerType(value: unknown): value is TravellerType {
  return typeof value === 'string' && (TRAVELLER_TYPES as readonly string[]).includes(value);
}

/** Post meta `tourmaster-tour-rating`: the sum of the scores and how many there are. */
export interface TourRating {
  score: number;
  reviewer: number;
}

/**
 * `tourmaster_update_review_score`: every non-empty score of the tour's listed reviews is summed
 * and counted. `average` is `score / reviewer` (undefined without reviews: the meta
 * `tourmaster-tour-rating-score` is then deleted); PHP divides two ints to an int when exact.
 */
export function aggregateRating(scores: readonly (number | null | undefined)[]): TourRating & {
  average: number | undefined;
} {
  let score = 0;
  let reviewer = 0;
  for (const s of scores) {
    if (s === null || s === undefined || Number.isNaN(s)) continue;
    score += Math.trunc(s);
    reviewer += 1;
  }
  return { score, reviewer, average: reviewer > 0 ? score / reviewer : undefined };
}

/** Reads a stored `tourmaster-tour-rating` value; undefined when it is not the plugin's shape. */
export function readTourRating(value: unknown): TourRating | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  return { score: phpFloat(v.score), reviewer: Math.trunc(phpFloat(v.reviewer)) };
}

export type ReviewRefusal =
  | 'not-logged-in'
  | 'bad-token'
  | 'no-order'
  | 'not-owner'
  | 'not-departed'
  | 'already-reviewed'
  | 'bad-score'
  | 'bad-type'
  | 'no-text'
  | 'too-long';

/** Longest description accepted (characters). */
export const MAX_REVIEW_DESCRIPTION = 10_000;

/** What the review form posted, read as the plugin reads it. */
export interface ReviewSubmission {
  orderId: number;
  score: number;
  type: TravellerType;
  description: string;
}

/**
 * Reads the review form (reviews.md §7): `review_id` carries the ORDER id, `rating` the score,
 * `traveller-type` (default `solo`), `description`. Unlike the legacy handler, a missing score or
 * one outside 1–10, an unknown type, a non-numeric order id or an empty text is refused; the
 * description is kept as typed (escaped when printed, never stored escaped), only surrounding
 * white space trimmed.
 */
export function readReviewSubmission(
  posted: Readonly<Record<string, unknown>>,
): { ok: true; value: ReviewSubmission } | { ok: false; reason: ReviewRefusal } {
  const orderText = posted.review_id;
  if (typeof orderText !== 'string' || !/^\d{1,19}$/.test(orderText.trim()) || Number(orderText) <= 0)
    return { ok: false, reason: 'no-order' };
  const ratingText = posted.rating;
  if (typeof ratingText !== 'string' || !/^\s*\d{1,2}\s*$/.test(ratingText)) return { ok: false, reason: 'bad-score' };
  const score = Number(ratingText.trim());
  if (score < MIN_REVIEW_SCORE || score > MAX_REVIEW_SCORE) return { ok: false, reason: 'bad-score' };
  const typeText = posted['traveller-type'];
  const type = typeText === undefined || typeText === '' ? 'solo' : typeText;
  if (!isTravellerType(type)) return { ok: false, reason: 'bad-type' };
  const rawDescription = posted.description;
  const description = typeof rawDescription === 'string' ? rawDescription.replace(/\r\n?/g, '\n').trim() : '';
  // FIX (DEVIATIONS.md 94): the form marks the text required; an empty review was published.
  if (description === '') return { ok: false, reason: 'no-text' };
  if (description.length > MAX_REVIEW_DESCRIPTION) return { ok: false, reason: 'too-long' };
  return { ok: true, value: { orderId: Number(orderText.trim()), score, type, description } };
}

/** Whether an order may be reviewed by this user (reviews.md §1), before the one-review check. */
export function orderReviewRefusal(
  order: { userId: number; status: string | null } | undefined,
  userId: number,
): ReviewRefusal | undefined {
  if (!order) return 'no-order';
  if (order.userId !== userId || userId <= 0) return 'not-owner';
  if (order.status !== 'departed') return 'not-departed';
  return undefined;
}

/** A row of `{prefix}tourmaster_review` (scores on the plugin's 1–10 scale). */
export interface TourReview {
  id: number;
  tourId: number;
  orderId: number | null;
  score: number | null;
  type: string | null;
  description: string;
  date: string;
  reviewerName: string | null;
  reviewerEmail: string | null;
}

/** A review as the public list shows it: the review row and its order's `user_id` (0 for admin reviews). */
export interface ListedReview extends TourReview {
  userId: number;
}

/** What the list needs to know about a reviewer who has an account. */
export interface ReviewerProfile {
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
  /** User meta `tourmaster-user-avatar` (`thumbnail`, `file_url`), when set. */
  avatar: { thumbnail?: string; fileUrl?: string } | undefined;
}
