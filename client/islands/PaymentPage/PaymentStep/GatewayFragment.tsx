import { useLayoutEffect, useRef } from 'react';
import { ServerFragment } from '../../../lib/ServerFragment';
import { runInlineScripts } from './gateway-scripts';

/**
 * A reply's content that has no props: a gateway's form after a payment method was chosen (PayPal
 * standard's form posts the visitor to PayPal at once, the card gateway's form gets Stripe's
 * Payment Element from its own module, the others' scripts run as jQuery's `.html()` ran them), a
 * payment plugin's page with its "complete" button, or a page the server could not show (its
 * message). Pure content for the island: nothing in it is state the page reads back.
 */
export function GatewayFragment(props: {
  html: string;
  gateway: boolean;
  /** The card gateway's `props.stripe`, when the reply is its form. */
  stripe?: unknown;
  ajaxUrl: string;
  /** The card form's module (fetched by the page's first chunk: flow.ts). */
  loadStripeForm: () => Promise<typeof import('../../StripeForm/StripeForm')>;
  onPluginComplete: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  const { html, gateway, stripe, ajaxUrl, loadStripeForm, onPluginComplete } = props;
  const complete = useRef(onPluginComplete);
  complete.current = onPluginComplete;
  const withStripe = gateway && stripe !== undefined;
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || !gateway || withStripe) return;
    const paypalForm = root.querySelector<HTMLFormElement>('#goodlayers-paypal-redirection-form');
    if (paypalForm) paypalForm.submit();
    else runInlineScripts(root);
  }, [gateway, withStripe]);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || !withStripe) return;
    // Stripe's code is fetched only now: no other state of the page carries it.
    let unmount: (() => void) | undefined;
    let closed = false;
    void loadStripeForm().then(({ mountStripeForm }) => {
      if (!closed) unmount = mountStripeForm(root, stripe, { ajaxUrl, onPaid: () => complete.current() });
    });
    return () => {
      closed = true;
      unmount?.();
    };
  }, [withStripe, stripe, ajaxUrl, loadStripeForm]);
  useLayoutEffect(() => {
    // The card form's "complete" box is where its script reports; it is no button of the visitor's.
    const element = withStripe ? null : ref.current?.querySelector<HTMLElement>('.goodlayers-payment-plugin-complete');
    if (!element) return;
    element.setAttribute('role', 'button');
    element.tabIndex = 0;
    const press = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      complete.current();
    };
    element.addEventListener('click', press);
    element.addEventListener('keydown', press);
    return () => {
      element.removeEventListener('click', press);
      element.removeEventListener('keydown', press);
    };
  }, [withStripe]);
  return <ServerFragment html={html} elementRef={ref} />;
}
