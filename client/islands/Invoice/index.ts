import './print.css';

/**
 * The invoice's Print button (`a.tourmaster-print[data-id=tourmaster-invoice-wrap]`, engagement.md §5
 * item 6): the browser's print dialog with only the invoice on the paper. The invoice is marked
 * `data-print-target` and the document `data-print-only`; the print style sheet (print.css, loaded
 * with the island) then leaves out everything that is not the invoice or around it. The marks are
 * set as soon as the button is mounted, so printing from the browser's menu gives the same page. The
 * link (`href="#"`) is a button for assistive technology, Space included.
 */
export function mount(button: HTMLElement): (() => void) | undefined {
  const id = button.dataset.id || 'tourmaster-invoice-wrap';
  const target = document.getElementById(id);
  if (!target) return undefined;
  target.setAttribute('data-print-target', '');
  document.documentElement.setAttribute('data-print-only', '');
  button.setAttribute('role', 'button');
  button.setAttribute('aria-controls', id);
  if (!button.hasAttribute('tabindex') && !button.hasAttribute('href')) button.tabIndex = 0;
  for (const icon of button.querySelectorAll('i')) icon.setAttribute('aria-hidden', 'true');

  const onClick = (event: Event) => {
    event.preventDefault();
    window.print();
  };
  const onKey = (event: KeyboardEvent) => {
    // A link answers Enter by itself; Space is a button's key.
    if (event.key !== ' ' || event.defaultPrevented) return;
    event.preventDefault();
    button.click();
  };
  button.addEventListener('click', onClick);
  button.addEventListener('keydown', onKey);
  return () => {
    button.removeEventListener('click', onClick);
    button.removeEventListener('keydown', onKey);
    target.removeAttribute('data-print-target');
    document.documentElement.removeAttribute('data-print-only');
  };
}
