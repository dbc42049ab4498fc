import { isEmpty, str } from '../php/coerce';
import { type CustomField, parseCustomFields } from './custom-fields';

/**
 * The enquiry form's fields (engagement.md §1): the tour's post meta `tourmaster-enquiry-form-fields`,
 * else the `tourmaster_general` option `enquiry-form-fields`, both in the plugin's custom-field
 * syntax, else the plugin's three defaults. The same list renders the form and is checked on the
 * server.
 */
export const DEFAULT_ENQUIRY_FIELDS: readonly CustomField[] = [
  field('full-name', 'Full Name', 'text'),
  field('email-address', 'Email Address', 'text'),
  field('your-enquiry', 'Your Enquiry', 'textarea'),
];

function field(slug: string, title: string, type: string): CustomField {
  return { slug, title, type, required: true, options: [], default: '', width: '', attributes: {} };
}

/** The acceptance checkbox the form always carries (`on` when ticked; the script sends `0` otherwise). */
export const ENQUIRY_ACCEPTANCE_FIELD = 'tourmaster-require-acceptance';

/**
 * A field the legacy form does not have: a text input hidden from people (off-screen, out of the tab
 * order, `autocomplete="off"`). Form-filling robots fill it; an enquiry that carries a value is
 * answered as sent and nothing is mailed.
 */
export const ENQUIRY_HONEYPOT_FIELD = 'tourmaster-enquiry-website';

export function enquiryFields(
  tourMetaFields: unknown,
  general: Readonly<Record<string, unknown>>,
): readonly CustomField[] {
  const context = { userDefaultCountry: str(general['user-default-country']) };
  const own = str(tourMetaFields);
  if (!isEmpty(own)) return parseCustomFields(own, context);
  const site = str(general['enquiry-form-fields']);
  if (!isEmpty(site)) return parseCustomFields(site, context);
  return DEFAULT_ENQUIRY_FIELDS;
}
