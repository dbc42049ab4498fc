import { createPortal } from 'react-dom';
import { PaypalButtons } from '../../PaypalButtons/PaypalButtons';
import type { PaymentFlow } from '../flow';
import type { PaymentView } from '../view-state';
import { paypalAmount } from '../window-vars';
import { Completion } from './Completion';
import { GatewayFragment } from './GatewayFragment';
import { PaymentStepContent } from './PaymentStepContent';
import { payOnline, paypalApproved, pluginComplete } from './payments';
import { termsBinding } from './terms-binding';

/**
 * What the payment step's module shows in the content: the completion, a reply's fragment that
 * has no props (a gateway's form), or the payment step (services, details, methods) with PayPal's
 * buttons in the methods' container where the site uses PayPal's JS SDK.
 */
export function PaymentStepView({ flow, view }: { flow: PaymentFlow; view: PaymentView }) {
  const { props } = view;
  if (props.complete) return <Completion complete={props.complete} />;
  if (view.fragment) {
    return (
      <GatewayFragment
        key={view.shown}
        html={view.fragment.html}
        gateway={view.fragment.gateway}
        stripe={view.fragment.stripe}
        ajaxUrl={flow.ajaxUrl}
        loadStripeForm={flow.loadStripeForm}
        onPluginComplete={() => void pluginComplete(flow)}
      />
    );
  }
  if (!props.payment) return null;
  return (
    <>
      <PaymentStepContent
        step={props.payment}
        choices={view.services}
        onServices={(services) => {
          flow.store.set({ services });
          flow.servicesChanged();
        }}
        terms={termsBinding(flow, view)}
        busy={view.busy}
        onPay={(type) => void payOnline(flow, type)}
        onBookLater={() => void flow.goToStep(4, 'payment-method', 'booking')}
        paypalRef={flow.paypalRef}
      />
      <Paypal flow={flow} view={view} />
    </>
  );
}

/** PayPal's buttons, in the container the methods give them, for the amount of the payment type chosen. */
function Paypal({ flow, view }: { flow: PaymentFlow; view: PaymentView }) {
  const paypal = view.props.sidebar?.vars.paypal;
  if (!view.paypalHost || !paypal?.sdkUrl) return null;
  const current = () => flow.store.get();
  return createPortal(
    <PaypalButtons
      sdkUrl={paypal.sdkUrl}
      currency={paypal.currency}
      amount={() => paypalAmount(current().props.sidebar?.vars.paypal, current().sidebar.paymentType)}
      reference={() => {
        const tid = Number(flow.currentDetail().tid);
        return Number.isInteger(tid) && tid > 0 ? String(tid) : undefined;
      }}
      canPay={() => Promise.resolve(flow.checkTerms())}
      onApproved={(order) => paypalApproved(flow, order)}
      onProblem={(alert) => flow.store.set({ alert })}
    />,
    view.paypalHost,
  );
}
