/**
 * PayPal's JS SDK (https://developer.paypal.com/sdk/js/), loaded once per page from the URL the
 * server printed (client id and currency of the site's PayPal settings). Only the parts the
 * payment page uses are typed.
 */
export interface PaypalOrderActions {
  order: {
    create(order: {
      purchase_units: { amount: { value: string; currency_code?: string }; custom_id?: string }[];
    }): Promise<string>;
    capture(): Promise<PaypalCapturedOrder>;
  };
}

/** The captured order as PayPal's SDK returns it; `id` is what the server verifies. */
export type PaypalCapturedOrder = { id: string; status?: string } & Record<string, unknown>;

export interface PaypalButtonsOptions {
  createOrder(data: unknown, actions: PaypalOrderActions): Promise<string>;
  onApprove(data: { orderID?: string }, actions: PaypalOrderActions): Promise<void>;
  onCancel?(data: unknown): void;
  onError?(error: unknown): void;
}

export interface PaypalNamespace {
  Buttons(options: PaypalButtonsOptions): { render(container: HTMLElement): Promise<void>; close?(): Promise<void> };
}

const loading = new Map<string, Promise<PaypalNamespace>>();

/** The SDK's namespace, loading `url` unless the page already did (the first page render prints its tag). */
export function loadPaypalSdk(
  url: string,
  win: Window & { paypal?: PaypalNamespace } = window,
): Promise<PaypalNamespace> {
  if (win.paypal?.Buttons) return Promise.resolve(win.paypal);
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<PaypalNamespace>((resolve, reject) => {
      const done = () => (win.paypal?.Buttons ? resolve(win.paypal) : reject(new Error('PayPal did not load.')));
      const existing = [...win.document.querySelectorAll<HTMLScriptElement>('script[src]')].find((s) => s.src === url);
      const script = existing ?? win.document.createElement('script');
      script.addEventListener('load', done, { once: true });
      script.addEventListener('error', () => reject(new Error('PayPal could not be reached.')), { once: true });
      if (!existing) {
        script.src = url;
        script.async = true;
        win.document.head.append(script);
      } else if (win.paypal?.Buttons) {
        done();
      }
    });
    // A failed load may be retried (the next render asks again).
    promise.catch(() => loading.delete(url));
    loading.set(url, promise);
  }
  return promise;
}
