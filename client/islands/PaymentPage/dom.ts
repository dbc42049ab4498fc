import type { NamedField } from './detail';

/**
 * The payment page's markup is the plugin's (server views or WordPress itself): anchors without
 * `href` as buttons, inputs whose label is a sibling `div`, error boxes shown by script. These
 * helpers read it and make it usable with a keyboard and a screen reader, without changing what the
 * server and the legacy protocol see (names, values, classes).
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Every named control inside `root`, in page order, as the legacy script read them; none inside
 * `skip` (a part React renders, whose values its form gives).
 */
export function collectNamedFields(root: ParentNode, skip?: Element): NamedField[] {
  const fields: NamedField[] = [];
  for (const el of root.querySelectorAll<Control>('input[name], select[name], textarea[name]')) {
    if (skip?.contains(el)) continue;
    if (el instanceof HTMLInputElement && ['button', 'submit', 'reset', 'file', 'image'].includes(el.type)) continue;
    const kind = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? el.type : 'other';
    fields.push({
      name: el.name,
      kind,
      value: el.value,
      checked: el instanceof HTMLInputElement ? el.checked : false,
    });
  }
  return fields;
}

let uid = 0;
/** A stable id for an element (its own, or a new one). */
export function idOf(el: Element, prefix: string): string {
  if (!el.id) el.id = `${prefix}-${++uid}`;
  return el.id;
}

/** The elements that act as buttons in the plugin's markup (anchors without href, spans, images). */
export const ACTION_SELECTOR = [
  '.tourmaster-payment-step',
  '.tourmaster-tour-booking-bar-coupon-validate',
  '[data-method="ajax"]',
  '.tourmaster-pay-now',
  '.tourmaster-pay-woocommerce',
  '.tourmaster-tour-booking-bar-date-edit',
  '.tourmaster-tour-booking-bar-price-breakdown-link',
  '.goodlayers-payment-plugin-complete',
].join(', ');

const GATEWAY_NAMES: Readonly<Record<string, string>> = {
  paypal: 'Pay with PayPal',
  stripe: 'Pay by credit card',
  authorize: 'Pay by credit card',
  hipayprofessional: 'Pay with Hipay',
  woocommerce: 'Pay now',
};

/**
 * Labels, roles and states for the fragment just inserted in `root` (content or sidebar). Safe to
 * run again on the same markup.
 */
export function enhance(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>(ACTION_SELECTOR)) {
    if (el instanceof HTMLButtonElement || (el instanceof HTMLAnchorElement && el.hasAttribute('href'))) continue;
    el.setAttribute('role', 'button');
    if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
    if (el instanceof HTMLImageElement && el.dataset.method === 'ajax') {
      el.setAttribute('aria-label', GATEWAY_NAMES[el.dataset.actionType ?? ''] ?? `Pay with ${el.alt}`);
    }
    if (el.classList.contains('tourmaster-tour-booking-bar-date-edit')) {
      el.setAttribute('aria-label', 'Edit the travel date');
    }
  }
  for (const box of root.querySelectorAll<HTMLInputElement>('input[name="term-and-service"]')) {
    box.setAttribute('aria-label', 'I agree with the Terms of Service and Privacy Statement');
    box.setAttribute('aria-required', 'true');
  }
  for (const coupon of root.querySelectorAll<HTMLInputElement>('input.tourmaster-tour-booking-bar-coupon')) {
    coupon.setAttribute('aria-label', 'Coupon code');
  }
  for (const item of root.querySelectorAll<HTMLElement>('.tourmaster-payment-service-form-item')) {
    const title = item.querySelector('.tourmaster-payment-service-form-item-title');
    if (!title) continue;
    const titleId = idOf(title, 'tm-service');
    item.querySelector('input[type="checkbox"]')?.setAttribute('aria-labelledby', titleId);
    const amount = item.querySelector<HTMLInputElement>('input[type="text"]');
    amount?.setAttribute('aria-label', `${title.textContent?.trim() ?? 'Service'}: amount`);
  }
  for (const box of root.querySelectorAll<HTMLElement>(
    '.tourmaster-tour-booking-required-error, .tourmaster-tour-booking-coupon-message',
  )) {
    idOf(box, 'tm-message');
    if (box.classList.contains('tourmaster-tour-booking-required-error')) box.setAttribute('role', 'alert');
    else box.setAttribute('role', 'status');
  }
  const breakdownLink = root.querySelector<HTMLElement>('.tourmaster-tour-booking-bar-price-breakdown-link');
  const breakdown = root.querySelector<HTMLElement>('.tourmaster-price-breakdown');
  if (breakdownLink && breakdown) {
    breakdownLink.setAttribute('aria-controls', idOf(breakdown, 'tm-breakdown'));
    breakdownLink.setAttribute('aria-expanded', String(breakdown.classList.contains('tourmaster-active')));
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

/** The scripts of a fragment, for reading the values they set (sidebar-vars.ts). */
export function scriptsOf(root: ParentNode): { text: string; src: string }[] {
  return [...root.querySelectorAll('script')].map((s) => ({ text: s.text, src: s.getAttribute('src') ?? '' }));
}
