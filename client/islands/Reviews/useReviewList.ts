import { useEffect, useRef, useState } from 'react';
import type { ReviewsPage, ReviewsProps } from '../../common/islands/Reviews';
import { postAjax } from '../../lib/ajax';
import { type Asked, replyPage } from './adapter';

export interface ReviewListState {
  /** The page shown. */
  list: ReviewsPage;
  /** The controls: the sort and filter being loaded, else the shown page's. */
  sort: string;
  filter: string;
  busy: boolean;
}

/**
 * The list reloaded with `get_single_tour_review` (reviews.md §6): `tour_id`, `sort_by`,
 * `filter_by`, and `paged` for a page click only. A newer request aborts the one before, so only
 * the last choice fills the list. A request that fails leaves the list as it was and the controls
 * back on what it shows. `load` resolves true once the new page is in.
 */
export function useReviewList(props: Pick<ReviewsProps, 'tourId' | 'ajaxUrl' | 'list'>) {
  const [state, setState] = useState<ReviewListState>({
    list: props.list,
    sort: props.list.sort,
    filter: props.list.filter,
    busy: false,
  });
  const request = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => request.current?.abort(), []);

  const load = async (choice: { sort: string; filter: string; paged?: number }): Promise<boolean> => {
    request.current?.abort();
    const mine = new AbortController();
    request.current = mine;
    setState((s) => ({ ...s, sort: choice.sort, filter: choice.filter, busy: true }));
    const query = {
      action: 'get_single_tour_review',
      tour_id: props.tourId,
      sort_by: choice.sort,
      filter_by: choice.filter,
      ...(choice.paged === undefined ? {} : { paged: choice.paged }),
    };
    const reply = await postAjax(props.ajaxUrl, query, { signal: mine.signal });
    if (mine.signal.aborted) return false;
    const asked: Asked = { sort: choice.sort, filter: choice.filter, page: choice.paged ?? 1 };
    const page = reply.kind === 'ok' ? replyPage(reply.data, asked) : undefined;
    setState((s) =>
      page
        ? { list: page, sort: page.sort, filter: page.filter, busy: false }
        : { ...s, sort: s.list.sort, filter: s.list.filter, busy: false },
    );
    return page !== undefined;
  };
  return { state, load };
}
