import { dateValue } from './date-value';

/**
 * The plugin's three-select date (`div.tourmaster-date-select` > `select[data-type=date|month|year]`,
 * then `input[type=hidden]` with the field's name: the birth date of the register and profile forms,
 * `date` fields of the enquiry, booking and payment forms). Choosing writes `Y-M-D` into the hidden
 * input once all three are chosen, and empties it otherwise (engagement.md §4.3).
 *
 * One document listener does the writing, so the copies that the lightbox and the form islands
 * render later behave the same; each mounted group (and any group a visitor focuses) is named for
 * assistive technology: a `group` labelled by the field's title, each select by its part.
 */
const PARTS = { date: 'day', month: 'month', year: 'year' } as const;
type Part = keyof typeof PARTS;

const WRAP = '.tourmaster-date-select';
let installed = false;

export function mount(wrap: HTMLElement): undefined {
  install();
  describe(wrap);
  return undefined;
}

function install(): void {
  if (installed) return;
  installed = true;
  document.addEventListener('change', (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || !select.matches(`${WRAP} select[data-type]`)) return;
    const wrap = select.closest<HTMLElement>(WRAP);
    if (wrap) write(wrap);
  });
  document.addEventListener('focusin', (event) => {
    const wrap = event.target instanceof Element ? event.target.closest<HTMLElement>(WRAP) : null;
    if (wrap) describe(wrap);
  });
}

function selectOf(wrap: HTMLElement, part: Part): HTMLSelectElement | null {
  return wrap.querySelector<HTMLSelectElement>(`select[data-type="${part}"]`);
}

/** The hidden input the plugin prints right after the selects (else one beside them). */
function hiddenOf(wrap: HTMLElement): HTMLInputElement | null {
  for (let el = wrap.nextElementSibling; el; el = el.nextElementSibling) {
    if (el instanceof HTMLInputElement && el.type === 'hidden') return el;
  }
  return wrap.parentElement?.querySelector<HTMLInputElement>(':scope > input[type="hidden"]') ?? null;
}

function write(wrap: HTMLElement): void {
  const date = selectOf(wrap, 'date');
  const month = selectOf(wrap, 'month');
  const year = selectOf(wrap, 'year');
  const hidden = hiddenOf(wrap);
  if (!date || !month || !year || !hidden) return;
  const value = dateValue({ date: date.value, month: month.value, year: year.value });
  if (hidden.value === value) return;
  hidden.value = value;
  hidden.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The field's title (`div.tourmaster-head` without its star) and whether it is required. */
function titleOf(wrap: HTMLElement): { title: string; required: boolean } {
  const head = wrap.closest('.tourmaster-tail')?.parentElement?.querySelector(':scope > .tourmaster-head');
  if (!head) return { title: 'Date', required: false };
  const copy = head.cloneNode(true) as Element;
  const required = copy.querySelector('.tourmaster-req') !== null;
  for (const star of copy.querySelectorAll('.tourmaster-req')) star.remove();
  return { title: (copy.textContent ?? '').replace(/\s+/g, ' ').trim() || 'Date', required };
}

function describe(wrap: HTMLElement): void {
  if (wrap.dataset.dateSelectNamed !== undefined) return;
  wrap.dataset.dateSelectNamed = '';
  const { title, required } = titleOf(wrap);
  if (!wrap.hasAttribute('role')) wrap.setAttribute('role', 'group');
  if (!wrap.hasAttribute('aria-label')) wrap.setAttribute('aria-label', title);
  for (const part of Object.keys(PARTS) as Part[]) {
    const select = selectOf(wrap, part);
    if (!select) continue;
    if (!select.labels?.length && !select.hasAttribute('aria-label'))
      select.setAttribute('aria-label', `${title}, ${PARTS[part]}`);
    if (required) select.setAttribute('aria-required', 'true');
  }
}
