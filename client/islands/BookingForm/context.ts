import { createContext } from 'react';
import type { Rule } from './blocks';

/** A field the visitor changed (by its legacy name): the form loads steps and re-prices on it. */
export interface BookingEvents {
  edited(name: string, value: string): void;
}

export const BookingEventsContext = createContext<BookingEvents>({ edited: () => {} });

/** The block a field is in: how it is checked, the fields counted with it, and its room. */
export interface BlockScope {
  rule: Rule;
  /** The form keys of the block's selects (a room's traveller counts). */
  group: readonly string[];
  /** 1-based, in room mode. */
  room?: number;
}

export const BlockScopeContext = createContext<BlockScope>({ rule: 'none', group: [] });

/** What the submit shows: for the submit part with this key (a new step brings a new one). */
export interface SubmitView {
  key: string | undefined;
  sending: boolean;
  /** The static "select all required fields" error: undefined until a submit decided. */
  staticError: boolean | undefined;
  /** The server's refusal, shown under the button. */
  message: string | undefined;
}

export const SubmitViewContext = createContext<SubmitView>({
  key: undefined,
  sending: false,
  staticError: undefined,
  message: undefined,
});
