/**
 * How long a visitor's free text may be. The legacy forms took any length: a 360-character name
 * made the payment page's review step 3,000 px wide, and a 480-character surname was stored and
 * mailed. Each field is bounded by what it holds (a name, an address, a note), well within what its
 * column, its mail and its page can show; a longer value is refused with the field's name and its
 * limit, never cut silently. Pure.
 */

export const TEXT_LIMITS = {
  name: 100,
  /** RFC 5321's longest address. */
  email: 254,
  phone: 40,
  country: 100,
  passport: 50,
  /** A one-line field of any other kind (text, select, date). */
  line: 200,
  /** Notes, addresses, enquiries: any multi-line field. */
  notes: 2000,
} as const;

/** The limit of a field, from its slug (`billing_`/`traveller_` prefixes included) and its custom-field type. */
export function textLimit(slug: string, type = ''): number {
  const name = slug.replace(/^(billing_|traveller_)/, '').toLowerCase();
  if (type === 'email' || /e-?mail/.test(name)) return TEXT_LIMITS.email;
  if (/phone|mobile|tel$/.test(name)) return TEXT_LIMITS.phone;
  if (type === 'country' || name === 'country') return TEXT_LIMITS.country;
  if (name === 'passport') return TEXT_LIMITS.passport;
  if (/(^|[-_])(first|last|full|sur)?[-_]?name$/.test(name)) return TEXT_LIMITS.name;
  if (type === 'textarea' || /notes|address|enquiry|message|description/.test(name)) return TEXT_LIMITS.notes;
  return TEXT_LIMITS.line;
}

/** Characters as a reader counts them (code points: an emoji is one). */
export function textLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

export function isTooLong(value: unknown, limit: number): boolean {
  return typeof value === 'string' && value.length > limit && textLength(value) > limit;
}

/** "First Name is too long: at most 100 characters." (the field's title, else a readable slug). */
export function tooLongMessage(title: string, limit: number): string {
  return `${title} is too long: at most ${limit} characters.`;
}

/** A slug as a reader would name it: `billing_first_name` → "First name". */
export function readableName(slug: string): string {
  const words = slug
    .replace(/^(billing_|traveller_)/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'A field';
}
