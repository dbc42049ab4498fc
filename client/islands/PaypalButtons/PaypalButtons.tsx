import { useEffect, useRef, useState } from 'react';
import { loadPaypalSdk, type PaypalCapturedOrder } from './sdk';

/**
 * PayPal's own buttons in `#paypal-button-container` (payment option `paypal-method == js-sdk`).
 * The order PayPal creates charges the amount the SERVER computed for the chosen payment type (the
 * sidebar's full or deposit amount, fee included); after the visitor approves it, the payment is
 * captured and handed to the server, which verifies it with PayPal before the booking counts as
 * paid (DEVIATIONS.md 13). Mounted by the PaymentPage island, which owns the request and the reply.
 */
export interface PaypalButtonsProps {
  sdkUrl: string;
  currency: string | undefined;
  /** The amount to charge now, or undefined when there is none. */
  amount: () => string | undefined;
  /** The booking's order number when it has one (paying an existing order): PayPal keeps it as `custom_id`, the server checks it. */
  reference?: () => string | undefined;
  /** The page's step-4 check (the terms box); false stops PayPal from opening. */
  canPay: () => Promise<boolean>;
  onApproved: (order: PaypalCapturedOrder) => Promise<void>;
  onProblem: (message: string) => void;
}

export function PaypalButtons(props: PaypalButtonsProps) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let closed = false;
    let close: (() => Promise<void>) | undefined;
    loadPaypalSdk(props.sdkUrl)
      .then(async (paypal) => {
        if (closed || !box.current) return;
        const buttons = paypal.Buttons({
          createOrder: async (_data, actions) => {
            if (!(await latest.current.canPay())) throw new Error('check');
            const value = latest.current.amount();
            if (!value) {
              latest.current.onProblem('There is nothing to pay for this booking.');
              throw new Error('amount');
            }
            const currency = latest.current.currency;
            const reference = latest.current.reference?.();
            return actions.order.create({
              purchase_units: [
                {
                  amount: currency ? { value, currency_code: currency } : { value },
                  ...(reference ? { custom_id: reference } : {}),
                },
              ],
            });
          },
          onApprove: async (_data, actions) => {
            const order = await actions.order.capture();
            await latest.current.onApproved(order);
          },
          onError: (error) => {
            if (error instanceof Error && (error.message === 'check' || error.message === 'amount')) return;
            latest.current.onProblem('PayPal could not take the payment. Nothing was charged; please try again.');
          },
        });
        close = buttons.close?.bind(buttons);
        await buttons.render(box.current);
        if (!closed) setState('ready');
      })
      .catch(() => {
        if (!closed) setState('failed');
      });
    return () => {
      closed = true;
      void close?.().catch(() => undefined);
    };
  }, [props.sdkUrl]);

  return (
    <div className="tourmaster-paypal-buttons" data-state={state}>
      {state === 'loading' ? <p className="tourmaster-paypal-buttons-note">Loading PayPal…</p> : null}
      {state === 'failed' ? (
        <p className="tourmaster-paypal-buttons-note" role="alert">
          PayPal could not be loaded. Please check your connection, reload the page, or book and pay later.
        </p>
      ) : null}
      <div ref={box} />
    </div>
  );
}
