/**
 * The back-to-top button (server/pages/layout.tsx): shown once the visitor has scrolled down a
 * screen, it scrolls smoothly to the top (instantly when the visitor asks for reduced motion) and
 * moves keyboard focus to the top of the page. A real button: reachable with Tab when shown.
 */
export const SHOW_AFTER_PX = 600;

export function mount(button: HTMLElement): () => void {
  let frame = 0;
  const update = () => {
    frame = 0;
    const show = window.scrollY > SHOW_AFTER_PX;
    if (button.hidden === show) button.hidden = !show;
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  const onClick = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    const top = document.getElementById('dropin-top');
    top?.focus({ preventScroll: true });
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  button.addEventListener('click', onClick);
  update();
  return () => {
    if (frame) cancelAnimationFrame(frame);
    window.removeEventListener('scroll', onScroll);
    button.removeEventListener('click', onClick);
  };
}
