import { asButton } from '../../lib/dom';
import { readProps } from '../../lib/props';
import { lightboxProps } from './props';

/**
 * The plugin's cloned-content lightboxes (engagement.md §3): clicking `[data-tmlb=X]` shows a copy of
 * its sibling `[data-tmlb-id=X]` (the top bar's login and sign-up forms, the wish list's login, a
 * review form), see lib/lightbox.ts for the dialog itself, fetched at the first click: most visitors
 * never open one, and the page's budget is what it loads.
 */
export function mount(opener: HTMLElement): () => void {
  const { tmlb } = readProps('Lightbox', opener, lightboxProps);
  const selector = `[data-tmlb-id="${CSS.escape(tmlb)}"]`;
  asButton(opener);
  opener.setAttribute('aria-haspopup', 'dialog');
  opener.setAttribute('aria-expanded', 'false');
  const onClick = (event: Event) => {
    event.preventDefault();
    const template =
      Array.from(opener.parentElement?.children ?? []).find((el) => el.matches(selector)) ??
      document.querySelector(selector);
    if (!template) return;
    opener.setAttribute('aria-expanded', 'true');
    void import('../../lib/lightbox').then(({ cloneTemplate, openLightbox }) => {
      openLightbox(cloneTemplate(template), opener, { onClose: () => opener.setAttribute('aria-expanded', 'false') });
    });
  };
  opener.addEventListener('click', onClick);
  return () => {
    opener.removeEventListener('click', onClick);
  };
}
