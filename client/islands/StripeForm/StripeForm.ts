import { STRIPE_PROCESSING_MESSAGE, StripeFormProps } from '../../common/islands/stripe-form';
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
  processing: STRIPE_PROCESSING_MESSAGE,
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
  const parsed = StripeFormProps.safeParse(raw);
  if (!parsed.success) {
    errors.textContent = STRIPE_MESSAGES.notLoaded;
    button.disabled = true;
    return () => undefined;
  }
  return new CardPayment({ form, target, button, errors }, parsed.data, deps).start();
}

interface FormParts {
  form: HTMLFormElement;
  target: HTMLElement;
  button: HTMLButtonElement;
  errors: HTMLElement;
}

/** One card form's life: Stripe.js mounted, then each press of its button. */
class CardPayment {
  private readonly tid: string;
  private readonly ajaxUrl: string;
  private closed = false;
  private busy = false;
  /** Paid: the button stays disabled while the page fetches the completion. */
  private paid = false;
  private stripe: StripeInstance | undefined;
  private elements: StripeElements | undefined;
  private destroy: (() => void) | undefined;
  /**
   * A PaymentIntent Stripe confirmed (succeeded, or still processing) that our server has not
   * recorded yet, whatever the reason (no connection, Stripe unreachable from the server, a rate
   * limit, still processing): the next press sends only the charge call again. Confirming it a
   * second time would fail in Stripe.js, and could never pay twice anyway.
   */
  private confirmedId: string | undefined;

  constructor(
    private readonly parts: FormParts,
    private readonly props: StripeFormProps,
    private readonly deps: StripeFormDeps,
  ) {
    const { form } = parts;
    this.tid = form.querySelector<HTMLInputElement>('input[name="tid"]')?.value || String(props.orderId);
    this.ajaxUrl = /^(https?:\/\/|\/)/.test(form.dataset.ajaxUrl ?? '') ? form.dataset.ajaxUrl! : deps.ajaxUrl;
  }

  start(): () => void {
    this.setBusy(true);
    loadStripeJs()
      .then((Stripe) => {
        if (this.closed) return;
        this.stripe = Stripe(this.props.publishableKey);
        this.elements = this.stripe.elements({ clientSecret: this.props.clientSecret });
        const element = this.elements.create('payment');
        element.mount(this.parts.target);
        this.destroy = () => element.destroy();
        this.setBusy(false);
      })
      .catch(() => {
        if (!this.closed) this.show(STRIPE_MESSAGES.notLoaded);
      });
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      void this.submit();
    };
    this.parts.form.addEventListener('submit', onSubmit);
    return () => {
      this.closed = true;
      this.parts.form.removeEventListener('submit', onSubmit);
      this.destroy?.();
    };
  }

  private async submit(): Promise<void> {
    const { stripe, elements } = this;
    if (this.busy || !stripe || !elements) return;
    this.setBusy(true);
    this.show('');
    try {
      if (this.confirmedId) return await this.charge(this.confirmedId);
      const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: 'if_required' });
      if (error) return this.show(stripeMessage(error));
      if (paymentIntent?.status === 'processing') {
        // A method that completes later: the webhook records it; a later press asks the server again.
        this.confirmedId = paymentIntent.id;
        return this.show(STRIPE_MESSAGES.processing);
      }
      if (paymentIntent?.status !== 'succeeded') return this.show(STRIPE_MESSAGES.declined);
      this.confirmedId = paymentIntent.id;
      await this.charge(paymentIntent.id);
    } catch {
      this.show(STRIPE_MESSAGES.notConfirmed);
    } finally {
      if (!this.closed && !this.paid) this.setBusy(false);
    }
  }

  /** `stripe_payment_charge`: our server checks the PaymentIntent with Stripe and records the payment. */
  private async charge(id: string): Promise<void> {
    const result = await postAjax(this.ajaxUrl, {
      action: 'stripe_payment_charge',
      tid: this.tid,
      paymentIntent: { id },
    });
    if (result.kind === 'ok' && (result.data as { status?: unknown } | null)?.status === 'success') {
      this.confirmedId = undefined;
      this.paid = true;
      this.deps.onPaid();
    } else if (result.kind === 'error' && result.status === undefined) {
      // The request never reached us: `confirmedId` (this PaymentIntent) is sent again on the next press.
      this.show(STRIPE_MESSAGES.offline);
    } else {
      this.show((result.kind === 'failed' && result.message) || STRIPE_MESSAGES.notConfirmed);
    }
  }

  private setBusy(value: boolean): void {
    this.busy = value;
    this.parts.button.disabled = value;
    this.parts.form.setAttribute('aria-busy', String(value));
  }

  private show(message: string): void {
    this.parts.errors.textContent = message;
  }
}

/** Stripe's own words (a decline, a mistyped card, a failed 3-D Secure check), localised by Stripe.js. */
const stripeMessage = (error: StripeError): string => error.message || STRIPE_MESSAGES.declined;
