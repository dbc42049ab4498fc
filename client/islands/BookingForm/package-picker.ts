import { delegate } from '../../lib/dom';

/**
 * The package list (`.tourmaster-combobox-list-wrap`, booking.md §3): the display opens the list,
 * a `li[data-value]` writes `input[name=package]` and fires its `change` (step 2). Given listbox
 * roles and keys: Enter/Space/ArrowDown open, arrows move, Enter/Space choose, Escape closes.
 */
let lists = 0;

export function enhancePackagePickers(root: ParentNode): void {
  for (const wrap of root.querySelectorAll<HTMLElement>('.tourmaster-combobox-list-wrap')) {
    const display = wrap.querySelector<HTMLElement>('.tourmaster-combobox-list-display');
    const list = wrap.querySelector<HTMLElement>('ul');
    if (!display || !list || display.getAttribute('role')) continue;
    list.id ||= `tourmaster-package-list-${++lists}`;
    list.setAttribute('role', 'listbox');
    display.setAttribute('role', 'button');
    display.tabIndex = 0;
    display.setAttribute('aria-haspopup', 'listbox');
    display.setAttribute('aria-expanded', 'false');
    display.setAttribute('aria-controls', list.id);
    for (const li of list.querySelectorAll<HTMLElement>('li[data-value]')) {
      li.setAttribute('role', 'option');
      li.tabIndex = -1;
      li.setAttribute('aria-selected', String(li.classList.contains('tourmaster-active')));
    }
  }
}

function setOpen(wrap: Element, open: boolean, focus = false): void {
  const display = wrap.querySelector<HTMLElement>('.tourmaster-combobox-list-display');
  const list = wrap.querySelector<HTMLElement>('ul');
  if (!display || !list) return;
  list.style.display = open ? 'block' : 'none';
  display.setAttribute('aria-expanded', String(open));
  if (open && focus) {
    (
      list.querySelector<HTMLElement>('li.tourmaster-active') ?? list.querySelector<HTMLElement>('li[data-value]')
    )?.focus();
  }
}

function choose(li: HTMLElement): void {
  const wrap = li.closest('.tourmaster-combobox-list-wrap');
  const input = wrap?.querySelector<HTMLInputElement>('input[name="package"]');
  const label = wrap?.querySelector<HTMLElement>('.tourmaster-combobox-list-display > span');
  if (!wrap || !input) return;
  const value = li.dataset.value ?? '';
  for (const other of wrap.querySelectorAll<HTMLElement>('li[data-value]')) {
    other.classList.toggle('tourmaster-active', other === li);
    other.setAttribute('aria-selected', String(other === li));
  }
  if (label) label.textContent = value;
  setOpen(wrap, false);
  wrap.querySelector<HTMLElement>('.tourmaster-combobox-list-display')?.focus({ preventScroll: true });
  input.value = value;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export function bindPackagePickers(form: HTMLElement): () => void {
  const offs = [
    delegate(form, 'click', '.tourmaster-combobox-list-display', (_e, display) => {
      const wrap = display.closest('.tourmaster-combobox-list-wrap');
      if (wrap) setOpen(wrap, display.getAttribute('aria-expanded') !== 'true');
    }),
    delegate(form, 'click', '.tourmaster-combobox-list-wrap li[data-value]', (_e, li) => choose(li)),
    delegate<KeyboardEvent>(form, 'keydown', '.tourmaster-combobox-list-display', (e, display) => {
      const wrap = display.closest('.tourmaster-combobox-list-wrap');
      if (!wrap) return;
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
        e.preventDefault();
        setOpen(wrap, true, true);
      } else if (e.key === 'Escape') setOpen(wrap, false);
    }),
    delegate<KeyboardEvent>(form, 'keydown', '.tourmaster-combobox-list-wrap li[data-value]', (e, li) => {
      const wrap = li.closest('.tourmaster-combobox-list-wrap');
      if (!wrap) return;
      const items = Array.from(wrap.querySelectorAll<HTMLElement>('li[data-value]'));
      const at = items.indexOf(li);
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        choose(li);
      } else if (e.key === 'Escape' || e.key === 'Tab') {
        if (e.key === 'Escape') e.preventDefault();
        setOpen(wrap, false);
        if (e.key === 'Escape') wrap.querySelector<HTMLElement>('.tourmaster-combobox-list-display')?.focus();
      }
    }),
  ];
  const outside = (e: MouseEvent) => {
    for (const wrap of form.querySelectorAll('.tourmaster-combobox-list-wrap')) {
      if (!(e.target instanceof Node) || !wrap.contains(e.target)) setOpen(wrap, false);
    }
  };
  document.addEventListener('mouseup', outside);
  return () => {
    for (const off of offs) off();
    document.removeEventListener('mouseup', outside);
  };
}
