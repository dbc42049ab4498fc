import type { PaymentFlow } from '../flow';
import type { PaymentView } from '../view-state';

/** The terms box's state and changes, for the payment methods (style-1) or the side box (style-2). */
export function termsBinding(flow: PaymentFlow, view: PaymentView) {
  return {
    agreed: view.terms.agreed,
    invalid: view.terms.invalid,
    onAgree: (agreed: boolean) => flow.store.set({ terms: { agreed, invalid: view.terms.invalid && !agreed } }),
    inputRef: flow.termsInput,
  };
}
