import { createRoot } from 'react-dom/client';
import { PaymentPageProps } from '../../common/islands/PaymentPage';
import { readIslandProps } from '../../lib/island-props';
import { createStore } from '../../lib/store';
import '../../styles/payment.css';
import { loadContactStep, loadPaymentStep, PaymentFlow } from './flow';
import { PaymentView } from './PaymentView';
import { type PageParts, partsOf } from './parts';
import { readPaymentProps } from './props';
import { initialView, type StepModules } from './view-state';

/**
 * The payment page's steps (payment.md §2–§3) on `#tourmaster-payment-template-wrapper`: contact
 * details → payment → complete, each step fetched from `tourmaster_payment_template`, beside the
 * sidebar (summary, price breakdown, total, coupon). Everything is rendered by React from typed
 * props (client/common/islands/PaymentPage.ts): our server writes them beside the marker and in its
 * replies; for WordPress's pages and replies adapter.ts reads them from the markup. The page's state
 * is one store (view-state.ts) that its actions (flow.ts) change.
 * What the page loads is kept within its budget (60 KB, scripts/bundle-budgets.ts) by fetching
 * each step's module for that step only: ContactStep/ for the contact step, PaymentStep/
 * (the payment step, PayPal's buttons, the completion) after it, adapter.ts only for WordPress's markup.
 */
export function mount(element: HTMLElement): Promise<() => void> {
  const { ajaxUrl, detail } = readPaymentProps(element);
  const written = readIslandProps('PaymentPage', element, PaymentPageProps);
  const parts = partsOf(element);
  const props = written
    ? Promise.resolve(written)
    : import('./adapter').then(({ adaptPage }) => adaptPage(element, parts.initialStep));
  return props.then(async (pageProps) => {
    const modules: StepModules = pageProps.contact
      ? { contact: await loadContactStep() }
      : { payment: await loadPaymentStep() };
    const checked = modules.payment ? modules.payment.checkedProps(pageProps) : pageProps;
    const store = createStore(initialView(parts.initialStep, checked, modules));
    const flow = new PaymentFlow(
      store,
      ajaxUrl,
      element,
      detail,
      { current: null },
      { current: null },
      { current: null },
    );
    return render(parts, flow);
  });
}

/**
 * The step and the sidebar are React's from here on: the server's copies go. Content the props do
 * not describe (a gateway's page, a message) is kept as the server printed it, as a fragment.
 */
function render(parts: PageParts, flow: PaymentFlow): () => void {
  const { props } = flow.store.get();
  const html = parts.content.innerHTML.trim();
  if (!(props.contact || props.payment || props.complete) && html) {
    flow.store.set({ fragment: { html, gateway: false } });
  }
  parts.content.replaceChildren();
  if (props.sidebar) parts.sidebar.replaceChildren();
  // The legacy items are replaced by the island's list (same classes, buttons inside).
  parts.stepInner?.replaceChildren();
  const host = document.createElement('div');
  host.className = 'tourmaster-payment-island';
  parts.content.before(host);
  const root = createRoot(host);
  root.render(<PaymentView flow={flow} parts={parts} />);
  return () => {
    root.unmount();
    host.remove();
  };
}
