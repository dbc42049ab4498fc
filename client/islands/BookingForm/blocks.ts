import { type CustomFieldSpec, parseCustomField } from '../../lib/custom-field';
import {
  fieldKey,
  type Option,
  optionsOf,
  type RawNode,
  rawNode,
  type Shell,
  selectedValue,
  shellOf,
} from '../../lib/markup';
import { readProps } from '../../lib/props';
import { selectLabel } from './booking-rules';
import { tourDatepickerProps } from './props';

/**
 * The booking form's markup as data (booking.md §2–§3): the form's children, and each
 * `tourmaster_tour_booking` reply, become blocks in document order. A block keeps its `data-step`,
 * which decides when a later reply replaces it and how its fields are checked; inside, every
 * element is kept, and the ones the visitor edits become parts the island renders as components.
 */
export type Part =
  /** Markup without anything the visitor edits (icons, notices, hidden fields). */
  | { kind: 'raw'; node: RawNode }
  /** An element kept around parts that are. */
  | { kind: 'box'; shell: Shell; children: Part[] }
  /** `div.tourmaster-combobox-wrap > select[name]`: travellers, rooms, the date list. */
  | { kind: 'select'; key: string; shell: Shell; name: string; value: string; options: Option[]; label: string }
  /** `div.tourmaster-datepicker-wrap`: the calendar of the tour's dates and the hidden `tour-date`. */
  | { kind: 'calendar'; key: string; shell: Shell; input: Shell; alt: Shell; value: string; calendar: Calendar }
  /** `div.tourmaster-combobox-list-wrap`: the package list. */
  | { kind: 'package'; key: string; picker: PackageSpec }
  /** An extra booking field (`.tourmaster-extra-booking-field`). */
  | { kind: 'field'; spec: CustomFieldSpec }
  /** `div.tourmaster-tour-booking-submit-input`: the button and its static error. */
  | { kind: 'submit'; key: string; shell: Shell; button: Shell; error: RawNode | undefined; rest: RawNode[] }
  /** `span.tourmaster-tour-booking-room-text` ("Room <span>N</span> :"), numbered where it is shown. */
  | { kind: 'roomNumber'; shell: Shell; before: string; after: string };

export interface Calendar {
  dates: string[];
  range: number;
  /** jQuery UI syntax, as the page gives it. */
  format: string;
}

export interface PackageSpec {
  wrap: Shell;
  display: Shell;
  /** The display's text when no package is chosen yet. */
  placeholder: string;
  input: Shell;
  list: Shell;
  value: string;
  items: { value: string; shell: Shell; html: string }[];
}

/** How a block's fields are checked before the submit (booking.md §4.3, lib/amount-check.ts). */
export type Rule =
  /** Steps 1–3 (date, package, rooms): every field filled. */
  | 'required'
  /** Step 4 (one per room in room mode): at least one traveller in the block. */
  | 'travellers'
  | 'none';

export interface PlainBlock {
  kind: 'plain';
  id: number;
  /** `data-step`; a block without one (the tour id, carried fields) is never replaced. */
  step: number | undefined;
  rule: Rule;
  part: Part;
}

export interface RoomSpec {
  id: number;
  part: Part;
}

/** Room mode: the room count, one traveller block per room, and the hidden block copied for new rooms. */
export interface RoomsBlock {
  kind: 'rooms';
  id: number;
  step: number | undefined;
  room: Part;
  container: Shell | undefined;
  rooms: RoomSpec[];
  template: { node: RawNode; room: Part | undefined } | undefined;
}

export type Block = PlainBlock | RoomsBlock;

let ids = 0;

/** Anything a visitor edits: such elements are rendered by the island, the rest stays markup. */
const EDITABLE =
  'select[name], textarea, input:not([type="hidden"]), .tourmaster-combobox-list-wrap, .tourmaster-tour-booking-room-text';

export function parseBlocks(elements: readonly Element[]): Block[] {
  const blocks: Block[] = [];
  const used = new Set<Element>();
  for (const el of elements) {
    if (used.has(el)) continue;
    const step = stepOf(el);
    if (el.classList.contains('tourmaster-tour-booking-room')) {
      const sibling = (cls: string) => elements.find((other) => !used.has(other) && other.classList.contains(cls));
      const container = sibling('tourmaster-tour-booking-people-container');
      const template = sibling('tourmaster-tour-booking-room-template');
      if (container) used.add(container);
      if (template) used.add(template);
      const templateRoom = template?.firstElementChild;
      blocks.push({
        kind: 'rooms',
        id: ++ids,
        step,
        room: partOf(el),
        container: container ? shellOf(container) : undefined,
        rooms: container ? Array.from(container.children, (r) => ({ id: ++ids, part: partOf(r) })) : [],
        template: template
          ? { node: rawNode(template), room: templateRoom ? partOf(templateRoom) : undefined }
          : undefined,
      });
      continue;
    }
    const part = partOf(el);
    blocks.push({ kind: 'plain', id: ++ids, step, rule: ruleOf(step, part), part });
  }
  return blocks;
}

function stepOf(el: Element): number | undefined {
  const step = el.getAttribute('data-step');
  return step === null ? undefined : Number(step);
}

function ruleOf(step: number | undefined, part: Part): Rule {
  if (step === 1 || step === 2 || step === 3) return 'required';
  if (step === 4 && !hasGroup(part)) return 'travellers';
  return 'none';
}

