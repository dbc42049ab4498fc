import type { ListSectionProps, ListSettings, PagingProps } from '../../common/islands/ListSection';
import type { ListReply } from './adapter';

/**
 * A tour list's state (listing.md §2.8): the cards shown, which filter link is active, what the
 * order filterer shows and carries, the paging, whether a request is in flight, and the last
 * load's outcome (what the live region says and where focus goes once it is drawn).
 */
export interface OrderState {
  settings: ListSettings;
  orderby: string;
  order: string;
  view: string | undefined;
}

export type Outcome =
  | { kind: 'replaced'; page: number; focusPages: boolean; fromHeight: number }
  | { kind: 'appended'; before: number }
  | { kind: 'failed' };

export interface ListState {
  cards: string;
  filter: number;
  order: OrderState | undefined;
  paging: PagingProps | null;
  busy: boolean;
  outcome: (Outcome & { seq: number }) | undefined;
  /** Bumped to draw the controls again as the state says (a select changed while busy goes back). */
  revision: number;
}

/** What a control changes at once (the clicked link active, the chosen sort), put back if the load fails. */
export type Patch = Partial<Pick<ListState, 'filter' | 'order' | 'paging'>>;

export type ListAction =
  | { type: 'start'; patch: Patch }
  | { type: 'fail'; undo: Patch }
  | { type: 'replaced'; reply: ListReply; page: number; focusPages: boolean; fromHeight: number; order: boolean }
  | { type: 'appended'; reply: ListReply; before: number }
  | { type: 'refresh' };

export function initialState(props: ListSectionProps, cards: string): ListState {
  const order = props.orderFilterer;
  return {
    cards,
    filter: 0,
    order: order && { settings: order.settings, orderby: order.orderby, order: order.order, view: order.view },
    paging: props.paging ?? null,
    busy: false,
    outcome: undefined,
    revision: 0,
  };
}

const next = (state: ListState, outcome: Outcome) => ({ ...outcome, seq: (state.outcome?.seq ?? 0) + 1 });

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'start':
      return { ...state, ...action.patch, busy: true };
    case 'fail':
      return { ...state, ...action.undo, busy: false, outcome: next(state, { kind: 'failed' }) };
    case 'replaced': {
      const { reply } = action;
      // The order filterer keeps the settings its reply echoes; the other controls keep their own.
      const order =
        action.order && state.order && reply.settings ? { ...state.order, settings: reply.settings } : state.order;
      const { page, focusPages, fromHeight } = action;
      return {
        ...state,
        busy: false,
        cards: reply.content,
        order,
        paging: reply.paging === undefined ? state.paging : reply.paging,
        outcome: next(state, { kind: 'replaced', page, focusPages, fromHeight }),
      };
    }
    case 'appended': {
      const { reply } = action;
      // An empty page means there is nothing more: the button goes.
      const paging = reply.paging !== undefined ? reply.paging : reply.content ? state.paging : null;
      const outcome = next(state, { kind: 'appended', before: action.before });
      return { ...state, busy: false, cards: state.cards + reply.content, paging, outcome };
    }
    default:
      return { ...state, revision: state.revision + 1 };
  }
}
