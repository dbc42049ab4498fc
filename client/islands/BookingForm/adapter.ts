import type {
  BookingBlock,
  BookingFormProps,
  ComboProps,
  DateControlProps,
  ExtraFieldProps,
  RoomProps,
} from '../../common/islands/BookingForm';

/**
 * The booking form's props from markup WordPress printed (the must-use plugin, `LEGACY_UPSTREAM`):
 * the form of a tour page without a props script, and a `tourmaster_tour_booking` reply without
 * `props`. The same props our server writes (server/views/tour/booking-bar.ts, booking-fields.ts).
 */
export function bookingFormFromMarkup(form: HTMLFormElement): BookingFormProps {
  const children = Array.from(form.children);
  const hiddenInputs = children.filter(
    (el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === 'hidden',
  );
  const dateBlock = children.find((el) => el.classList.contains('tourmaster-tour-booking-date'));
  return {
    tourId: hiddenInputs.find((el) => el.name === 'tour-id')?.value ?? '',
    headPrice: form.classList.contains('tourmaster-update-header-price'),
    date: dateBlock ? dateControlOf(dateBlock) : null,
    blocks: blocksOf(children.filter((el) => el !== dateBlock && !hiddenInputs.includes(el as HTMLInputElement))),
    hidden: hiddenInputs.filter((el) => el.name !== 'tour-id').map((el) => ({ name: el.name, value: el.value })),
  };
}

/** A `tourmaster_tour_booking` reply's `content`, read in an inert template (nothing loads or runs). */
export function bookingBlocksFromHtml(content: string): BookingBlock[] {
  const template = document.createElement('template');
  template.innerHTML = content;
  return blocksOf(Array.from(template.content.children));
}

const text = (el: Element | null | undefined) => (el?.textContent ?? '').trim();

function dateControlOf(block: Element): DateControlProps | null {
  const calendar = block.querySelector<HTMLInputElement>('input.tourmaster-datepicker[data-tour-date]');
  if (calendar) {
    const dates: unknown = JSON.parse(calendar.dataset.tourDate ?? '[]');
    return {
      kind: 'calendar',
      dates: Array.isArray(dates) ? dates.map(String) : [],
      selected: calendar.getAttribute('value') ?? '',
      format: calendar.dataset.dateFormat ?? 'd M yy',
      range: Math.max(1, Number.parseInt(calendar.dataset.tourRange ?? '', 10) || 1),
    };
  }
  const list = block.querySelector<HTMLSelectElement>('select[name="tour-date"]');
  if (list) {
    const dates = Array.from(list.options, (o) => ({ value: o.value, label: o.textContent ?? '' }));
    return { kind: 'list', dates, selected: selectedOf(list) };
  }
  const single = block.querySelector<HTMLInputElement>('input[name="tour-date"]');
  if (!single) return null;
  return {
    kind: 'single',
    date: single.value,
    label: text(block.querySelector('.tourmaster-tour-booking-date-display')),
  };
}

/** The value a select posts before anyone touches it: its `selected` option, else the first. */
function selectedOf(select: HTMLSelectElement): string {
  const options = Array.from(select.options);
  return (options.find((o) => o.hasAttribute('selected')) ?? options[0])?.value ?? '';
}

function comboOf(select: HTMLSelectElement): ComboProps {
  const counts = Array.from(select.options, (o) => o.value)
    .filter((v) => v !== '')
    .map(Number);
  const selected = Array.from(select.options).find((o) => o.hasAttribute('selected'))?.value ?? '';
  return {
    name: select.name,
    placeholder: Array.from(select.options).find((o) => o.value === '')?.textContent ?? '',
    min: counts[0] ?? 0,
    max: counts[counts.length - 1] ?? -1,
    selected,
  };
}

const combosIn = (el: Element | null | undefined): ComboProps[] =>
  Array.from(el?.querySelectorAll<HTMLSelectElement>('select[name]') ?? [], comboOf);

const roomOf = (people: Element | null | undefined): RoomProps => ({
  variable: Boolean(people?.querySelector('.tourmaster-tour-booking-people-input.tourmaster-variable')),
  combos: combosIn(people),
});

/** "Available: 12 seats". */
function seatsOf(line: Element | null): { left: number; unit: string } | undefined {
  const match = /(-?\d+)\s+(\S+)\s*$/.exec(text(line));
  return match ? { left: Number(match[1]), unit: match[2] ?? '' } : undefined;
}

function blocksOf(elements: readonly Element[]): BookingBlock[] {
  const sibling = (cls: string) => elements.find((el) => el.classList.contains(cls));
  const blocks: BookingBlock[] = [];
  for (const el of elements) {
    const is = (cls: string) => el.classList.contains(cls);
    if (is('tourmaster-tour-booking-bar-error')) blocks.push({ kind: 'notice', message: text(el) });
    else if (is('tourmaster-tour-booking-available')) {
      const seats = seatsOf(el);
      if (seats) blocks.push({ kind: 'available', ...seats });
    } else if (is('tourmaster-tour-booking-package')) blocks.push(packageOf(el));
    else if (is('tourmaster-tour-booking-group')) blocks.push({ kind: 'group' });
    else if (is('tourmaster-tour-booking-people')) blocks.push({ kind: 'people', ...roomOf(el) });
    else if (is('tourmaster-tour-booking-room')) {
      const container = sibling('tourmaster-tour-booking-people-container');
      const template = sibling('tourmaster-tour-booking-room-template');
      blocks.push({
        kind: 'rooms',
        room: combosIn(el)[0] ?? { name: 'tour-room', placeholder: '', min: 0, max: -1, selected: '' },
        rooms: Array.from(container?.children ?? [], roomOf),
        template: roomOf(template?.firstElementChild),
      });
    } else if (is('tourmaster-tour-booking-extra-info')) {
      blocks.push({
        kind: 'extra',
        fields: Array.from(el.querySelectorAll('.tourmaster-extra-booking-field'), extraOf),
      });
    } else if (is('tourmaster-tour-booking-submit')) {
      blocks.push({ kind: 'submit', askLogin: Boolean(el.querySelector('input[type="submit"][data-ask-login]')) });
    }
  }
  return blocks;
}

function packageOf(el: Element): BookingBlock {
  const chosen = el.querySelector<HTMLInputElement>('input[name="package"]')?.value ?? '';
  const items = Array.from(el.querySelectorAll('li[data-value]'), (li) => {
    const available = seatsOf(li.querySelector('.tourmaster-combobox-list-avail'));
    return {
      title: text(li.querySelector('.tourmaster-combobox-list-title')),
      caption: text(li.querySelector('.tourmaster-combobox-list-caption')),
      startTime: text(li.querySelector('.tourmaster-combobox-list-time')).replace(/^Start Time:\s*/, ''),
      ...(available ? { available } : {}),
    };
  });
  const display = text(el.querySelector('.tourmaster-combobox-list-display'));
  return { kind: 'package', placeholder: chosen ? '' : display, chosen, items };
}

/** A form field of the plugin's markup (server/views/form-field.ts). */
function extraOf(el: Element): ExtraFieldProps {
  const head = el.querySelector('.tourmaster-head')?.cloneNode(true) as Element | undefined;
  const required = Boolean(head?.querySelector('.tourmaster-req'));
  for (const star of head?.querySelectorAll('.tourmaster-req') ?? []) star.remove();
  const control = el.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    '.tourmaster-tail [name]',
  );
  const select = control instanceof HTMLSelectElement ? control : null;
  return {
    name: control?.name ?? '',
    title: text(head),
    type: /\btourmaster-type-(\S+)/.exec(el.className)?.[1] ?? 'text',
    required,
    value: select ? selectedOf(select) : (control?.getAttribute('value') ?? control?.textContent ?? ''),
    options: select ? Array.from(select.options, (o) => ({ value: o.value, label: o.textContent ?? '' })) : [],
  };
}
