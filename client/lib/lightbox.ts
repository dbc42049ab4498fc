import './lightbox.css';
import { announceContent, asButton, fade } from './dom';

/**
 * The plugin's "cloned content" lightbox (`tourmaster_lightbox`): a copy of a hidden
 * `[data-tmlb-id]` block shown in `div.tourmaster-lightbox-wrapper > .tourmaster-lightbox-content-row
 * > .tourmaster-lightbox-content-cell`, faded in and out in 300 ms. Shared by the Lightbox island
 * (`[data-tmlb]` openers) and the booking form (the guest's "proceed without login" box).
 *
 * Added to the legacy behaviour: a modal dialog role labelled by the box's title, focus moved into
 * it and kept there, Escape and the close icon (now a keyboard button) close it, and focus and the
 * scroll position come back to where they were.
 */
export interface Lightbox {
  wrapper: HTMLElement;
  close(): Promise<void>;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let counter = 0;

/** The copy of a lightbox template, with island marks removed so islands inside mount afresh. */
export function cloneTemplate(template: Element): HTMLElement {
  const clone = template.cloneNode(true) as HTMLElement;
  for (const el of [clone, ...clone.querySelectorAll<HTMLElement>('[data-island-ready], [data-island-error]')]) {
    delete el.dataset.islandReady;
    delete el.dataset.islandError;
  }
  return clone;
}

export function openLightbox(
  content: HTMLElement,
  opener?: Element | null,
  options: { onClose?: () => void } = {},
): Lightbox {
  const scroll = { x: window.scrollX, y: window.scrollY };
  const returnFocus = (opener ?? document.activeElement) as HTMLElement | null;
  const wrapper = dialogAround(content);

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      document.removeEventListener('keydown', onKey, true);
      await fade(wrapper, 'out', 300, { remove: true });
      returnFocus?.focus?.({ preventScroll: true });
      window.scrollTo(scroll.x, scroll.y);
      options.onClose?.();
    })();
    return closing;
  };
  const onKey = dialogKeys(wrapper, close);
  document.addEventListener('keydown', onKey, true);
  wrapper.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('.tourmaster-lightbox-close')) void close();
  });
  for (const form of content.querySelectorAll('form')) {
    if (!form.classList.contains('tourmaster-register-form')) checkRequiredOnSubmit(form);
  }

  wrapper.style.display = 'none';
  document.body.append(wrapper);
  void fade(wrapper, 'in', 300);
  const target =
    content.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select, textarea') ??
    content.querySelector<HTMLElement>(FOCUSABLE);
  if (!target) wrapper.tabIndex = -1;
  (target ?? wrapper).focus({ preventScroll: true });
  announceContent(wrapper);
  return { wrapper, close };
}

/** The plugin's wrapper, row and cell around the content, as a modal dialog named by the box's title. */
function dialogAround(content: HTMLElement): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.className = 'tourmaster-lightbox-wrapper';
  wrapper.setAttribute('role', 'dialog');
  wrapper.setAttribute('aria-modal', 'true');
  const row = document.createElement('div');
  row.className = 'tourmaster-lightbox-content-row';
  const cell = document.createElement('div');
  cell.className = 'tourmaster-lightbox-content-cell';
  cell.append(content);
  row.append(cell);
  wrapper.append(row);

  const title = content.querySelector<HTMLElement>('.tourmaster-lightbox-title');
  if (title) {
    title.id ||= `tourmaster-lightbox-title-${++counter}`;
    wrapper.setAttribute('aria-labelledby', title.id);
  }
  for (const close of content.querySelectorAll<HTMLElement>('.tourmaster-lightbox-close')) asButton(close, 'Close');
  return wrapper;
}

/** Escape closes the dialog; Tab and Shift+Tab wrap around its visible controls. */
function dialogKeys(wrapper: HTMLElement, close: () => Promise<void>): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      void close();
    } else if (event.key === 'Tab') {
      const items = Array.from(wrapper.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !wrapper.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    }
  };
}

/**
 * The legacy check on every form but the registration form: nothing is sent while a
 * `[data-required]` field is empty (or only spaces); the form's `.tourmaster-lb-submit-error` says so.
 */
function checkRequiredOnSubmit(form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    const error = form.querySelector<HTMLElement>('.tourmaster-lb-submit-error');
    const empty = Array.from(
      form.querySelectorAll<HTMLInputElement>('input[data-required], select[data-required], textarea[data-required]'),
    ).filter((f) => !f.value.trim());
    if (error) error.style.display = empty.length ? 'block' : 'none';
    if (empty.length) {
      event.preventDefault();
      if (error) error.setAttribute('role', 'alert');
      empty[0]?.focus();
    }
  });
}
