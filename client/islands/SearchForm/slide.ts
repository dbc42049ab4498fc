const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Shows or hides a panel, sliding (200 ms) unless motion is reduced; the inline display wins over
 * the theme's (which hides the type filter's panels).
 */
export function slide(panel: HTMLElement, open: boolean, ms: number): void {
  for (const animation of panel.getAnimations?.() ?? []) animation.cancel();
  panel.style.display = open ? 'block' : 'none';
  if (!ms || reducedMotion() || typeof panel.animate !== 'function') return;
  panel.style.overflow = 'hidden';
  if (!open) panel.style.display = 'block';
  const height = panel.scrollHeight;
  const frames = open ? [{ height: '0px' }, { height: `${height}px` }] : [{ height: `${height}px` }, { height: '0px' }];
  const done = () => {
    panel.style.overflow = '';
    panel.style.display = open ? 'block' : 'none';
  };
  panel.animate(frames, { duration: ms, easing: 'ease' }).finished.then(done, () => {});
}
