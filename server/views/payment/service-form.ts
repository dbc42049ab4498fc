import type { ServiceItemProps } from '../../../client/common/islands/payment-step';
import { html, type SafeHtml } from '../html';
import { type ServiceFormInput, serviceItems } from './service-props';

/** SERVICE-FORM for the booking's services (service-props.ts reads them). */
export function serviceForm(input: ServiceFormInput): SafeHtml {
  return serviceFormHtml(serviceItems(input));
}

/**
 * SERVICE-FORM (payment.md §2.2) printed from its props: one checkbox and one amount input per
 * service, so the two lists the script posts stay index-aligned (an unchecked box is posted as 0).
 * Mandatory services are checked and cannot be unchecked.
 */
export function serviceFormHtml(items: readonly ServiceItemProps[]): SafeHtml {
  return html`<div class="tourmaster-payment-service-form-wrap" ><h3 class="tourmaster-payment-service-form-title" >Please select your preferred additional services.</h3><div class="tourmaster-payment-service-form-item-wrap" >${items.map(
    serviceItem,
  )}</div></div>`;
}

function serviceItem(item: ServiceItemProps): SafeHtml {
  // A mandatory service cannot be unchecked: the payment page island holds it (no inline handler).
  const check = item.mandatory ? html`checked data-mandatory aria-disabled="true" ` : item.chosen && 'checked';
  // An unknown `per` still gets its amount input, or every later service would take the wrong amount.
  let tail = html`<input type="hidden" name="service-amount[]" value="1" />`;
  if (item.perLabel) {
    tail = html`<span class="tourmaster-sep" >/</span>${item.perLabel}<input type="hidden" name="service-amount[]" value="1" />`;
  } else if (item.unit) {
    tail = html`<span class="tourmaster-sep" >x</span><input type="text" name="service-amount[]"  value="${item.amount}" ${
      item.maxUnit !== undefined && html` data-max-unit="${item.maxUnit}" `
    } />`;
  }
  return html`<div class="tourmaster-payment-service-form-item" ><input type="checkbox" name="service[]" value="${item.id}" ${check} /><span class="tourmaster-payment-service-form-item-title" >${item.title}</span><span class="tourmaster-payment-service-form-price-wrap" ><span class="tourmaster-head" >${item.price}</span><span class="tourmaster-tail tourmaster-type-${item.per}" >${tail}</span></span></div>`;
}
