/**
 * The header's search (server/views/page-shell.tsx `HeaderSearch`, the theme's
 * `#traveltour-top-search`): the magnifier opens the overlay as a modal dialog with the focus in
 * the search field; Escape (the dialog's own cancel), the close button or a click on the dark
 * backdrop closes it, and the focus goes back to the magnifier. The form itself is a plain
 * `GET /?s=` form: submitting needs no script.
 */
export function mount(root: HTMLElement): () => void {
  const toggle = root.querySelector<HTMLButtonElement>('#traveltour-top-search');
  const dialog = root.querySelector<HTMLDialogElement>('dialog.traveltour-top-search-wrap');
  const field = dialog?.querySelector<HTMLInputElement>('input[name="s"]');
  if (!toggle || !dialog || !field || typeof dialog.showModal !== 'function')
    throw new Error('[island HeaderSearch] missing its button, dialog or field');

  const open = () => {
    if (dialog.open) return;
    dialog.showModal();
    toggle.setAttribute('aria-expanded', 'true');
    field.focus();
  };
  const onClose = () => {
    toggle.setAttribute('aria-expanded', 'false');
    toggle.focus();
  };
  const onDialogClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    // The overlay's empty area (the dialog and its layout cells) or the close button.
    if (
      target?.closest('[data-header-search-close]') ||
      target === dialog ||
      target?.matches('.traveltour-top-search-row, .traveltour-top-search-cell')
    )
      dialog.close();
  };

  toggle.hidden = false;
  toggle.setAttribute('aria-expanded', 'false');
  toggle.addEventListener('click', open);
  dialog.addEventListener('click', onDialogClick);
  dialog.addEventListener('close', onClose);
  return () => {
    toggle.removeEventListener('click', open);
    dialog.removeEventListener('click', onDialogClick);
    dialog.removeEventListener('close', onClose);
    if (dialog.open) dialog.close();
    toggle.hidden = true;
  };
}
