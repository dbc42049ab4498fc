import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The plugin's 200 ms fade of the menu's links: whether the menu is shown, which stays true until
 * a fade out ends. A fade started while another runs takes over (the earlier one is cancelled and
 * cannot hide the menu). Instant with reduced motion. The animation runs on the element (a ref).
 */
export function useMenuFade(open: boolean, inner: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(false);
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (open) setShown(true);
    const element = inner.current;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!element || reduced || typeof element.animate !== 'function') {
      if (!open) setShown(false);
      return;
    }
    const frames = open ? [{ opacity: 0 }, { opacity: 1 }] : [{ opacity: 1 }, { opacity: 0 }];
    const animation = element.animate(frames, { duration: 200, easing: 'ease' });
    let current = true;
    animation.finished.then(
      () => {
        if (current && !open) setShown(false);
      },
      () => undefined,
    );
    return () => {
      current = false;
      animation.cancel();
    };
  }, [open, inner]);
  return shown;
}
