/**
 * The account page's section picker on phones (`.tourmaster-user-mobile-navigation select`): choosing
 * a section opens it. The plugin did this with an inline `onchange`, which our content-security
 * policy refuses (no inline handler runs on our pages).
 */
export function mount(select: HTMLElement): () => void {
  if (!(select instanceof HTMLSelectElement)) return () => {};
  if (!select.getAttribute('aria-label')) select.setAttribute('aria-label', 'Account section');
  const open = () => {
    const url = select.value;
    if (url) location.assign(url);
  };
  select.addEventListener('change', open);
  return () => select.removeEventListener('change', open);
}
