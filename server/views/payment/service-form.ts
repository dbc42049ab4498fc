import { isEmpty, str } from '../../php/coerce';
import { formatMoney, type MoneyFormat } from '../../tourmaster/money';
import { phpMoney } from '../../tourmaster/pricing-settings';
import type { ServiceOption } from '../../tourmaster/services';
import { html, type SafeHtml } from '../html';

export interface ServiceFormItem {
  id: string;
  title: string;
  option: ServiceOption;
}

export interface ServiceFormInput {
  /** The tour's services that exist, in the tour's order. */
  items: readonly ServiceFormItem[];
  /** The detail's chosen services, id → amount (pairServices). */
  chosen: ReadonlyMap<string, unknown>;
  format: MoneyFormat;
}

const PER_LABELS: Record<string, string> = { person: 'Person', group: 'Group', room: 'Room' };

/**
 * SERVICE-FORM (payment.md §2.2): one checkbox and one amount input per service, so the two lists
 * the script posts stay index-aligned (an unchecked box is posted as 0). Mandatory services are
 * checked and cannot be unchecked.
 */
export function serviceForm(input: ServiceFormInput): SafeHtml {
  return html`<div class="tourmaster-payment-service-form-wrap" ><h3 class="tourmaster-payment-service-form-title" >Please select your preferred additional services.</h3><div class="tourmaster-payment-service-form-item-wrap" >${input.items.map(
    (item) => serviceItem(item, input.chosen.get(item.id), input.format),
  )}</div></div>`;
}

function serviceItem(item: ServiceFormItem, chosen: unknown, format: MoneyFormat): SafeHtml {
  const { option } = item;
  const per = str(option.per);
  const mandatory = option.mandatory === 'enable';
  // A mandatory service cannot be unchecked: the payment page island holds it (no inline handler).
  const check = mandatory ? html`checked data-mandatory aria-disabled="true" ` : !isEmpty(chosen) && 'checked';
  // An unknown `per` still gets its amount input, or every later service would take the wrong amount.
  let tail = html`<input type="hidden" name="service-amount[]" value="1" />`;
  const label = PER_LABELS[per];
  if (label) {
    tail = html`<span class="tourmaster-sep" >/</span>${label}<input type="hidden" name="service-amount[]" value="1" />`;
  } else if (per === 'unit') {
    const amount = isEmpty(chosen) ? '1' : str(chosen);
    tail = html`<span class="tourmaster-sep" >x</span><input type="text" name="service-amount[]"  value="${amount}" ${
      !isEmpty(option['max-unit']) && html` data-max-unit="${str(option['max-unit'])}" `
    } />`;
  }
  return html`<div class="tourmaster-payment-service-form-item" ><input type="checkbox" name="service[]" value="${item.id}" ${check} /><span class="tourmaster-payment-service-form-item-title" >${item.title}</span><span class="tourmaster-payment-service-form-price-wrap" ><span class="tourmaster-head" >${formatMoney(phpMoney(option.price), format, -2)}</span><span class="tourmaster-tail tourmaster-type-${per}" >${tail}</span></span></div>`;
}
