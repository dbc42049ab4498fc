/**
 * Stripe.js v3 (https://docs.stripe.com/js), loaded from Stripe once per page, only when the card
 * gateway's form arrives (it must come from js.stripe.com, never from our bundle; the page's
 * content-security policy allows that host on the payment page where Stripe is configured:
 * server/http/security-headers.ts). Only the parts the card form uses are typed.
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

export interface StripeError {
  type?: string;
  code?: string;
  message?: string;
}

export interface StripePaymentIntent {
  id: string;
  status: string;
}

export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
}

export interface StripeInstance {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    redirect: 'if_required';
    confirmParams?: { return_url?: string };
  }): Promise<{ error?: StripeError; paymentIntent?: StripePaymentIntent }>;
}

export type StripeConstructor = (publishableKey: string) => StripeInstance;

type StripeWindow = Window & { Stripe?: StripeConstructor };

let loading: Promise<StripeConstructor> | undefined;

/** The `Stripe` constructor, loading Stripe.js unless the page already has it. */
export function loadStripeJs(win: StripeWindow = window): Promise<StripeConstructor> {
  if (win.Stripe) return Promise.resolve(win.Stripe);
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = win.document.createElement('script');
    script.addEventListener(
      'load',
      () => (win.Stripe ? resolve(win.Stripe) : reject(new Error('Stripe.js did not load.'))),
      { once: true },
    );
    script.addEventListener('error', () => reject(new Error('Stripe.js could not be reached.')), { once: true });
    script.src = STRIPE_JS_URL;
    script.async = true;
    win.document.head.append(script);
  });
  // A failed load may be retried (the next form asks again).
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
