import type { ContactStepProps, FormFieldProps } from '../../../client/common/islands/PaymentPage';
import { list, str } from '../../php/coerce';
import type { CustomField } from '../../tourmaster/custom-fields';
import { PAGE_MESSAGES } from '../../tourmaster/payment-page';
import type { ContactFormInput } from './contact-form';
import type { TravellerFormInput } from './traveller-form';

/**
 * The contact step as the PaymentPage island's props (client/common/islands/PaymentPage.ts), from
 * the same inputs TRAVELLER-FORM and CONTACT-FORM print: what the forms show, field for field, so
 * the island's React forms and the legacy markup never disagree (adapter.test.tsx checks that the
 * island's reading of this markup gives these props).
 */
export function contactStepProps(
  contact: ContactFormInput,
  travellers: TravellerFormInput | null | undefined,
): ContactStepProps {
  const fieldOf = (field: CustomField, name: string, contactDetail?: string): FormFieldProps => ({
    name,
    slug: field.slug,
    title: field.title,
    type: field.type,
    required: field.required,
    options: SELECTS.has(field.type) ? field.options.map((o) => ({ value: o.value, label: o.label })) : [],
    value: contact.value(name, field),
    ...(contactDetail !== undefined ? { contactDetail } : {}),
  });
  return {
    ...(travellers ? { travellers: travellerProps(travellers) } : {}),
    contact: contact.fields.map((f) => fieldOf(f, f.slug)),
    billing: contact.fields.map((f) => fieldOf(f, `billing_${f.slug}`, f.slug)),
    notes: contact.notes,
    messages: { default: PAGE_MESSAGES.required, email: PAGE_MESSAGES.email, phone: PAGE_MESSAGES.phone },
    ...(contact.error !== undefined ? { error: contact.error } : {}),
  };
}

/** The field types printed as a select (the only ones whose options show). */
const SELECTS = new Set(['combobox', 'country']);

function travellerProps(input: TravellerFormInput): NonNullable<ContactStepProps['travellers']> {
  const rowValue = (slug: string, i: number) => str(list(input.detail[`traveller_${slug}`])[i]);
  return {
    heading: !input.group || input.rows.count > 0,
    withTitle: input.withTitle,
    withPassport: input.withPassport,
    fields: input.fields.map((f) => ({
      slug: f.slug,
      title: f.title,
      select: f.type === 'combobox',
      required: f.required,
      // The select's first option is its title, printed with an empty value.
      options:
        f.type === 'combobox' ? f.options.map((o, n) => ({ value: n === 0 ? '' : o.value, label: o.label })) : [],
      width: f.width,
    })),
    rows: Array.from({ length: input.rows.count }, (_, i) => ({
      required: i < input.rows.required,
      ...(input.withTitle ? { title: rowValue('title', i) } : {}),
      firstName: rowValue('first_name', i),
      lastName: rowValue('last_name', i),
      ...(input.withPassport ? { passport: rowValue('passport', i) } : {}),
      extra: input.fields.map((f) => rowValue(f.slug, i)),
    })),
  };
}
