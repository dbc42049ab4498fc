/**
 * The search page's "Filters" button on phones (server/pages/search/index.ts): it folds and unfolds
 * the filter box it controls. The state is the button's `aria-expanded`, which search.css follows, so
 * a screen reader hears it and the server can print it open (a search that found nothing). A real
 * button: Enter and Space work as on any other.
 */
export function mount(button: HTMLElement): () => void {
  const onClick = () => {
    button.setAttribute('aria-expanded', button.getAttribute('aria-expanded') === 'true' ? 'false' : 'true');
  };
  button.addEventListener('click', onClick);
  return () => button.removeEventListener('click', onClick);
}
