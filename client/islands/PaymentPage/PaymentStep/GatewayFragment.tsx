import { useLayoutEffect, useRef } from 'react';
import { ServerFragment } from '../../../lib/ServerFragment';
import { runInlineScripts } from './gateway-scripts';

/**
 * A reply's content that has no props: a gateway's form after a payment method was chosen (PayPal
 * standard's form posts the visitor to PayPal at once, the others' scripts run as jQuery's `.html()`
 * ran them), a payment plugin's page with its "complete" button, or a page the server could not
 * show (its message). Pure content for the island: nothing in it is state the page reads back.
 */
export function GatewayFragment(props: { html: string; gateway: boolean; onPluginComplete: () => void }) {
  const ref = useRef<HTMLElement>(null);
  const { html, gateway, onPluginComplete } = props;
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || !gateway) return;
    const paypalForm = root.querySelector<HTMLFormElement>('#goodlayers-paypal-redirection-form');
    if (paypalForm) paypalForm.submit();
    else runInlineScripts(root);
  }, [gateway]);
  useLayoutEffect(() => {
    const complete = ref.current?.querySelector<HTMLElement>('.goodlayers-payment-plugin-complete');
    if (!complete) return;
    complete.setAttribute('role', 'button');
    complete.tabIndex = 0;
    const press = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      onPluginComplete();
    };
    complete.addEventListener('click', press);
    complete.addEventListener('keydown', press);
    return () => {
      complete.removeEventListener('click', press);
      complete.removeEventListener('keydown', press);
    };
  }, [onPluginComplete]);
  return <ServerFragment html={html} elementRef={ref} />;
}
