import type { ReviewsPage } from '../../../client/common/islands/Reviews';
import { getOptions } from '../../data/options';
import {
  countTourReviews,
  getTourRating,
  listTourReviews,
  loadReviewListRows,
  reviewerProfiles,
} from '../../data/reviews';
import type { WpDb } from '../../data/tables';
import { loadReviewers } from '../../data/tour-page';
import { str } from '../../php/coerce';
import { maybeUnserialize } from '../../php/serialize';
import type { PhpValue } from '../../php/values';
import {
  REVIEW_PAGE_SIZE,
  reviewOffset,
  reviewPage,
  reviewSortColumn,
  reviewTypeFilter,
} from '../../tourmaster/reviews';
import { AVATAR_OPTIONS, readAvatarSettings } from '../../views/avatar';
import { raw, type SafeHtml } from '../../views/html';
import { RenderCache } from '../../views/render-cache';
import {
  type ReviewDisplay,
  reviewItemProps,
  reviewItemsHtml,
  reviewPaginationHtml,
  reviewSectionHtml,
  reviewsPageProps,
} from '../../views/reviews';

const DISPLAY_OPTIONS = [...AVATAR_OPTIONS, 'date_format'];

export async function loadReviewDisplay(wp: WpDb, https: boolean): Promise<ReviewDisplay> {
  return reviewDisplayOf(await getOptions(wp, DISPLAY_OPTIONS), https);
}

function reviewDisplayOf(options: ReadonlyMap<string, PhpValue>, https: boolean): ReviewDisplay {
  return { avatar: readAvatarSettings(options), dateFormat: str(options.get('date_format')) || 'F j, Y', https };
}

/** What the list request asks for (the ajax fields, as posted). */
export interface ReviewListRequest {
  tourId: number;
  sortBy?: string | undefined;
  filterBy?: string | undefined;
  paged?: string | undefined;
}

/** One page of reviews: the legacy `content` (items and pagination, `""` when nothing matches) and the same page typed. */
export interface ReviewList {
  content: string;
  props: ReviewsPage;
}

/** What a list request asks for, as the reply's props say it: `date` or `rating`, a type or '', a page. */
function askedPage(request: ReviewListRequest): Pick<ReviewsPage, 'sort' | 'filter' | 'page'> {
  return {
    sort: reviewSortColumn(request.sortBy) === 'review_score' ? 'rating' : 'date',
    filter: reviewTypeFilter(request.filterBy) ?? '',
    page: reviewPage(request.paged),
  };
}

/** The list of a tour id that is no tour's (0, negative): nothing. */
export function emptyReviewList(request: ReviewListRequest): ReviewList {
  return { content: '', props: reviewsPageProps({ asked: askedPage(request), items: [], count: 0 }) };
}

/**
 * One page of a tour's reviews: the page, its count and the display settings in one statement,
 * the reviewers' accounts in a second when customers wrote some of them.
 */
export async function loadReviewList(
  wp: WpDb,
  request: ReviewListRequest,
  https: boolean,
): Promise<Readonly<ReviewList>> {
  const asked = askedPage(request);
  const page = asked.page;
  const { reviews, count, options } = await loadReviewListRows(
    wp,
    {
      tourId: request.tourId,
      type: reviewTypeFilter(request.filterBy),
      sort: reviewSortColumn(request.sortBy),
      offset: reviewOffset(page),
      limit: REVIEW_PAGE_SIZE,
    },
    DISPLAY_OPTIONS,
  );
  const profiles = await loadReviewers(
    wp,
    reviews.map((r) => r.userId),
  );
  // Everything the page shows, as read: the same rows give the same (kept) page.
  const key = JSON.stringify([asked, reviews, count, [...options], [...profiles], https]);
  return reviewLists.get(key, () => {
    const display = reviewDisplayOf(new Map([...options].map(([name, text]) => [name, maybeUnserialize(text)])), https);
    return Object.freeze({
      content: `${reviewItemsHtml(reviews, profiles, display)}${reviewPaginationHtml(count, page)}`,
      props: reviewsPageProps({ asked, items: reviewItemProps(reviews, profiles, display), count }),
    });
  });
}

/**
 * Review list pages kept by everything they show (the reviews, their count and reviewers, the
 * display options, what was asked), read on every request: a new review, an edit or a removal
 * gives a new key. The same object for the same page, so its reply's encoding is kept too
 * (AjaxReply `kept`).
 */
const reviewLists = new RenderCache<Readonly<ReviewList>>(200);

/** What a tour page passes to print its review section. */
export interface ReviewSectionInput {
  wp: WpDb;
  tourId: number;
  /** `tourmaster-tour-option` → `enable-review`: the section shows when it is empty or `enable`. */
  enableReview: unknown;
  /** `{siteurl}/wp-admin/admin-ajax.php` (the list's `data-ajax-url`). */
  ajaxUrl: string;
  /** The request came over https. */
  https: boolean;
  /** `tourmaster_general` (for `tour-review-style`, default `style-1`). */
  general?: Readonly<Record<string, unknown>>;
  /** Settings already read for this request (else read here). */
  display?: ReviewDisplay;
}

/**
 * The whole review section of a single tour page (reviews.md §2): the head with the aggregate
 * rating and the sort/filter controls, and the first page of reviews by date with its pagination.
 * Empty when reviews are switched off for the tour or it has none.
 */
export async function renderTourReviewSection(input: ReviewSectionInput): Promise<SafeHtml> {
  const enable = str(input.enableReview);
  if (enable !== '' && enable !== 'enable') return raw('');
  const { wp, tourId } = input;
  const query = { tourId };
  const [reviews, count, rating, display] = await Promise.all([
    listTourReviews(wp, { ...query, sort: 'review_date', offset: 0, limit: REVIEW_PAGE_SIZE }),
    countTourReviews(wp, query),
    getTourRating(wp, tourId),
    input.display ?? loadReviewDisplay(wp, input.https),
  ]);
  if (reviews.length === 0) return raw('');
  const profiles = await reviewerProfiles(
    wp,
    reviews.map((r) => r.userId),
  );
  const styleSetting = str(input.general?.['tour-review-style']);
  const style = styleSetting === '' ? 'style-1' : styleSetting;
  return reviewSectionHtml({
    style,
    rating,
    tourId,
    ajaxUrl: input.ajaxUrl,
    items: reviewItemsHtml(reviews, profiles, display),
    pagination: reviewPaginationHtml(count, 1),
    page: reviewsPageProps({
      asked: askedPage({ tourId }),
      items: reviewItemProps(reviews, profiles, display),
      count,
    }),
  });
}
