import { fade } from '../../lib/dom';
import { readProps } from '../../lib/props';
import { confirmProps } from './props';

/**
 * The plugin's confirm box (`tourmaster_front_confirm_box`) in front of a link: an overlay faded to
 * 0.6 and a box (heading, text, sub-text, No / Yes) faded in over 200 ms, centred. Yes follows the
 * link; No, Escape or the overlay close it. An `alertdialog` with focus on "No" and kept inside.
 */
let count = 0;

export function mount(link: HTMLElement): () => void {
  const props = readProps('ConfirmDialog', link, confirmProps);
  link.setAttribute('aria-haspopup', 'dialog');

  const open = () => {
    const n = ++count;
    const overlay = document.createElement('div');
    overlay.className = 'tourmaster-conform-box-overlay';
    Object.assign(overlay.style, { position: 'fixed', inset: '0', background: '#000', zIndex: '10000', opacity: '0' });
    const box = document.createElement('div');
    box.className = 'tourmaster-confirm-box-wrapper';
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', `tourmaster-confirm-head-${n}`);
    box.setAttribute('aria-describedby', `tourmaster-confirm-text-${n}`);
    Object.assign(box.style, { position: 'fixed', top: '50%', left: '50%', zIndex: '10001' });
    const part = (cls: string, text: string, id?: string) => {
      const el = document.createElement('div');
      el.className = cls;
      el.textContent = text;
      if (id) el.id = id;
      return el;
    };
    const content = part('tourmaster-confirm-box-content-wrapper', '');
    content.append(
      part('tourmaster-confirm-box-text', props.confirmText, `tourmaster-confirm-text-${n}`),
      part('tourmaster-confirm-box-sub', props.confirmSub),
    );
    const button = (cls: string, text: string) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `tourmaster-confirm-box-button ${cls}`;
      b.textContent = text;
      return b;
    };
    const no = button('tourmaster-no', props.confirmNo);
    const yes = button('tourmaster-yes', props.confirmYes);
    const buttons = part('tourmaster-confirm-box-button-wrapper', '');
    buttons.append(no, yes);
    box.append(part('tourmaster-confirm-box-head', props.confirm, `tourmaster-confirm-head-${n}`), content, buttons);
    document.body.append(overlay, box);
    box.style.marginLeft = `${-box.offsetWidth / 2}px`;
    box.style.marginTop = `${-box.offsetHeight / 2}px`;
    overlay.animate([{ opacity: 0 }, { opacity: 0.6 }], { duration: 200, fill: 'forwards' });
    void fade(box, 'in', 200);
    no.focus();

    const close = () => {
      document.removeEventListener('keydown', onKey, true);
      void fade(overlay, 'out', 200, { remove: true });
      void fade(box, 'out', 200, { remove: true });
      link.focus({ preventScroll: true });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        (document.activeElement === no ? yes : no).focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    no.addEventListener('click', close);
    overlay.addEventListener('click', close);
    yes.addEventListener('click', () => {
      close();
      const href = link.getAttribute('href');
      if (href) window.location.href = href;
    });
  };
  const onClick = (event: Event) => {
    event.preventDefault();
    open();
  };
  link.addEventListener('click', onClick);
  return () => link.removeEventListener('click', onClick);
}
