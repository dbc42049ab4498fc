import type { EnquiryField, EnquiryFormProps } from '../../client/common/islands/EnquiryForm';
import { AGREE_SENTENCE } from '../../client/common/islands/terms-sentence';
import type { CustomField } from '../tourmaster/custom-fields';
import { ENQUIRY_ACCEPTANCE_FIELD, ENQUIRY_HONEYPOT_FIELD } from '../tourmaster/enquiry-fields';
import { formField } from './form-field';
import { html, type SafeHtml } from './html';
import { islandProps } from './island-props';

/**
 * The single tour page's enquiry form (engagement.md §1, `tourmaster_get_enquiry_form`), for the
 * tour page to print inside `div.tourmaster-tour-booking-enquiry-wrap`. Same markup as the plugin's,
 * plus one hidden trap field (ENQUIRY_HONEYPOT_FIELD) the legacy form did not have.
 */
export interface EnquiryFormInput {
  tourId: number;
  fields: readonly CustomField[];
  /** Pre-fill for a logged-in visitor: user meta named like each field's slug. */
  values?: ReadonlyMap<string, string>;
  /** `{siteurl}/wp-admin/admin-ajax.php`. */
  ajaxUrl: string;
  termsUrl: string;
  privacyUrl: string;
}

export const ENQUIRY_VALIDATE_ERROR = 'Please fill all required fields.';
export const ENQUIRY_ACCEPTANCE_ERROR =
  'Please agree to all the terms and conditions before proceeding to the next step';

const ENQUIRY_ACTION = 'tourmaster_send_enquiry_form';
const SUBMIT_LABEL = 'Submit Enquiry';

/**
 * The form printed below as the island's typed props (client/common/islands/EnquiryForm.ts), which
 * it renders from on our pages; the markup stays for the legacy script and for parity.
 */
export function enquiryFormProps(input: EnquiryFormInput): EnquiryFormProps {
  return {
    ajaxUrl: input.ajaxUrl,
    action: ENQUIRY_ACTION,
    validateError: ENQUIRY_VALIDATE_ERROR,
    acceptanceError: ENQUIRY_ACCEPTANCE_ERROR,
    acceptanceName: ENQUIRY_ACCEPTANCE_FIELD,
    termsUrl: input.termsUrl,
    privacyUrl: input.privacyUrl,
    sentence: AGREE_SENTENCE,
    tourId: String(input.tourId),
    fields: input.fields.map((field) => enquiryField(field, input.values?.get(field.slug) ?? '')),
    honeypot: ENQUIRY_HONEYPOT_FIELD,
    submitLabel: SUBMIT_LABEL,
  };
}

function enquiryField(field: CustomField, value: string): EnquiryField {
  return {
    name: field.slug,
    title: field.title,
    type: field.type,
    required: field.required,
    value,
    options: field.options.map((o) => ({ value: o.value, label: o.label })),
    years: [],
  };
}

export function renderEnquiryForm(input: EnquiryFormInput): SafeHtml {
  return html`<form class="tourmaster-enquiry-form tourmaster-form-field tourmaster-with-border clearfix"  id="tourmaster-enquiry-form"  data-ajax-url="${input.ajaxUrl}"  data-action="${ENQUIRY_ACTION}"  data-validate-error="${ENQUIRY_VALIDATE_ERROR}"  >${islandProps('EnquiryForm', enquiryFormProps(input))}${input.fields.map(
    (field) => formField('tourmaster-enquiry-field', field, input.values?.get(field.slug) ?? ''),
  )}<div class="tourmaster-enquiry-field-trap" style="position: absolute; left: -10000px; top: auto; width: 1px; height: 1px; overflow: hidden;" aria-hidden="true" ><input type="text" name="${ENQUIRY_HONEYPOT_FIELD}" value="" tabindex="-1" autocomplete="off" /></div><div class="tourmaster-enquiry-term" ><input type="checkbox" name="${ENQUIRY_ACCEPTANCE_FIELD}" />* I agree with <a href="${
    input.termsUrl
  }" target="_blank">Terms of Service</a> and <a href="${
    input.privacyUrl
  }" target="_blank">Privacy Statement</a>.<div class="tourmaster-enquiry-term-message tourmaster-enquiry-form-message tourmaster-failed" >${ENQUIRY_ACCEPTANCE_ERROR}</div></div><div class="tourmaster-enquiry-form-message" ></div><input type="hidden" name="tour-id" value="${
    input.tourId
  }" /><input type="submit" class="tourmaster-button" value="${SUBMIT_LABEL}" /></form>`;
}
