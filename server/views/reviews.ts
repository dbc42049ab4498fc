import {
  REVIEW_FILTER_LABEL,
  type ReviewChoice,
  type ReviewItem,
  type ReviewSummary,
  type ReviewsPage,
  type ReviewsProps,
} from '../../client/common/islands/Reviews';
import { textMemo } from '../core/text-memo';
import { isEmpty } from '../php/coerce';
import { formatWpDate } from '../php/date';
import type { ListedReview, ReviewerProfile } from '../tourmaster/reviews';
import {
  type PaginationPart,
  reviewPagination,
  type StarIcon,
  starIcons,
  type TourRating,
  travellerTypeLabel,
} from '../tourmaster/reviews';
import { contentFilter } from '../wp/text';
import { type AvatarSettings, gravatarAvatar, gravatarImg, safeImageSrc, safeImageUrl } from './avatar';
import { html, raw, type SafeHtml } from './html';
import { islandProps } from './island-props';

/**
 * The tour reviews as the plugin prints them (reviews.md §2–5): the items, the pagination, the
 * aggregate rating in the section's head, and the whole section a tour page prints server-side.
 * The ajax action `get_single_tour_review` and the tour page share these, so the first page and
 * every later page are the same markup.
 *
 * Differences from the legacy markup, on purpose: names are escaped and descriptions are escaped
 * before the WordPress text filters run (the legacy list printed admin-entered descriptions and
 * reviewer names as HTML: stored XSS); shortcodes and oEmbed links in descriptions stay plain text.
 */

/** What the list needs from the site's settings (read once per request). */
export interface ReviewDisplay {
  avatar: AvatarSettings;
  /** WordPress `date_format` [F j, Y]. */
  dateFormat: string;
  /** The request came over https (Gravatar's secure host). */
  https: boolean;
}

const STAR_CLASS: Record<StarIcon, string> = { full: 'fa fa-star', half: 'fa fa-star-half-o', empty: 'fa fa-star-o' };

/** Five star icons for a 0–10 score (`tourmaster_get_rating`). */
export function starIconsHtml(score: number): SafeHtml {
  return raw(
    starIcons(score)
      .map((icon) => `<i class="${STAR_CLASS[icon]}" ></i>`)
      .join(''),
  );
}

/** Text a visitor typed, for HTML text content: tags cannot open; quotes stay for wptexturize. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A review's description as the list prints it: escaped, then WordPress's text filters (`<p>`, `<br />`, curly quotes). */
export function reviewDescriptionHtml(description: string): SafeHtml {
  return raw(filteredDescription(description));
}

/** The filters cost more than the rest of a review's markup: a page of reviews is kept by text. */
const filteredDescription = textMemo((description) => contentFilter(escapeText(description)), {
  maxEntries: 500,
  maxTextLength: 8192,
});

/** `tourmaster_get_user_meta(id)`: "first last" when a first name is set, else the display name. */
export function reviewerFullName(profile: ReviewerProfile | undefined): string {
  if (!profile) return '';
  if (!isEmpty(profile.firstName)) return `${profile.firstName} ${profile.lastName}`;
  return profile.displayName;
}

/** The name a review is printed under: the customer's, or the one an admin typed. */
function reviewerNameOf(review: ListedReview, profile: ReviewerProfile | undefined): string {
  return review.userId > 0 ? reviewerFullName(profile) : (review.reviewerName ?? '');
}

/** A customer's review or an admin's with an e-mail has an avatar block (reviews.md §3). */
const hasAvatar = (review: ListedReview) => review.userId > 0 || !isEmpty(review.reviewerEmail);

function avatarHtml(review: ListedReview, profile: ReviewerProfile | undefined, display: ReviewDisplay): SafeHtml {
  if (review.userId > 0) {
    const picture = profile?.avatar?.thumbnail ?? profile?.avatar?.fileUrl;
    const src = picture === undefined ? '' : safeImageUrl(picture);
    if (src) return raw(`<img src="${src}" alt="profile-image" />`);
    return raw(gravatarImg(profile?.email, 85, display.avatar, display.https));
  }
  return raw(gravatarImg(review.reviewerEmail ?? '', 85, display.avatar, display.https));
}

