/**
 * Personal data out of captured traffic: the values of fields that hold a person's details (names,
 * e-mail, phone, address, passwords, free text) are masked where they are posted, and every place
 * a reply echoes one of those values is masked the same way. Masks keep a value's shape (an e-mail
 * stays a valid address, a phone number stays digits, a date stays a date), so a masked request is
 * still valid or invalid exactly as the original was, and both sites see the same masked request.
 */

/** Field names (the innermost `[key]`, without `[]`) whose values are personal. */
const PERSONAL_FIELD =
  /^(?:.*e-?mail.*|.*phone.*|.*first[-_]?name|.*last[-_]?name|full[-_]?name|display[-_]?name|nickname|username|user_login|log|pwd|.*pass(?:word)?|.*address.*|passport.*|birth[-_]?date|.*enquiry.*|additional[-_]?notes|description|comment|message|card.*|cvc|cvv|iban)$/i;

export function isPersonalField(key: string): boolean {
  const inner = /\[([^\]]*)\](?:\[\])?$/.exec(key)?.[1] ?? key.replace(/\[\]$/, '');
  return PERSONAL_FIELD.test(inner || key.replace(/\[.*$/, ''));
}

/** A value of the same shape that says nothing about the person. */
export function maskValue(value: string): string {
  if (value === '') return value;
  const email = /^([^@\s]+)@([^@\s]+\.[^@\s]+)$/.exec(value);
  if (email) return `${email[1]!.replace(/[^.]/g, 'x')}@example.com`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return '1990-01-01';
  return value.replace(/\p{L}|\d/gu, (c) => (/\d/.test(c) ? '5' : /\p{Lu}/u.test(c) ? 'X' : 'x'));
}

/** Collects what was masked, so replies that echo it can be masked the same way. */
export class Masker {
  readonly replaced = new Map<string, string>();
  readonly fields = new Set<string>();

  mask(key: string, value: string): string {
    if (!isPersonalField(key)) return value;
    const masked = maskValue(value);
    if (masked !== value) {
      this.fields.add(key);
      this.replaced.set(value, masked);
    }
    return masked;
  }

  /** An urlencoded body or query string with personal values masked; other pairs are kept byte for byte. */
  maskUrlEncoded(text: string): string {
    return text
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        if (eq < 0) return pair;
        const key = decodeForm(pair.slice(0, eq));
        const value = decodeForm(pair.slice(eq + 1));
        const masked = this.mask(key, value);
        return masked === value ? pair : `${pair.slice(0, eq)}=${encodeForm(masked)}`;
      })
      .join('&');
  }

  /** A JSON value (the booking-detail cookie) with personal keys masked, at any depth. */
  maskJson(value: unknown, key = ''): unknown {
    if (typeof value === 'string') return this.mask(key, value);
    if (Array.isArray(value)) return value.map((v) => this.maskJson(v, key));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.maskJson(v, k)]));
    return value;
  }

  /** Text of a reply with every masked value replaced, as written plainly, URL-, JSON- or HTML-encoded. */
  maskEchoes(text: string): string {
    let out = text;
    // Longest first, so a full name is masked before a first name inside it.
    const values = [...this.replaced].filter(([v]) => v.length >= 3).sort(([a], [b]) => b.length - a.length);
    for (const [value, masked] of values) {
      for (const [from, to] of [
        [value, masked],
        [encodeForm(value), encodeForm(masked)],
        [encodeURIComponent(value), encodeURIComponent(masked)],
        [JSON.stringify(value).slice(1, -1), JSON.stringify(masked).slice(1, -1)],
        [escapeHtml(value), escapeHtml(masked)],
      ] as const)
        if (from) out = out.split(from).join(to);
    }
    return out;
  }
}

function decodeForm(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** As a browser encodes a form value (spaces as `+`). */
function encodeForm(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
