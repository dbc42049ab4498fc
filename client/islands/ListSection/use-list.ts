import { type RefObject, useCallback, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { ListSectionProps, ListSettings } from '../../common/islands/ListSection';
import { type AjaxValue, postAjax } from '../../lib/ajax';
import { readListReply } from './adapter';
import { dim, growFrom, scrollToList } from './motion';
import { announcement, requestBody } from './protocol';
import { initialState, type ListState, listReducer, type Patch } from './state';

/** One control's request: its action and settings, the option it sends, what it changes at once. */
export interface LoadRequest {
  control: { action: string; settings: ListSettings };
  name?: string | undefined;
  value?: string | undefined;
  /** "Load More": the page's cards are added after the others. */
  append?: boolean;
  patch?: Patch;
  /** The order filterer's request: its reply's settings become its own. */
  order?: boolean;
  /** Focus was on the page numbers: it goes to the new current page. */
  focusPages?: boolean;
}

/** Where the list puts focus after a load: the current page number, the "Load More" button. */
export interface ListRefs {
  holder: RefObject<HTMLDivElement | null>;
  currentPage: RefObject<HTMLAnchorElement | null>;
  loadMore: RefObject<HTMLAnchorElement | null>;
}

const ITEM = '.gdlr-core-item-list, .tourmaster-item-list';

/** The cards in the holder (measured after a load, for the count and the focus). */
export const itemsIn = (holder: Element): HTMLElement[] =>
  [...holder.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el.matches(ITEM));

/**
 * The list's state and its one loader: one request at a time (a control used meanwhile is drawn
 * back as it was), the holder faded and `aria-busy` while it runs, and on failure every change the
 * control made at once put back, the list as it was.
 */
export function useList(props: ListSectionProps, cards: string) {
  const [state, dispatch] = useReducer(listReducer, undefined, () => initialState(props, cards));
  const refs: ListRefs = { holder: useRef(null), currentPage: useRef(null), loadMore: useRef(null) };
  const busy = useRef(false);
  const latest = useRef(state);
  latest.current = state;
  const { ajaxUrl } = props;
  const load = useCallback(
    async (request: LoadRequest, holder: HTMLElement | null) => {
      if (busy.current || !holder) return dispatch({ type: 'refresh' });
      busy.current = true;
      const patch = request.patch ?? {};
      const undo = Object.fromEntries(Object.keys(patch).map((k) => [k, latest.current[k as keyof Patch]])) as Patch;
      dispatch({ type: 'start', patch });
      const fromHeight = holder.getBoundingClientRect().height;
      if (!request.append) scrollToList(holder);
      const fade = request.append ? undefined : dim(holder);
      const { action, settings } = request.control;
      const body = requestBody(action, settings as AjaxValue, request.name, request.value);
      const result = await postAjax(ajaxUrl, body);
      const reply = result.kind === 'ok' ? readListReply(result.data) : undefined;
      fade?.cancel();
      busy.current = false;
      if (!reply) {
        console.warn(`[island ListSection] ${action} failed; the list is unchanged`, result);
        return dispatch({ type: 'fail', undo });
      }
      if (request.append) return dispatch({ type: 'appended', reply, before: itemsIn(holder).length });
      const page = request.name === 'paged' ? Number(request.value) : 1;
      const focusPages = !!request.focusPages;
      dispatch({ type: 'replaced', reply, page, focusPages, fromHeight, order: !!request.order });
    },
    [ajaxUrl],
  );
  const status = useAfterLoad(state, refs);
  return { state, refs, status, load: (request: LoadRequest) => load(request, refs.holder.current) };
}

/** Once a load is drawn: the holder's height eases to the new cards, focus moves, the live region speaks. */
function useAfterLoad(state: ListState, refs: ListRefs): string {
  const [status, setStatus] = useState('');
  const { outcome } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per load outcome, on its number.
  useLayoutEffect(() => {
    const holder = refs.holder.current;
    if (!outcome || !holder) return;
    const items = itemsIn(holder);
    let text = announcement({ kind: 'failed' });
    if (outcome.kind === 'replaced') {
      growFrom(holder, outcome.fromHeight);
      if (outcome.focusPages) refs.currentPage.current?.focus({ preventScroll: true });
      if (outcome.focusPages && !refs.currentPage.current) focusItem(items[0] ?? holder);
      text = announcement({ kind: 'replaced', shown: items.length, page: outcome.page });
    } else if (outcome.kind === 'appended') {
      const first = items[outcome.before];
      if (first) focusItem(first);
      else refs.loadMore.current?.focus();
      const more = !!state.paging;
      text = announcement({ kind: 'appended', added: items.length - outcome.before, shown: items.length, more });
    }
    // A change of text is what is announced: cleared first, so the same words are heard again.
    setStatus('');
    const timer = window.setTimeout(() => setStatus(text), 50);
    return () => window.clearTimeout(timer);
  }, [outcome?.seq]);
  return status;
}

/** A card's title link takes the focus (or the card itself). */
function focusItem(item: HTMLElement): void {
  const link = item.querySelector<HTMLElement>('.tourmaster-tour-title a[href]') ?? item.querySelector('a[href]');
  if (link) link.focus();
  else {
    item.tabIndex = -1;
    item.focus();
  }
}
