import { slide } from './slide';

/**
 * A payment of the booking page's sidebar ("Bank Payment Receipt": `div.tourmaster-deposit-item` >
 * `div.tourmaster-deposit-item-head` + `div.tourmaster-deposit-item-content`, engagement.md §5 item 5).
 * The head opens and closes the details below it (sliding, 200 ms); `tourmaster-active` marks the open
 * one, as printed. The head is a keyboard button with `aria-expanded` and `aria-controls`.
 */
let count = 0;

export function mount(item: HTMLElement): (() => void) | undefined {
  const head = item.querySelector<HTMLElement>(':scope > .tourmaster-deposit-item-head');
  const content = item.querySelector<HTMLElement>(':scope > .tourmaster-deposit-item-content');
  if (!head || !content) return undefined;
  content.id ||= `tourmaster-deposit-item-content-${++count}`;
  head.setAttribute('role', 'button');
  head.tabIndex = 0;
  head.setAttribute('aria-controls', content.id);
  for (const icon of head.querySelectorAll('i')) icon.setAttribute('aria-hidden', 'true');

  const show = (open: boolean, animate: boolean) => {
    item.classList.toggle('tourmaster-active', open);
    head.setAttribute('aria-expanded', String(open));
    if (animate) void slide(content, open ? 'down' : 'up', 200);
    else content.style.display = open ? 'block' : 'none';
  };
  show(item.classList.contains('tourmaster-active'), false);

  const toggle = () => show(!item.classList.contains('tourmaster-active'), true);
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    toggle();
  };
  head.addEventListener('click', toggle);
  head.addEventListener('keydown', onKey);
  return () => {
    head.removeEventListener('click', toggle);
    head.removeEventListener('keydown', onKey);
    content.style.display = '';
  };
}
