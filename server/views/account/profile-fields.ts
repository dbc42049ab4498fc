import { COUNTRY_OPTIONS } from '../../tourmaster/countries';
import { type FormFieldSpec, formField } from '../form-field';
import { html, type SafeHtml } from '../html';

/**
 * The plugin's profile fields (`tourmaster_get_profile_fields`), as the register, edit-profile and
 * change-password forms print them with the `tourmaster-profile-field` class prefix.
 */
export type ProfileFieldType = 'text' | 'password' | 'email' | 'combobox' | 'date' | 'textarea';

export interface ProfileField extends FormFieldSpec {
  type: ProfileFieldType;
}

const field = (
  slug: string,
  title: string,
  type: ProfileFieldType,
  required: boolean,
  options: ProfileField['options'] = [],
): ProfileField => ({ slug, title, type, required, options });

/** Every profile field in the plugin's order (registration walks them all when validating). */
export const PROFILE_FIELDS: readonly ProfileField[] = [
  field('username', 'Username', 'text', true),
  field('password', 'Password', 'password', true),
  field('confirm-password', 'Confirm Password', 'password', true),
  field('first_name', 'First Name', 'text', true),
  field('last_name', 'Last Name', 'text', true),
  field('gender', 'Gender', 'combobox', false, [
    { value: '', label: '-' },
    { value: 'male', label: 'Male' },
    { value: 'female', label: 'Female' },
  ]),
  field('birth_date', 'Birth Date', 'date', true),
  field('email', 'Email', 'email', true),
  field('phone', 'Phone', 'text', true),
  field('country', 'Country', 'combobox', true, COUNTRY_OPTIONS),
  field('contact_address', 'Contact Address', 'textarea', false),
];

const bySlug = (slugs: readonly string[]) => PROFILE_FIELDS.filter((f) => slugs.includes(f.slug));

export const EDIT_PROFILE_FIELDS = bySlug([
  'first_name',
  'last_name',
  'gender',
  'birth_date',
  'email',
  'phone',
  'country',
  'contact_address',
]);

export const CHANGE_PASSWORD_FIELDS: readonly ProfileField[] = [
  field('old-password', 'Old Password', 'password', true),
  field('new-password', 'New Password', 'password', true),
  field('confirm-password', 'Confirm Password', 'password', true),
];

/** Birth-date years: this year back 120 years, newest first (as the plugin lists them). */
export function birthYears(now: Date): number[] {
  const year = now.getUTCFullYear();
  return Array.from({ length: 121 }, (_, i) => year - i);
}

/** One field's markup; password inputs are always printed empty. */
export function profileField(spec: ProfileField, value: string, years: readonly number[]): SafeHtml {
  if (spec.type === 'password') {
    return html`<div class="tourmaster-profile-field tourmaster-profile-field-${spec.slug} tourmaster-type-password clearfix" ><div class="tourmaster-head" >${spec.title}${spec.required && html`<span class="tourmaster-req" >*</span>`}</div><div class="tourmaster-tail clearfix" ><input type="password" name="${spec.slug}" value="" ${spec.required && html` data-required `} /></div></div>`;
  }
  return formField('tourmaster-profile-field', spec, value, { yearRange: years });
}

export function profileFields(
  specs: readonly ProfileField[],
  values: Readonly<Record<string, string>>,
  years: readonly number[],
): SafeHtml {
  return html`${specs.map((spec) => profileField(spec, values[spec.slug] ?? '', years))}`;
}
