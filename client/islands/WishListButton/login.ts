import { cloneTemplate, openLightbox } from '../../lib/lightbox';

/** A guest's button without a login lightbox of its own: the top bar's login form (`[data-tmlb-id=login]`). */
export function openTopBarLogin(opener: HTMLElement): void {
  const login = document.querySelector('[data-tmlb-id="login"]');
  if (login) openLightbox(cloneTemplate(login), opener);
}
