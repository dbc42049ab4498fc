/**
 * The server's markup (ours or WordPress's) as data an island's React tree renders again, element
 * for element: the plugin's stylesheets select on classes, on `data-step` and on direct children
 * (`.tourmaster-tour-booking-submit > svg`), so a rewritten form must keep every wrapper. What the
 * visitor edits becomes a component; the rest is kept as {@link RawNode}s.
 */

/** An element kept as the server printed it: tag, attributes and inner HTML. */
export interface RawNode {
  tag: string;
  attrs: Readonly<Record<string, string>>;
  html: string;
}

/** An element whose children the island renders itself (only its tag and attributes are kept). */
export type Shell = Omit<RawNode, 'html'>;

export function shellOf(el: Element): Shell {
  const attrs: Record<string, string> = {};
  for (const a of Array.from(el.attributes)) attrs[a.name] = a.value;
  return { tag: el.localName, attrs };
}

export function rawNode(el: Element): RawNode {
  return { ...shellOf(el), html: el.innerHTML };
}

/** The element children of `root` (text between blocks is the server's indentation). */
export function childElements(root: ParentNode): Element[] {
  return Array.from(root.children);
}

/** An ajax reply's HTML as elements of an inert document: nothing loads or runs while it is read. */
export function parseHtml(html: string): Element[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  return childElements(template.content);
}

/** The value a `<select>` printed with these options posts before anyone touches it. */
export function selectedValue(select: HTMLSelectElement): string {
  const options = Array.from(select.options);
  return (options.find((o) => o.hasAttribute('selected')) ?? options[0])?.value ?? '';
}

export interface Option {
  value: string;
  label: string;
}

export function optionsOf(select: HTMLSelectElement): Option[] {
  return Array.from(select.options, (o) => ({ value: o.value, label: o.textContent ?? '' }));
}

/** Attributes the DOM knows under another name in JSX. */
const PROP_NAMES: Readonly<Record<string, string>> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  autocomplete: 'autoComplete',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  // Kept as printed, without making the field a controlled one.
  value: 'defaultValue',
  checked: 'defaultChecked',
};

/** Attributes whose presence is the value (`readonly=""` is read-only). */
const BOOLEAN = new Set(['checked', 'disabled', 'hidden', 'multiple', 'readonly', 'required', 'selected']);

/**
 * An element's attributes as JSX props: renamed where JSX differs, boolean ones as `true`, `style`
 * as an object, and the XML namespace declarations of inline SVG left out (JSX creates SVG in its
 * namespace anyway).
 */
export function attrsToProps(attrs: Readonly<Record<string, string>>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'xmlns' || name.startsWith('xmlns:') || name.startsWith('xml:')) continue;
    if (name === 'style') props.style = styleObject(value);
    else props[PROP_NAMES[name] ?? name] = BOOLEAN.has(name) ? true : value;
  }
  return props;
}

/** `"position: absolute; left: -10px"` → `{ position: 'absolute', left: '-10px' }`. */
export function styleObject(css: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of css.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon <= 0) continue;
    const property = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (!property || !value) continue;
    const key = property.startsWith('--') ? property : property.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    style[key] = value;
  }
  return style;
}

let keys = 0;

/** A form key of its own for a field (react-hook-form reads `.` and `[` in names as paths; legacy names have `[]`). */
export function fieldKey(): string {
  return `f${++keys}`;
}