/** A private group books as one (`input[name=group]`): nobody has to be counted. */
function hasGroup(part: Part): boolean {
  if (part.kind === 'raw') return /\bname="group"/.test(part.node.html) || part.node.attrs.name === 'group';
  return part.kind === 'box' && part.children.some(hasGroup);
}

export function partOf(el: Element): Part {
  const only = (selector: string) => el.querySelector(`:scope > ${selector}`);
  if (el.classList.contains('tourmaster-combobox-wrap')) {
    const select = only('select[name]');
    if (select instanceof HTMLSelectElement && el.children.length === 1) {
      const options = optionsOf(select);
      return {
        kind: 'select',
        key: fieldKey(),
        shell: shellOf(el),
        name: select.name,
        value: selectedValue(select),
        options,
        label: select.getAttribute('aria-label') ?? selectLabel(select.name, options),
      };
    }
  }
  if (el.classList.contains('tourmaster-datepicker-wrap')) {
    const calendar = calendarOf(el);
    if (calendar) return calendar;
  }
  if (el.classList.contains('tourmaster-combobox-list-wrap')) {
    const picker = packageOf(el);
    if (picker) return { kind: 'package', key: fieldKey(), picker };
  }
  if (el.classList.contains('tourmaster-extra-booking-field')) {
    const spec = parseCustomField(el);
    if (spec) return { kind: 'field', spec };
  }
  if (el.classList.contains('tourmaster-tour-booking-submit-input')) {
    const button = only('input[type="submit"]');
    if (button) {
      const error = only('.tourmaster-tour-booking-submit-error:not(.tourmaster-temp)');
      return {
        kind: 'submit',
        key: fieldKey(),
        shell: shellOf(el),
        button: shellOf(button),
        error: error ? rawNode(error) : undefined,
        rest: Array.from(el.children)
          .filter((c) => c !== button && c !== error)
          .map(rawNode),
      };
    }
  }
  if (el.classList.contains('tourmaster-tour-booking-room-text')) {
    const number = only('span');
    if (number && el.children.length === 1) {
      const text = el.textContent ?? '';
      const at = text.indexOf(number.textContent ?? '');
      return {
        kind: 'roomNumber',
        shell: shellOf(el),
        before: text.slice(0, at),
        after: text.slice(at + (number.textContent ?? '').length),
      };
    }
  }
  // Text between the children could not be kept in place around rendered parts: left as it is.
  const hasText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
  if (!el.querySelector(EDITABLE) || hasText) return { kind: 'raw', node: rawNode(el) };
  return { kind: 'box', shell: shellOf(el), children: Array.from(el.children, partOf) };
}

function calendarOf(wrap: Element): Part | undefined {
  const input = wrap.querySelector(':scope > input.tourmaster-datepicker[data-tour-date]');
  const alt = wrap.querySelector(':scope > input.tourmaster-datepicker-alt');
  if (!(input instanceof HTMLInputElement) || !(alt instanceof HTMLInputElement)) return undefined;
  const props = readProps('BookingForm', input, tourDatepickerProps);
  const value = input.getAttribute('value') ?? '';
  const { value: _printed, ...attrs } = shellOf(input).attrs;
  return {
    kind: 'calendar',
    key: fieldKey(),
    shell: shellOf(wrap),
    input: { tag: 'input', attrs },
    alt: shellOf(alt),
    value: /^\d{4}-\d{1,2}-\d{1,2}$/.test(value) ? value : '',
    calendar: { dates: props.tourDate, range: props.tourRange, format: props.dateFormat },
  };
}

function packageOf(wrap: Element): PackageSpec | undefined {
  const display = wrap.querySelector(':scope > .tourmaster-combobox-list-display');
  const input = wrap.querySelector(':scope > input[name="package"]');
  const list = wrap.querySelector(':scope > ul');
  if (!display || !(input instanceof HTMLInputElement) || !list) return undefined;
  const value = input.getAttribute('value') ?? '';
  return {
    wrap: shellOf(wrap),
    display: shellOf(display),
    placeholder: value ? '' : (display.textContent ?? '').trim(),
    input: shellOf(input),
    list: shellOf(list),
    value,
    items: Array.from(list.querySelectorAll(':scope > li[data-value]'), (li) => ({
      value: li.getAttribute('data-value') ?? '',
      shell: shellOf(li),
      html: li.innerHTML,
    })),
  };
}

/** A new room from the template: the same markup with fields of its own. */
function copyPart(part: Part): Part {
  switch (part.kind) {
    case 'box':
      return { ...part, children: part.children.map(copyPart) };
    case 'select':
    case 'calendar':
    case 'package':
    case 'submit':
      return { ...part, key: fieldKey() };
    case 'field':
      return { ...part, spec: { ...part.spec, key: fieldKey() } };
    default:
      return part;
  }
}

/** The form keys of a part's selects (a room's traveller counts). */
export function selectKeys(part: Part): string[] {
  if (part.kind === 'select') return [part.key];
  return part.kind === 'box' ? part.children.flatMap(selectKeys) : [];
}

export function newRoom(template: Part): RoomSpec {
  return { id: ++ids, part: copyPart(template) };
}

/** The key of the submit part, where the submit's messages are shown. */
export function submitKey(blocks: readonly Block[]): string | undefined {
  const find = (part: Part): string | undefined =>
    part.kind === 'submit' ? part.key : part.kind === 'box' ? part.children.map(find).find(Boolean) : undefined;
  for (const block of blocks) {
    const key = block.kind === 'plain' ? find(block.part) : undefined;
    if (key) return key;
  }
  return undefined;
}
