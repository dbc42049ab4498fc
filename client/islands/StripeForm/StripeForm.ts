import { StripeFormProps } from '../../common/islands/stripe-form';
import { postAjax } from '../../lib/ajax';
import { loadStripeJs, type StripeElements, type StripeError, type StripeInstance } from './stripe-js';

/**
 * The card gateway's form (payment.md §GATEWAY, Stripe): the server's legacy markup
 * (`#goodlayers-stripe-payment-form` with `#card-element`, the order's `tid`, `.payment-errors` and
 * `#card-button`) brought to life as the plugin's script did: Stripe's Payment Element mounted in
 * `#card-element`, the payment confirmed by Stripe.js (3-D Secure included, in Stripe's own
 * frame), then `stripe_payment_charge` asks our server to check the PaymentIntent with Stripe
 * before the booking counts as paid. Declines and network failures leave the form usable with the
 * reason in `.payment-errors`. Loaded by the PaymentPage island only when a reply carries
 * `props.stripe`, so no other page (and no other payment method) fetches Stripe's code.
 */
export interface StripeFormDeps {
  /** The page's admin-ajax URL (used when the form names none). */
  ajaxUrl: string;
  /** The payment is recorded: the page shows the completion ("Booking Completed!"). */
  onPaid: () => void;
}

export const STRIPE_MESSAGES = {
  notLoaded:
    'The card form could not be loaded. Please check your connection and reload the page, or choose another payment method.',
  declined: 'The card payment could not be completed. Please check your card details or try another card.',
  notConfirmed: 'Your payment could not be confirmed. Please try again.',
  offline:
    'Your booking could not be updated: please check your connection and press "Submit Payment" again. You will not be charged twice.',
} as const;

/** Mounts the card form in `root` (the reply's fragment); returns its cleanup. */
export function mountStripeForm(root: HTMLElement, raw: unknown, deps: StripeFormDeps): () => void {
  const form = root.querySelector<HTMLFormElement>('form#goodlayers-stripe-payment-form');
  const target = form?.querySelector<HTMLElement>('#card-element');
  const button = form?.querySelector<HTMLButtonElement>('#card-button');
  const errors = form?.querySelector<HTMLElement>('.payment-errors');
  if (!form || !target || !button || !errors) return () => undefined;
  errors.setAttribute('role', 'alert');
  const show = (message: string) => {
    errors.textContent = message;
  };
  const parsed = StripeFormProps.safeParse(raw);
  if (!parsed.success) {
    show(STRIPE_MESSAGES.notLoaded);
    button.disabled = true;
    return () => undefined;
  }
  const props = parsed.data;
  const tid = form.querySelector<HTMLInputElement>('input[name="tid"]')?.value || String(props.orderId);
  const ajaxUrl = /^(https?:\/\/|\/)/.test(form.dataset.ajaxUrl ?? '') ? form.dataset.ajaxUrl! : deps.ajaxUrl;

  let closed = false;
  let stripe: StripeInstance | undefined;
  let elements: StripeElements | undefined;
  let destroy: (() => void) | undefined;
  /** A PaymentIntent Stripe confirmed whose charge call did not reach us: sent again, not paid again. */
  let confirmedId: string | undefined;
  let busy = false;
  /** Paid: the button stays disabled while the page fetches the completion. */
  let paid = false;
  const setBusy = (value: boolean) => {
    busy = value;
    button.disabled = value;
    form.setAttribute('aria-busy', String(value));
  };

  setBusy(true);
  loadStripeJs()
    .then((Stripe) => {
      if (closed) return;
      stripe = Stripe(props.publishableKey);
      elements = stripe.elements({ clientSecret: props.clientSecret });
      const element = elements.create('payment');
      element.mount(target);
      destroy = () => element.destroy();
      setBusy(false);
    })
    .catch(() => {
      if (!closed) show(STRIPE_MESSAGES.notLoaded);
    });

  const charge = async (id: string): Promise<void> => {
    const result = await postAjax(ajaxUrl, { action: 'stripe_payment_charge', tid, paymentIntent: { id } });
    if (result.kind === 'ok' && (result.data as { status?: unknown } | null)?.status === 'success') {
      confirmedId = undefined;
      paid = true;
      deps.onPaid();
      return;
    }
    if (result.kind === 'error' && result.status === undefined) {
      // The request never reached us: the same PaymentIntent is sent again on the next press.
      confirmedId = id;
      show(STRIPE_MESSAGES.offline);
      return;
    }
    confirmedId = undefined;
    show((result.kind === 'failed' && result.message) || STRIPE_MESSAGES.notConfirmed);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy || !stripe || !elements) return;
    setBusy(true);
    show('');
    try {
      if (confirmedId) return await charge(confirmedId);
      const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: 'if_required' });
      if (error) return show(stripeMessage(error));
      if (paymentIntent?.status !== 'succeeded') return show(STRIPE_MESSAGES.declined);
      await charge(paymentIntent.id);
    } catch {
      show(STRIPE_MESSAGES.notConfirmed);
    } finally {
      if (!closed && !paid) setBusy(false);
    }
  };
  const onSubmit = (event: SubmitEvent) => void submit(event);
  form.addEventListener('submit', onSubmit);
  return () => {
    closed = true;
    form.removeEventListener('submit', onSubmit);
    destroy?.();
  };
}

/** Stripe's own words (a decline, a mistyped card, a failed 3-D Secure check), localised by Stripe.js. */
const stripeMessage = (error: StripeError): string => error.message || STRIPE_MESSAGES.declined;
