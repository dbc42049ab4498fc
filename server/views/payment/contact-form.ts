import type { CustomField } from '../../tourmaster/custom-fields';
import { PAGE_MESSAGES } from '../../tourmaster/payment-page';
import { formField } from '../form-field';
import { html, type SafeHtml } from '../html';

export interface ContactFormInput {
  fields: readonly CustomField[];
  /**
   * The value of a field by its input name (`email`, `billing_email`): the detail's value, else the
   * logged-in user's meta of that name, else the field's default (the caller decides).
   */
  value: (name: string, field: CustomField) => string;
  notes: string;
  /** A message shown in the error box (the server refused the step). */
  error?: string;
}

/**
 * CONTACT-FORM (payment.md §2.2): contact fields, billing fields (`billing_{slug}`, each pointing at
 * its contact field for the "same as contact details" copy), notes, the error box whose texts the
 * script shows, and the Next Step button.
 */
export function contactForm(input: ContactFormInput): SafeHtml {
  const contact = input.fields.map((field) =>
    formField('tourmaster-contact-field', field, input.value(field.slug, field)),
  );
  const billing = input.fields.map((field) => {
    const name = `billing_${field.slug}`;
    return formField('tourmaster-billing-field', { ...field, slug: name }, input.value(name, field), {
      data: { name: 'contact-detail', value: field.slug },
    });
  });
  return html`<div class="tourmaster-payment-contact-wrap tourmaster-form-field tourmaster-with-border" ><h3 class="tourmaster-payment-contact-title" ><i class="fa fa-file-text-o" ></i>Contact Details</h3>${contact}</div><div class="tourmaster-payment-billing-wrap tourmaster-form-field tourmaster-with-border" ><h3 class="tourmaster-payment-billing-title" ><i class="fa fa-file-text-o" ></i>Billing Details</h3><div class="tourmaster-payment-billing-copy-wrap" ><label><input type="checkbox" class="tourmaster-payment-billing-copy" id="tourmaster-payment-billing-copy" /><span class="tourmaster-payment-billing-copy-text" >The same as contact details</span></label></div>${billing}</div><div class="tourmaster-payment-additional-note-wrap tourmaster-form-field tourmaster-with-border" ><h3 class="tourmaster-payment-additional-note-title" ><i class="fa fa-file-text-o" ></i>Notes</h3><div class="tourmaster-additional-note-field clearfix"><span class="tourmaster-head">Additional Notes</span><span class="tourmaster-tail clearfix"><textarea name="additional_notes" >${input.notes}</textarea></span></div></div>${requiredErrorBox(input.error)}<a class="tourmaster-tour-booking-continue tourmaster-button tourmaster-payment-step" data-step="3" >Next Step</a>`;
}

/** The box the script fills with one of its data texts; a server-side refusal shows its message in it. */
function requiredErrorBox(error: string | undefined): SafeHtml {
  return html`<div class="tourmaster-tour-booking-required-error tourmaster-notification-box tourmaster-failure" data-default="${PAGE_MESSAGES.required}" data-email="${PAGE_MESSAGES.email}" data-phone="${PAGE_MESSAGES.phone}" ${error !== undefined && html`style="display: block;" `}>${error}</div>`;
}
