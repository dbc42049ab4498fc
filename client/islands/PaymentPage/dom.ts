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

/**
 * Labels, roles and states for the fragment just inserted in `root` (content or sidebar). Safe to
 * run again on the same markup. The payment step's own parts (gateways, terms, services) are
 * enhancePaymentStep's (payment-dom.ts).
 */
export function enhance(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>(ACTION_SELECTOR)) {
    if (el instanceof HTMLButtonElement || (el instanceof HTMLAnchorElement && el.hasAttribute('href'))) continue;
    el.setAttribute('role', 'button');
    if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
    if (el.classList.contains('tourmaster-tour-booking-bar-date-edit')) {
      el.setAttribute('aria-label', 'Edit the travel date');
    }
  }
  for (const coupon of root.querySelectorAll<HTMLInputElement>('input.tourmaster-tour-booking-bar-coupon')) {
    coupon.setAttribute('aria-label', 'Coupon code');
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

/** The scripts of a fragment, for reading the values they set (sidebar-vars.ts). */
export function scriptsOf(root: ParentNode): { text: string; src: string }[] {
  return [...root.querySelectorAll('script')].map((s) => ({ text: s.text, src: s.getAttribute('src') ?? '' }));
}
