/** jQuery's default easing ("swing") over `ms`, to an absolute page offset. */
export function scrollToY(y: number, ms: number): Promise<void> {
  const start = window.scrollY;
  const t0 = performance.now();
  return new Promise((resolve) => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      window.scrollTo(0, y);
      return resolve();
    }
    const step = (now: number) => {
      const p = Math.min(1, (now - t0) / ms);
      window.scrollTo(0, start + (y - start) * (0.5 - Math.cos(p * Math.PI) / 2));
      if (p < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
