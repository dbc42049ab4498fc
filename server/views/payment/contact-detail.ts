import { isEmpty, str } from '../../php/coerce';
import type { ContactDetails } from '../../tourmaster/booking';
import type { FormValue } from '../../tourmaster/booking-detail';
import type { CustomField } from '../../tourmaster/custom-fields';

import { html, type SafeHtml } from '../html';

const ICON = html`<i class="fa fa-file-text-o" ></i>`;

/**
 * CONTACT-DETAIL (payment.md §2.2): the contact and billing values read back, `-` when empty, and
 * the notes when there are any. Values are escaped: the legacy site printed them as HTML (XSS,
 * payment.md §8.6).
 */
export function contactDetail(fields: readonly CustomField[], details: ContactDetails): SafeHtml {
  const rows = (values: ReadonlyMap<string, FormValue>) =>
    fields.map(
      (field) =>
        html`<div class="tourmaster-payment-detail" ><span class="tourmaster-head" >${field.title} :</span><span class="tourmaster-tail" >${shown(values.get(field.slug))}</span></div>`,
    );
  const { notes } = details;
  return html`<div class="tourmaster-payment-contact-detail-wrap clearfix tourmaster-item-rvpdlr" ><div class="tourmaster-payment-detail-wrap tourmaster-payment-contact-detail tourmaster-item-pdlr" ><h3 class="tourmaster-payment-detail-title" >${ICON}Contact Details</h3>${rows(details.contact)}</div><div class="tourmaster-payment-detail-wrap tourmaster-payment-billing-detail tourmaster-item-pdlr" ><h3 class="tourmaster-payment-detail-title" >${ICON}Billing Details</h3>${rows(details.billing)}</div></div>${
    !isEmpty(notes) &&
    html`<div class="tourmaster-payment-detail-notes-wrap" ><h3 class="tourmaster-payment-detail-title" >${ICON}Notes</h3><div class="tourmaster-payment-detail" ><span class="tourmaster-head" >Additional Notes :</span><span class="tourmaster-tail" >${notes}</span></div></div><div class="clear" ></div>`
  }`;
}

function shown(value: unknown): string {
  return isEmpty(value) ? '-' : str(value);
}
