import {
  type ReviewItem,
  type ReviewPaginationPart,
  type ReviewStar,
  type ReviewSummary,
  type ReviewsPage,
  type ReviewsProps,
  reviewsPage,
} from '../../common/islands/Reviews';
import { avatarOfImg } from '../../lib/Avatar';
import { fragment } from '../../lib/dom';

/**
 * The Reviews island's props from markup WordPress printed (reviews.md §2–6): the section on a tour
 * page, and the `content` of a `get_single_tour_review` reply, which has no typed `props`. What a
 * page does not say (its sort, filter and number) is what was asked for.
 */
export type Asked = Pick<ReviewsPage, 'sort' | 'filter' | 'page'>;

/** A reply's page: our typed `props`, else the legacy `content` read; undefined for anything else (`[]`). */
export function replyPage(data: unknown, asked: Asked): ReviewsPage | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const reply = data as { props?: unknown; content?: unknown };
  const typed = reviewsPage.safeParse(reply.props);
  if (typed.success) return typed.data;
  return typeof reply.content === 'string' ? pageOf(fragment(reply.content), asked) : undefined;
}

/** The whole section: `.tourmaster-single-review` with its head and its content element. */
export function reviewsFromMarkup(marker: HTMLElement): ReviewsProps {
  const content = marker.querySelector<HTMLElement>('.tourmaster-single-review-content');
  const { tourId, ajaxUrl } = content?.dataset ?? {};
  if (!content || !tourId || !ajaxUrl) throw new Error('[island Reviews] no review content element');
  const sorts = [...marker.querySelectorAll<HTMLElement>('.tourmaster-single-review-sort-by [data-sort-by]')];
  const select = marker.querySelector<HTMLSelectElement>('.tourmaster-single-review-filter-by select');
  const active = sorts.find((s) => s.classList.contains('tourmaster-active'));
  return {
    tourId,
    ajaxUrl,
    summary: summaryOf(marker.querySelector('.tourmaster-single-review-head .tourmaster-tour-rating')),
    sortLabel: marker.querySelector('.tourmaster-single-review-sort-by .tourmaster-head')?.textContent ?? '',
    sorts: sorts.map((s) => ({ value: s.dataset.sortBy ?? '', label: s.textContent ?? '' })),
    filters: [...(select?.options ?? [])].map((o) => ({ value: o.value, label: o.textContent ?? '' })),
    list: pageOf(content, { sort: active?.dataset.sortBy ?? 'date', filter: select?.value ?? '', page: 1 }),
  };
}

function summaryOf(rating: Element | null): ReviewSummary {
  if (!rating) return null;
  if (rating.classList.contains('tourmaster-tour-rating-empty'))
    return { kind: 'empty', text: rating.textContent ?? '' };
  const text = rating.querySelector('.tourmaster-tour-rating-text')?.textContent ?? '';
  return { kind: 'rated', text, stars: starsOf(rating) };
}

function pageOf(content: ParentNode, asked: Asked): ReviewsPage {
  const items = [...content.querySelectorAll('.tourmaster-single-review-content-item')].map(itemOf);
  const pages = content.querySelector('.tourmaster-review-content-pagination');
  return { ...asked, items, pagination: pages ? [...pages.children].map(partOf) : [] };
}

function itemOf(item: Element): ReviewItem {
  const text = (selector: string) => item.querySelector(selector)?.textContent ?? '';
  const avatar = item.querySelector('.tourmaster-single-review-avatar');
  const image = avatar?.querySelector('img');
  return {
    name: text('.tourmaster-single-review-user-name'),
    type: text('.tourmaster-single-review-user-type'),
    avatar: avatar ? { image: image ? avatarOfImg(image) : null } : null,
    description: item.querySelector('.tourmaster-single-review-detail-description')?.innerHTML ?? '',
    stars: starsOf(item.querySelector('.tourmaster-single-review-detail-rating')),
    date: text('.tourmaster-single-review-detail-date'),
  };
}

const STAR_OF_CLASS: Readonly<Record<string, ReviewStar>> = {
  'fa-star': 'full',
  'fa-star-half-o': 'half',
  'fa-star-o': 'empty',
};

/** The five star icons (`tourmaster_get_rating`) under an element. */
function starsOf(root: Element | null): ReviewStar[] {
  const icons = [...(root?.querySelectorAll(':scope > i') ?? [])];
  return icons.flatMap((i) => [...i.classList].flatMap((c) => STAR_OF_CLASS[c] ?? []).slice(0, 1));
}

/** One span of the pagination (reviews.md §4). */
function partOf(span: Element): ReviewPaginationPart {
  const paged = Number((span as HTMLElement).dataset.paged);
  if (span.classList.contains('dots')) return { kind: 'dots' };
  if (span.querySelector('.fa-angle-left')) return { kind: 'prev', paged };
  if (span.querySelector('.fa-angle-right')) return { kind: 'next', paged };
  const active = span.classList.contains('tourmaster-active');
  return { kind: 'page', n: active ? Number(span.textContent) : paged, active };
}
