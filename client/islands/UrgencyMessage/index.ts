import { setCookie } from '../../lib/cookies';
import { fade } from '../../lib/dom';
import { readProps } from '../../lib/props';
import { urgencyProps } from './props';

/**
 * "N travellers are considering this tour right now!" (engagement.md §6). Clicking it, or its
 * dismiss button, sets `tourmaster-urgency-message=1` for `data-expire` seconds (the server then
 * stops printing it) and fades it out.
 */
export function mount(message: HTMLElement): () => void {
  const { expire } = readProps('UrgencyMessage', message, urgencyProps);
  message.setAttribute('role', 'status');
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.className = 'tourmaster-urgency-message-close';
  dismiss.setAttribute('aria-label', 'Dismiss');
  dismiss.textContent = '×';
  Object.assign(dismiss.style, {
    background: 'none',
    border: '0',
    color: 'inherit',
    cursor: 'pointer',
    font: 'inherit',
    fontSize: '20px',
    lineHeight: '1',
    marginLeft: '12px',
    padding: '0 4px',
  });
  message.append(dismiss);
  const onClick = () => {
    setCookie('tourmaster-urgency-message', '1', expire);
    void fade(message, 'out', 200, { remove: true });
  };
  message.addEventListener('click', onClick);
  return () => {
    message.removeEventListener('click', onClick);
    dismiss.remove();
  };
}
