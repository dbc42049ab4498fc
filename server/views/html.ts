/**
 * A small HTML builder for the protocol's fragments. Interpolated values are escaped as WordPress's
 * esc_html/esc_attr escape them, unless wrapped in `raw()` (markup we built, or HTML the site's admin
 * entered and the legacy site printed as HTML). Arrays are joined; null, undefined and false print
 * nothing, so conditional parts read as `${cond && html`…`}`.
 *
 * The legacy fragments carry bare attributes, inline SVG and admin HTML that the legacy script
 * reads back; building them as strings keeps them exact and fast, and pages embed them as HTML.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = SafeHtml | string | number | boolean | null | undefined | readonly Part[];

export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

function render(part: Part): string {
  if (part === null || part === undefined || part === false || part === true) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** esc_html / esc_attr: the five special characters as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** `esc_url` for printing: `&` as `&#038;`, quotes and angle brackets as entities. */
export function escUrl(url: string): SafeHtml {
  return raw(escapeHtml(url).replace(/&amp;/g, '&#038;'));
}
