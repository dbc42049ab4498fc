import type { RefObject } from 'react';
import type { ListSectionProps } from '../../common/islands/ListSection';
import { ServerFragment } from '../../lib/ServerFragment';
import { Filterer } from './Filterer';
import { OrderFilterer } from './OrderFilterer';
import { PagingSlot } from './Paging';
import { useList } from './use-list';

const HOLDER_CLASS = 'tourmaster-tour-item-holder gdlr-core-js-2 clearfix';

/**
 * A tour list with its ajax controls (listing.md §2.1, §2.4–§2.8), drawn inside the plugin's
 * `div.tourmaster-tour-item`: what the page printed before the controls, the category filterer,
 * the order filterer, the holder with the cards (server content), a polite live region, then the
 * page numbers or "Load More". Filter, order, view and page changes replace the cards; "Load More"
 * adds to them. An empty page says "No tours found."; a failed request leaves the list as it was.
 */
export function ListSection({ props, cards, lead }: { props: ListSectionProps; cards: string; lead: string }) {
  const { state, refs, status, load } = useList(props, cards);
  const { ajaxUrl } = props;
  return (
    <>
      {lead && <ServerFragment html={lead} className="dropin-list-lead" />}
      {props.filterer && <Filterer props={props.filterer} active={state.filter} ajaxUrl={ajaxUrl} onLoad={load} />}
      {props.orderFilterer && state.order && (
        <OrderFilterer props={props.orderFilterer} state={state.order} ajaxUrl={ajaxUrl} onLoad={load} />
      )}
      <Holder
        cards={state.cards}
        empty={!state.cards && state.outcome !== undefined}
        layout={props.layout}
        busy={state.busy}
        holderRef={refs.holder}
      />
      <div className="dropin-visually-hidden" role="status" aria-live="polite">
        {status}
      </div>
      <PagingSlot
        paging={state.paging}
        ajaxUrl={ajaxUrl}
        onLoad={load}
        linkRef={state.paging?.kind === 'load-more' ? refs.loadMore : refs.currentPage}
      />
    </>
  );
}

/** The ajax target: the cards as the server rendered them, or a note when a page has none. */
function Holder(args: {
  cards: string;
  empty: boolean;
  layout: string;
  busy: boolean;
  holderRef: RefObject<HTMLDivElement | null>;
}) {
  const attributes = { 'data-layout': args.layout, 'aria-busy': args.busy ? ('true' as const) : undefined };
  if (!args.empty) {
    const ref = args.holderRef as RefObject<HTMLElement | null>;
    return <ServerFragment html={args.cards} className={HOLDER_CLASS} attributes={attributes} elementRef={ref} />;
  }
  return (
    <div className={HOLDER_CLASS} {...attributes} ref={args.holderRef}>
      <p className="dropin-list-empty tourmaster-item-pdlr">No tours found.</p>
    </div>
  );
}
