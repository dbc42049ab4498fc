import { postAjax } from '../../lib/ajax';
import { asButton } from '../../lib/dom';
import { cloneTemplate, openLightbox } from '../../lib/lightbox';
import { readProps } from '../../lib/props';
import { wishListProps } from './props';

/**
 * "Save To Wish List" (engagement.md §2). A customer's click marks it active at once and sends
 * `tourmaster_add_wish_list` (the reply carries nothing to show); it cannot be clicked twice. A
 * guest's button opens its own login lightbox (`data-tmlb`, handled by the Lightbox island), or, when
 * it has none, the top bar's login lightbox.
 */
export function mount(button: HTMLElement): () => void {
  const props = readProps('WishListButton', button, wishListProps);
  asButton(button);
  const active = () => button.classList.contains('tourmaster-active');
  const reflect = () => {
    button.setAttribute('aria-pressed', String(active()));
    if (active()) button.setAttribute('aria-disabled', 'true');
  };
  reflect();

  const onClick = () => {
    if (props.tmlb !== undefined) return;
    if (!props.ajaxUrl || !props.tourId) {
      if (active()) return;
      const login = document.querySelector('[data-tmlb-id="login"]');
      if (login) openLightbox(cloneTemplate(login), button);
      return;
    }
    if (active()) return;
    button.classList.add('tourmaster-active');
    reflect();
    void postAjax(props.ajaxUrl, { action: 'tourmaster_add_wish_list', 'tour-id': props.tourId });
  };
  button.addEventListener('click', onClick);
  return () => {
    button.removeEventListener('click', onClick);
  };
}
