import { TRAVELLER_TITLES as SHARED_TITLES } from '../../../client/common/islands/PaymentPage';
import { list, str } from '../../php/coerce';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import type { CustomField } from '../../tourmaster/custom-fields';
import type { TravellerRows } from '../../tourmaster/payment-page';
import { html, type SafeHtml } from '../html';

/** The traveller titles of the select, value → label (the island's props carry the same list). */
export const TRAVELLER_TITLES: readonly (readonly [string, string])[] = SHARED_TITLES.map((o) => [o.value, o.label]);

export interface TravellerFormInput {
  rows: TravellerRows;
  /** Group pricing: no heading when the group holds no one. */
  group: boolean;
  withTitle: boolean;
  withPassport: boolean;
  /** Additional traveller fields (`traveller_{slug}[]`). */
  fields: readonly CustomField[];
  detail: BookingDetail;
}

/** TRAVELLER-FORM (payment.md §2.2): one row per traveller, the first `rows.required` marked required. */
export function travellerForm(input: TravellerFormInput): SafeHtml {
  const heading =
    !input.group || input.rows.count > 0
      ? html`<h3 class="tourmaster-payment-traveller-info-title" ><i class="fa fa-suitcase" ></i>Traveller Details</h3>`
      : '';
  const rows: SafeHtml[] = [];
  for (let i = 0; i < input.rows.count; i++) rows.push(travellerRow(input, i, i < input.rows.required));
  return html`<div class="tourmaster-payment-traveller-info-wrap tourmaster-form-field tourmaster-with-border" >${heading}${rows}</div>`;
}

function travellerRow(input: TravellerFormInput, i: number, required: boolean): SafeHtml {
  const value = (name: string) => str(list(input.detail[`traveller_${name}`])[i]);
  const star = required ? ' *' : '';
  const req = required && html` data-required `;
  const title = value('title');
  return html`<div class="tourmaster-traveller-info-field clearfix ${input.withTitle && ' tourmaster-with-info-title'}"><span class="tourmaster-head">Traveller ${i + 1}</span><span class="tourmaster-tail clearfix">${
    input.withTitle &&
    html`<div class="tourmaster-combobox-wrap tourmaster-traveller-info-title" ><select name="traveller_title[]" >${TRAVELLER_TITLES.map(
      ([slug, label]) => html`<option value="${slug}" ${slug === title && 'selected'} >${label}</option>`,
    )}</select></div>`
  }<input type="text" class="tourmaster-traveller-info-input" name="traveller_first_name[]" value="${value('first_name')}" placeholder="First Name${star}" ${req}/><input type="text" class="tourmaster-traveller-info-input" name="traveller_last_name[]" value="${value('last_name')}" placeholder="Last Name${star}" ${req}/>${
    input.withPassport &&
    html`<input type="text" class="tourmaster-traveller-info-passport" name="traveller_passport[]" value="${value('passport')}" placeholder="Passport Number${star}" ${req}/>`
  }${input.fields.map((field) => customInput(field, value(field.slug)))}</span></div>`;
}

function customInput(field: CustomField, value: string): SafeHtml {
  const req = field.required && html`data-required `;
  const star = field.required ? ' *' : '';
  const input =
    field.type === 'combobox'
      ? html`<div class="tourmaster-combobox-wrap" ><select name="traveller_${field.slug}[]" ${req} >${field.options.map(
          (o, n) =>
            n === 0
              ? html`<option value="" >${o.label}${star}</option>`
              : html`<option value="${o.value}" ${o.value === value && 'selected'} >${o.label}</option>`,
        )}</select></div>`
      : html`<input type="text" name="traveller_${field.slug}[]" value="${value}" placeholder="${field.title}${star}" ${req} />`;
  const custom = html`<div class="tourmaster-traveller-info-custom" >${input}</div>`;
  return field.width ? html`<div style="float: left; width: ${field.width}" >${custom}</div>` : custom;
}
