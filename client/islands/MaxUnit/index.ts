import { clampUnits, maxUnitOf } from './clamp';

/**
 * Unit amounts with a maximum (`input[data-max-unit]`, the payment page's additional services,
 * payment.md §2.2): the value is kept within 1…max (clamp.ts). This is the browser's side only: the
 * server prices the amount it is sent (pricing.md §4, as the legacy site did).
 *
 * The listeners sit on the document in the capture phase: the payment page replaces its step markup
 * with every reply, and its own listeners (on the page's wrapper) must already see the corrected
 * value. Each input also gets `inputmode=numeric` and "At most N" as its description (a `title`), and a
 * name when the page gave it none, when mounted or focused.
 */
const SELECTOR = 'input[data-max-unit]';
let installed = false;

export function mount(input: HTMLElement): undefined {
  install();
  if (input instanceof HTMLInputElement) describe(input);
  return undefined;
}

function install(): void {
  if (installed) return;
  installed = true;
  const clamp = (final: boolean) => (event: Event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.matches(SELECTOR)) return;
    const max = maxUnitOf(input.getAttribute('data-max-unit'));
    if (max === undefined) return;
    const value = clampUnits(input.value, max, final);
    if (value === input.value) return;
    input.value = value;
    // A correction made on leaving the field is a new value for the page's own listeners.
    if (final) input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  document.addEventListener('input', clamp(false), true);
  document.addEventListener('change', clamp(true), true);
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLInputElement && event.target.matches(SELECTOR)) describe(event.target);
    },
    true,
  );
}

function describe(input: HTMLInputElement): void {
  const max = maxUnitOf(input.getAttribute('data-max-unit'));
  if (max === undefined) return;
  if (!input.hasAttribute('inputmode')) input.setAttribute('inputmode', 'numeric');
  // The limit as the field's description (and tooltip); its name stays what the page gives it.
  if (!input.hasAttribute('title')) input.title = `At most ${max}`;
  if (input.labels?.length || input.hasAttribute('aria-label') || input.hasAttribute('aria-labelledby')) return;
  const title = input
    .closest('.tourmaster-payment-service-form-item')
    ?.querySelector('.tourmaster-payment-service-form-item-title')
    ?.textContent?.trim();
  input.setAttribute('aria-label', title ? `${title}: amount` : 'Amount');
}