/** The list items (reviews.md §3), identical in the first render and the ajax pages. */
export function reviewItemsHtml(
  reviews: readonly ListedReview[],
  profiles: ReadonlyMap<number, ReviewerProfile>,
  display: ReviewDisplay,
): SafeHtml {
  return html`${reviews.map((review) => {
    const profile = review.userId > 0 ? profiles.get(review.userId) : undefined;
    const name = reviewerNameOf(review, profile);
    return html`<div class="tourmaster-single-review-content-item clearfix" ><div class="tourmaster-single-review-user clearfix" >${
      hasAvatar(review) &&
      html`<div class="tourmaster-single-review-avatar tourmaster-media-image" >${avatarHtml(review, profile, display)}</div>`
    }<h4 class="tourmaster-single-review-user-name" >${name}</h4><div class="tourmaster-single-review-user-type" >${travellerTypeLabel(
      review.type,
    )}</div></div><div class="tourmaster-single-review-detail" >${
      !isEmpty(review.description) &&
      html`<div class="tourmaster-single-review-detail-description" >${reviewDescriptionHtml(review.description)}</div>`
    }<div class="tourmaster-single-review-detail-rating" >${starIconsHtml(review.score ?? 0)}</div><div class="tourmaster-single-review-detail-date" >${
      formatWpDate(display.dateFormat, review.date) ?? review.date
    }</div></div></div>`;
  })}`;
}

/** The avatar block of `avatarHtml` as props: the customer's picture, else the Gravatar image. */
function avatarProps(
  review: ListedReview,
  profile: ReviewerProfile | undefined,
  display: ReviewDisplay,
): ReviewItem['avatar'] {
  if (!hasAvatar(review)) return null;
  const gravatar = (email: string | undefined) => gravatarAvatar(email, 85, display.avatar, display.https) ?? null;
  if (review.userId <= 0) return { image: gravatar(review.reviewerEmail ?? '') };
  const picture = profile?.avatar?.thumbnail ?? profile?.avatar?.fileUrl;
  const src = picture === undefined ? '' : safeImageSrc(picture);
  return { image: src ? { src, alt: 'profile-image' } : gravatar(profile?.email) };
}

/** The list items of `reviewItemsHtml` as the Reviews island's props. */
export function reviewItemProps(
  reviews: readonly ListedReview[],
  profiles: ReadonlyMap<number, ReviewerProfile>,
  display: ReviewDisplay,
): ReviewItem[] {
  return reviews.map((review) => {
    const profile = review.userId > 0 ? profiles.get(review.userId) : undefined;
    return {
      name: reviewerNameOf(review, profile),
      type: travellerTypeLabel(review.type),
      avatar: avatarProps(review, profile, display),
      description: isEmpty(review.description) ? '' : String(reviewDescriptionHtml(review.description)),
      stars: starIcons(review.score ?? 0),
      date: formatWpDate(display.dateFormat, review.date) ?? review.date,
    };
  });
}

/** One page of reviews as props (the first page of the section, an ajax reply's `props`). */
export function reviewsPageProps(page: {
  asked: Pick<ReviewsPage, 'sort' | 'filter' | 'page'>;
  items: ReviewItem[];
  count: number;
}): ReviewsPage {
  const pagination: PaginationPart[] = reviewPagination(page.count, page.asked.page);
  return { ...page.asked, items: page.items, pagination };
}

/** The pagination (reviews.md §4, quirk included); empty unless there is more than one page's worth. */
export function reviewPaginationHtml(count: number, current: number): SafeHtml {
  const parts = reviewPagination(count, current);
  if (parts.length === 0) return raw('');
  return html`<div class="tourmaster-review-content-pagination" >${parts.map((p) => {
    switch (p.kind) {
      case 'prev':
        return html`<span data-paged="${p.paged}" ><i class="fa fa-angle-left" ></i></span>`;
      case 'next':
        return html`<span data-paged="${p.paged}" ><i class="fa fa-angle-right" ></i></span>`;
      case 'dots':
        return html`<span class="dots">...</span>`;
      default:
        return p.active
          ? html`<span class="tourmaster-active" >${p.n}</span>`
          : html`<span data-paged="${p.n}" >${p.n}</span>`;
    }
  })}</div>`;
}

/**
 * The aggregate in the section's head ("plain" style, reviews.md §5): "N Review(s)" and the stars
 * of the average; `0` when the meta says nobody reviewed; nothing without the meta.
 */
export function tourRatingPlainHtml(rating: TourRating | undefined): SafeHtml {
  if (!rating) return raw('');
  if (!rating.reviewer)
    return raw('<div class="tourmaster-tour-rating tourmaster-tour-rating-empty" ><span>0</span></div>');
  return html`<div class="tourmaster-tour-rating"  ><span class="tourmaster-tour-rating-text" >${reviewCountLabel(
    rating.reviewer,
  )}</span>${starIconsHtml(rating.score / rating.reviewer)}</div>`;
}

/** "1 Review", "8 Reviews". */
const reviewCountLabel = (n: number) => `${n} ${n > 1 ? 'Reviews' : 'Review'}`;

