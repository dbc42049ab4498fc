import type { Ref } from 'react';
import type { ReviewsPage } from '../../common/islands/Reviews';
import { ReviewEntry } from './ReviewEntry';
import { ReviewPagination } from './ReviewPagination';

/** A page of reviews and its page numbers, as `get_single_tour_review`'s `content` printed them (reviews.md §3–4). */
export function ReviewList(props: {
  page: ReviewsPage;
  onPage: (paged: number) => void;
  focusRef: Ref<HTMLSpanElement>;
}) {
  const { page } = props;
  return (
    <>
      {page.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: reviews carry no id, and a page replaces the list whole
        <ReviewEntry key={`${page.page}-${i}`} item={item} />
      ))}
      <ReviewPagination parts={page.pagination} onPage={props.onPage} focusRef={props.focusRef} />
    </>
  );
}
