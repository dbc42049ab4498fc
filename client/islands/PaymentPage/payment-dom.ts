import { idOf } from './dom';

/**
 * The payment step's markup helpers (the plugin's terms box and gateway fragments): fetched with
 * payment-step.ts, so the contact step's page does not carry them.
 */

const GATEWAY_NAMES: Readonly<Record<string, string>> = {
  paypal: 'Pay with PayPal',
  stripe: 'Pay by credit card',
  authorize: 'Pay by credit card',
  hipayprofessional: 'Pay with Hipay',
  woocommerce: 'Pay now',
};

/** A gateway's button's name, by the `type` it sends (its image's `alt` for one not listed). */
export function gatewayLabel(type: string, alt: string): string {
  return GATEWAY_NAMES[type] ?? `Pay with ${alt}`;
}

/**
 * Labels for the payment step's parts in `root` (after dom.ts's enhance made its pseudo-buttons
 * buttons): the gateways' images, the terms boxes, the services' boxes and amounts.
 */
export function enhancePaymentStep(root: ParentNode): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-method="ajax"]')) {
    img.setAttribute('aria-label', gatewayLabel(img.dataset.actionType ?? '', img.alt));
  }
  for (const box of root.querySelectorAll<HTMLInputElement>('input[name="term-and-service"]')) {
    box.setAttribute('aria-label', 'I agree with the Terms of Service and Privacy Statement');
    box.setAttribute('aria-required', 'true');
  }
  for (const item of root.querySelectorAll<HTMLElement>('.tourmaster-payment-service-form-item')) {
    const title = item.querySelector('.tourmaster-payment-service-form-item-title');
    if (!title) continue;
    const titleId = idOf(title, 'tm-service');
    item.querySelector('input[type="checkbox"]')?.setAttribute('aria-labelledby', titleId);
    const amount = item.querySelector<HTMLInputElement>('input[type="text"]');
    amount?.setAttribute('aria-label', `${title.textContent?.trim() ?? 'Service'}: amount`);
  }
}

/** Shows a message in one of the page's error boxes (empty hides it), and ties it to the fields at fault. */
export function showErrorBox(
  box: HTMLElement | null,
  message: string | undefined,
  fields: readonly Element[] = [],
): void {
  if (!box) return;
  if (message) {
    box.textContent = message;
    box.style.display = 'block';
    box.classList.add('tourmaster-active');
  } else {
    box.textContent = '';
    box.style.display = 'none';
    box.classList.remove('tourmaster-active');
  }
  for (const field of fields) field.setAttribute('aria-describedby', idOf(box, 'tm-message'));
}

/** Marks a field as failing a check (the legacy class and `aria-invalid`), or clears it. */
export function markInvalid(el: Element, invalid: boolean): void {
  el.classList.toggle('tourmaster-validate-error', invalid);
  if (invalid) el.setAttribute('aria-invalid', 'true');
  else el.removeAttribute('aria-invalid');
}

/**
 * Runs the inline scripts of a gateway's fragment as jQuery's `.html()` did (Stripe's and the other
 * gateways' forms need theirs). Only used for replies of our own server's payment actions.
 */
export function runInlineScripts(root: HTMLElement): void {
  // The page's content-security policy runs inline scripts that carry its nonce (the server's own).
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  for (const old of root.querySelectorAll('script')) {
    const script = document.createElement('script');
    for (const attr of old.attributes) script.setAttribute(attr.name, attr.value);
    if (nonce) script.nonce = nonce;
    script.text = old.text;
    old.replaceWith(script);
  }
}