/** `tourRatingPlainHtml` as the Reviews island's props. */
export function reviewSummaryProps(rating: TourRating | undefined): ReviewSummary {
  if (!rating) return null;
  if (!rating.reviewer) return { kind: 'empty', text: '0' };
  return { kind: 'rated', text: reviewCountLabel(rating.reviewer), stars: starIcons(rating.score / rating.reviewer) };
}

/**
 * A tour's rating in the tour lists ("widget" style): the stars of the average and "(N Reviews)";
 * `0` when the meta says nobody reviewed (unless `hideEmpty`, as the grid items do); nothing
 * without the meta.
 */
export function tourRatingWidgetHtml(rating: TourRating | undefined, options: { hideEmpty?: boolean } = {}): SafeHtml {
  if (!rating) return raw('');
  if (!rating.reviewer) {
    if (options.hideEmpty) return raw('');
    return raw('<div class="tourmaster-tour-rating tourmaster-tour-rating-empty" ><span>0</span></div>');
  }
  const label = reviewCountLabel(rating.reviewer);
  return html`<div class="tourmaster-tour-rating"  >${starIconsHtml(
    Math.trunc(rating.score) / rating.reviewer,
  )}<span class="tourmaster-tour-rating-text" >(${label})</span></div>`;
}

/**
 * The section's frame (reviews.md §2) around the first page of reviews: shared by this function and
 * the tour page, which builds the items from the rows its single query read.
 */
export function reviewSectionHtml(input: {
  style: string;
  rating: Parameters<typeof tourRatingPlainHtml>[0];
  tourId: number;
  ajaxUrl: string;
  items: SafeHtml;
  pagination: SafeHtml;
  /** The same first page, typed, for the island. */
  page: ReviewsPage;
}): SafeHtml {
  const props: ReviewsProps = {
    tourId: String(input.tourId),
    ajaxUrl: input.ajaxUrl,
    summary: reviewSummaryProps(input.rating),
    sortLabel: SORT_LABEL,
    sorts: REVIEW_SORTS,
    filters: REVIEW_FILTERS,
    list: input.page,
  };
  return html`<div class="tourmaster-single-review-container tourmaster-container tourmaster-${input.style}" ><div class="tourmaster-single-review-item tourmaster-item-pdlr" ><div class="tourmaster-single-review" id="tourmaster-single-review" >${islandProps(
    'Reviews',
    props,
  )}<div class="tourmaster-single-review-head clearfix" ><div class="tourmaster-single-review-head-info clearfix" >${tourRatingPlainHtml(
    input.rating,
  )}${REVIEW_FILTER}</div></div><div class="tourmaster-single-review-content" id="tourmaster-single-review-content" data-tour-id="${input.tourId}" data-ajax-url="${
    input.ajaxUrl
  }" >${input.items}${input.pagination}</div></div></div></div>`;
}

/** The name of the reviews' filter select for assistive technology (DEVIATIONS.md 68), shared with the island. */
export { REVIEW_FILTER_LABEL };

/** The legacy filter select as the plugin printed it, with our name added (for tests comparing to captures). */
export const withReviewFilterLabel = (legacy: string) =>
  legacy.replace(
    '<select id="tourmaster-filter-by" >',
    `<select id="tourmaster-filter-by" aria-label="${REVIEW_FILTER_LABEL}" >`,
  );

const SORT_LABEL = 'Sort By:';
/** The sorts (`data-sort-by`), the first page's (date) active. */
const REVIEW_SORTS: ReviewChoice[] = [
  { value: 'rating', label: 'Rating' },
  { value: 'date', label: 'Date' },
];
const REVIEW_FILTERS: ReviewChoice[] = [
  { value: '', label: 'Filter By' },
  { value: 'solo', label: 'Solo' },
  { value: 'couple', label: 'Couple' },
  { value: 'family', label: 'Family' },
  { value: 'group', label: 'Group' },
];

/**
 * The sort and filter controls. The select has no visible label in the legacy markup; its name is
 * printed here, not left to the island, which mounts only when the section scrolls into view.
 */
const REVIEW_FILTER = html`<div class="tourmaster-single-review-filter" id="tourmaster-single-review-filter" ><div class="tourmaster-single-review-sort-by" ><span class="tourmaster-head" >${SORT_LABEL}</span>${REVIEW_SORTS.map(
  (sort) =>
    html`<span class="tourmaster-sort-by-field${sort.value === 'date' ? ' tourmaster-active' : ''}" data-sort-by="${sort.value}" >${sort.label}</span>`,
)}</div><div class="tourmaster-single-review-filter-by tourmaster-form-field tourmaster-with-border" ><div class="tourmaster-combobox-wrap" ><select id="tourmaster-filter-by" aria-label="${REVIEW_FILTER_LABEL}" >${REVIEW_FILTERS.map(
  (filter) => html`<option value="${filter.value}" >${filter.label}</option>`,
)}</select></div></div></div>`;
