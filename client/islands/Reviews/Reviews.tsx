import { useEffect, useRef, useState } from 'react';
import type { ReviewsProps } from '../../common/islands/Reviews';
import { RatingSummary } from './ReviewEntry';
import { ReviewFilter } from './ReviewFilter';
import { ReviewList } from './ReviewList';
import { useReviewList } from './useReviewList';

/**
 * The tour's reviews (reviews.md §2–6) inside `.tourmaster-single-review`: the head (the tour's
 * rating, "Sort By", "Filter By") and the list with its page numbers, reloaded without leaving the
 * page. Sorting and filtering go back to page 1; after a page click the section's top comes back
 * into view (when it is above) and the focus goes to the new page numbers. The list is dimmed and
 * busy while it loads.
 */
export function Reviews(props: ReviewsProps) {
  const { state, load } = useReviewList(props);
  const { list, busy } = state;
  const head = useRef<HTMLDivElement>(null);
  const pages = useRef<HTMLSpanElement>(null);
  const [paged, setPaged] = useState(0);
  useEffect(() => {
    if (paged > 0) backToList(head.current, pages.current);
  }, [paged]);

  const choose = (choice: { sort: string; filter: string }) => void load(choice);
  const goTo = (page: number) =>
    void load({ sort: list.sort, filter: list.filter, paged: page }).then((loaded) => {
      if (loaded) setPaged((n) => n + 1);
    });
  return (
    <>
      <div className="tourmaster-single-review-head clearfix" ref={head}>
        <div className="tourmaster-single-review-head-info clearfix">
          <RatingSummary summary={props.summary} />
          <ReviewFilter
            sortLabel={props.sortLabel}
            sorts={props.sorts}
            filters={props.filters}
            sort={state.sort}
            filter={state.filter}
            onSort={(sort) => choose({ sort, filter: state.filter })}
            onFilter={(filter) => choose({ sort: state.sort, filter })}
          />
        </div>
      </div>
      <div
        className="tourmaster-single-review-content"
        id="tourmaster-single-review-content"
        data-tour-id={props.tourId}
        data-ajax-url={props.ajaxUrl}
        aria-busy={busy || undefined}
        style={{ transition: 'opacity 200ms', ...(busy ? { opacity: 0.2 } : {}) }}
      >
        <ReviewList page={list} onPage={goTo} focusRef={pages} />
      </div>
    </>
  );
}

/** The section's top (the marker, the head's parent) back in view when above it; focus on the page numbers. */
function backToList(head: HTMLElement | null, pages: HTMLElement | null): void {
  const section = head?.parentElement;
  if (section) {
    const top = section.getBoundingClientRect().top + window.scrollY;
    if (top < window.scrollY) window.scrollTo({ top, behavior: 'smooth' });
  }
  pages?.focus({ preventScroll: true });
}
