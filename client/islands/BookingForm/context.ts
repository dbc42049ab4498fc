import { createContext } from 'react';

/** A field the visitor changed (by its legacy name): the form loads steps and re-prices on it. */
export interface BookingEvents {
  edited(name: string, value: string): void;
}

export const BookingEventsContext = createContext<BookingEvents>({ edited: () => {} });

/** What the submit shows. */
export interface SubmitView {
  sending: boolean;
  /** The static "select all required fields" error: undefined until a submit decided. */
  staticError: boolean | undefined;
  /** The server's refusal, shown under the button. */
  message: string | undefined;
}

export const NO_VIEW: SubmitView = { sending: false, staticError: undefined, message: undefined };

export const SubmitViewContext = createContext<SubmitView>(NO_VIEW);
