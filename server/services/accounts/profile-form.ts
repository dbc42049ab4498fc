import type { PhpInput } from '../../php/form-body';
import { isEmail } from '../../tourmaster/custom-fields';
import { isTooLong, textLimit, tooLongMessage } from '../../tourmaster/text-limits';
import type { ProfileField } from '../../views/account/profile-fields';
import { passwordProblem } from './reset-password';

/**
 * The plugin's profile-form validation (engagement.md §4.3), shared by registration and the profile
 * edit: every field is checked in form order and each message appears once, in the order its first
 * failure occurred.
 */
export const PROFILE_MESSAGES = {
  required: 'Please fill all required fields.',
  email: 'Incorrect email address.',
  phone: 'Invalid phone number, please try again.',
  specialChars: (title: string) => `Special characters is not allowed in "${title}".`,
  usernameExists: 'Username already exists, pleae try again with another name.',
  passwordMismatch: 'Password does not match the confirm password.',
  terms: 'Please agree to all the terms and conditions before proceeding to the next step',
  sessionExpired: 'The session is expired. Please refesh the page to try again.',
  oldPassword: 'Old password incorrect.',
  passwordChanged: 'Your password has been successfully changed.',
  profileChanged: 'Your profile has been successfully changed.',
} as const;

/**
 * Our password rule for a new password (DEFECTS.md 15; the plugin accepted one character): the
 * password-reset rule of services/accounts/reset-password.ts, so every way of setting a password asks the same
 * (8 characters after trimming, not the login or e-mail, short enough for WordPress to check).
 */
export function passwordRuleError(password: string, user: { login: string; email: string }): string | undefined {
  return passwordProblem(password, user);
}

const PHONE = /^[\d+\-\s().]*$/;
const SPECIAL = /[£^$%&*}{@#~?><|=+]/;

/** A posted field as text: absent, arrays and objects read as ''. */
export function postedText(body: Readonly<Record<string, PhpInput>>, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

export function validateProfileFields(
  fields: readonly ProfileField[],
  values: Readonly<Record<string, string>>,
): string[] {
  const messages: string[] = [];
  const add = (message: string) => {
    if (!messages.includes(message)) messages.push(message);
  };
  for (const field of fields) {
    const value = values[field.slug] ?? '';
    if (field.required && value === '') add(PROFILE_MESSAGES.required);
    if (field.type === 'email') {
      if (!isEmail(value)) add(PROFILE_MESSAGES.email);
    } else if (field.slug === 'phone') {
      if (!PHONE.test(value)) add(PROFILE_MESSAGES.phone);
    } else if (field.type !== 'password' && value !== '' && SPECIAL.test(value)) {
      add(PROFILE_MESSAGES.specialChars(field.title));
    }
    // FIX (DEVIATIONS.md 95): free text bounded (passwords have their own byte limit).
    const limit = textLimit(field.slug, field.type);
    if (field.type !== 'password' && isTooLong(value, limit)) add(tooLongMessage(field.title, limit));
  }
  return messages;
}

/** Only values a select offers are kept for its field (gender, country); free text as posted. */
export function profileValue(field: ProfileField, value: string): string {
  if (field.type !== 'combobox' || value === '') return value;
  return field.options.some((o) => o.value === value) ? value : '';
}

/** `Y-M-D` as the date selects write it (not zero-padded), or '' when it is not a real date. */
export function birthDateValue(value: string): string {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (!m) return '';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? value : '';
}
