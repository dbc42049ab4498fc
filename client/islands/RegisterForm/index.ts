import { slide } from '../DepositItems/slide';

/**
 * The registration form's terms rule (engagement.md §4.3), on the register page and in the Sign Up
 * lightbox: the form is not sent while `tourmaster-require-acceptance` is unticked; the notice printed
 * beside the box ("Please agree to all the terms and conditions…") slides down under it, and slides
 * away once the box is ticked. The server checks the box too (DEVIATIONS.md 35).
 *
 * Added to the legacy behaviour: the box is named by its sentence, the notice is announced and
 * linked to the box (`aria-describedby`, `aria-invalid`), and focus goes to the box.
 */
let count = 0;

export function mount(form: HTMLElement): (() => void) | undefined {
  // The hidden lightbox template is only copied; its copy is mounted on its own.
  if (form.closest('[data-tmlb-id]') && !form.closest('.tourmaster-lightbox-wrapper')) return undefined;
  const box = form.querySelector<HTMLInputElement>('input[type="checkbox"][name="tourmaster-require-acceptance"]');
  if (!box) return undefined;
  const term = box.closest<HTMLElement>('.tourmaster-register-term') ?? box.parentElement;
  const notice = term?.querySelector<HTMLElement>('.tourmaster-notification-box') ?? null;

  if (!box.labels?.length && !box.hasAttribute('aria-label') && term) {
    const sentence = Array.from(term.childNodes)
      .filter((node) => node !== notice)
      .map((node) => node.textContent ?? '')
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (sentence) box.setAttribute('aria-label', sentence.replace(/^\*\s*/, ''));
  }
  box.setAttribute('aria-required', 'true');
  if (notice) notice.id = `tourmaster-register-term-notice-${++count}`;

  const onSubmit = (event: Event) => {
    if (box.checked) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    box.setAttribute('aria-invalid', 'true');
    if (notice) {
      notice.setAttribute('role', 'alert');
      box.setAttribute('aria-describedby', notice.id);
      void slide(notice, 'down', 200);
    }
    box.focus();
  };
  const onChange = () => {
    if (!box.checked) return;
    box.removeAttribute('aria-invalid');
    box.removeAttribute('aria-describedby');
    if (notice) void slide(notice, 'up', 200);
  };
  form.addEventListener('submit', onSubmit);
  box.addEventListener('change', onChange);
  return () => {
    form.removeEventListener('submit', onSubmit);
    box.removeEventListener('change', onChange);
  };
}
