/**
 * The tour content's "Read More" fold (the legacy theme's mobile behaviour): below 767 px a long
 * description is shown in part under a gradient until the visitor asks for the rest. The fold is
 * applied here, not by the stylesheet alone, so without this script the whole text is readable;
 * content that fits is never folded. Unfolding is for good (as on the legacy site).
 */
export const FOLD_BELOW_PX = 767;
export const FOLDED_HEIGHT_PX = 150;
const FOLDED = 'tourmaster-read-more-folded';

export function mount(wrap: HTMLElement): () => void {
  const content = wrap.closest<HTMLElement>('.tourmaster-single-tour-content-wrap');
  const button = wrap.querySelector<HTMLAnchorElement>('a');
  if (!content || !button) throw new Error('[island ReadMore] no content or button');
  const body = content.querySelector<HTMLElement>('.tourmaster-container') ?? content;
  const narrow = window.matchMedia(`(max-width: ${FOLD_BELOW_PX}px)`);
  let unfolded = false;

  const update = () => {
    const fold = !unfolded && narrow.matches && body.scrollHeight > FOLDED_HEIGHT_PX + 30;
    content.classList.toggle(FOLDED, fold);
    button.setAttribute('aria-expanded', String(!fold));
  };
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    unfolded = true;
    update();
    // Keyboard users continue reading where the new text starts.
    body.setAttribute('tabindex', '-1');
    body.focus({ preventScroll: true });
  };
  button.addEventListener('click', onClick);
  narrow.addEventListener('change', update);
  update();
  return () => {
    button.removeEventListener('click', onClick);
    narrow.removeEventListener('change', update);
    content.classList.remove(FOLDED);
  };
}
