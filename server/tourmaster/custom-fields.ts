import { COUNTRY_OPTIONS } from './countries';
import { PHP_TRIM_CHARS, phpTrim } from './dates';

/**
 * The plugin's custom field mini-syntax (booking.md §1.4, schema.md §5), used by extra booking
 * info, contact, traveller and enquiry fields:
 * `{slug=age,title=Age,type=combobox,options=a/b/c,required=true,width=50%}` — one field per `{...}`
 * group; attributes split on `,`, name and value on `=` (exactly two parts, else the attribute is
 * ignored); `options` split on `/`; `type=country` becomes a combobox of countries. No trimming:
 * `title = Age` defines an attribute named `title ` (with a space), as in the plugin.
 */

export interface CustomFieldOption {
  value: string;
  label: string;
}

export interface CustomField {
  slug: string;
  /** '' when not given. */
  title: string;
  /** `text | email | textarea | combobox | date | datepicker | …` as written ('' when not given); `country` reads as `combobox`. */
  type: string;
  /** `required=true` exactly (the form prints `data-required` and the red star only then). */
  required: boolean;
  /** Ordered value → label pairs: `options=A/B` gives `'' → title` first when a non-empty title came before it. */
  options: readonly CustomFieldOption[];
  /** '' when not given; `type=country` sets the site's `user-default-country`. */
  default: string;
  /** '' when not given. */
  width: string;
  /** Every other `name=value` attribute as written (e.g. `placeholder`), plus the ones above as strings. */
  attributes: Readonly<Record<string, string>>;
}

export interface CustomFieldContext {
  /** `tourmaster_general` → `user-default-country` ('' when unset). */
  userDefaultCountry: string;
}

/**
 * `tourmaster_match_curly_braces`: from each `{` to the next `}` inclusive. An unclosed `{` yields
 * the single character `{` (PHP `substr($s, 0, false + 1)`) and ends the scan.
 */
function curlyGroups(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  let start = rest.indexOf('{');
  while (start !== -1) {
    rest = rest.slice(start);
    const end = rest.indexOf('}');
    if (end === -1) {
      out.push(rest.slice(0, 1));
      break;
    }
    out.push(rest.slice(0, end + 1));
    start = rest.indexOf('{', end);
  }
  return out;
}

interface RawField {
  attrs: Map<string, string>;
  options: Map<string, string> | undefined;
}

function readGroup(group: string, context: CustomFieldContext): RawField {
  const field: RawField = { attrs: new Map(), options: undefined };
  // The plugin removes these four sequences in this order; a lone "\r" stays.
  const body = group.split('{').join('').split('}').join('').split('\r\n').join('').split('\n').join('');
  for (const att of body.split(',')) {
    const parts = att.split('=');
    if (parts.length !== 2) continue;
    const [name, value] = parts as [string, string];
    if (name === 'options') {
      // A PHP array keyed by option: a repeated key keeps its first position and takes the last value.
      const options = new Map<string, string>();
      const title = field.attrs.get('title');
      if (title !== undefined && title !== '' && title !== '0') options.set('', title);
      for (const option of value.split('/')) options.set(option, option);
      field.options = options;
    } else if (name === 'type' && value === 'country') {
      field.attrs.set('type', 'combobox');
      field.options = new Map(COUNTRY_OPTIONS.map((o) => [o.value, o.label]));
      field.attrs.set('default', context.userDefaultCountry);
    } else {
      field.attrs.set(name, value);
    }
  }
  return field;
}

/**
 * `tourmaster_read_custom_fields(text)` as an ordered list. The plugin keys the result by slug: a
 * later field with the same slug replaces the earlier one in the earlier one's position. Groups
 * without a slug (PHP files them under the key '') are left out: they cannot be posted back.
 */
export function parseCustomFields(text: string, context: CustomFieldContext): CustomField[] {
  const bySlug = new Map<string, CustomField>();
  for (const group of curlyGroups(text)) {
    const raw = readGroup(group, context);
    const slug = raw.attrs.get('slug') ?? '';
    if (slug === '') continue;
    const attributes = Object.fromEntries(raw.attrs);
    bySlug.set(slug, {
      slug,
      title: raw.attrs.get('title') ?? '',
      type: raw.attrs.get('type') ?? '',
      required: raw.attrs.get('required') === 'true',
      options: raw.options ? [...raw.options].map(([value, label]) => ({ value, label })) : [],
      default: raw.attrs.get('default') ?? '',
      width: raw.attrs.get('width') ?? '',
      attributes,
    });
  }
  return [...bySlug.values()];
}

/**
 * WordPress 6.3 `is_email()` (without the `is_email` filter), rule for rule:
 * at least 6 bytes; an `@` after the first character; the local part (before the first `@`) only
 * `a-zA-Z0-9!#$%&'*+/=?^_\`{|}~.-`; the domain has no `..`, no leading/trailing dot or whitespace,
 * at least two dot-separated labels, each `[a-z0-9-]` (any case) without a leading/trailing hyphen
 * or whitespace. Like PHP's `preg_match` with `$`, the local-part test accepts one trailing "\n".
 */
export function isEmail(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (new TextEncoder().encode(value).length < 6) return false;
  if (value.indexOf('@', 1) === -1) return false;
  // explode('@', $email, 2): split at the first '@' (which may be at position 0, giving an empty local part).
  const at = value.indexOf('@');
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+\n?$/.test(local)) return false;
  if (/\.{2,}/.test(domain)) return false;
  if (phpTrim(domain, `${PHP_TRIM_CHARS}.`) !== domain) return false;
  const subs = domain.split('.');
  if (subs.length < 2) return false;
  for (const sub of subs) {
    if (phpTrim(sub, `${PHP_TRIM_CHARS}-`) !== sub) return false;
    if (!/^[a-z0-9-]+\n?$/i.test(sub)) return false;
  }
  return true;
}
