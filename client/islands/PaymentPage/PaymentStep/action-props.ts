import type { TermsState } from './Terms';

/** What the payment step's buttons ask of the page: pay online with a gateway's `type`, or book and pay later. */
export interface PayActions {
  /** A request is running: the buttons do nothing meanwhile. */
  busy: boolean;
  onPay: (type: string) => void;
  onBookLater: () => void;
}

/** What style-1's payment methods need besides their props: the pay actions, the terms box, where PayPal's buttons go. */
export interface MethodActions extends PayActions {
  terms: TermsState;
  paypalRef?: ((element: HTMLElement | null) => void) | undefined;
}
