/**
 * The plugin's 200 ms fade of the account menu's links. A fade started while another runs takes
 * over; the menu is hidden only when the fade out that hid it was not overtaken.
 */
export interface MenuFade {
  run(show: boolean): void;
  cancel(): void;
}

export function menuFade(nav: HTMLElement, inner: HTMLElement): MenuFade {
  let animation: Animation | undefined;
  return {
    run(show) {
      animation?.cancel();
      animation = undefined;
      if (show) {
        nav.style.display = 'block';
        inner.style.display = 'block';
      }
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      if (reduced || typeof inner.animate !== 'function') {
        if (!show) nav.style.display = 'none';
        return;
      }
      const run = inner.animate(show ? [{ opacity: 0 }, { opacity: 1 }] : [{ opacity: 1 }, { opacity: 0 }], {
        duration: 200,
        easing: 'ease',
      });
      animation = run;
      run.finished.then(
        () => {
          if (animation !== run) return;
          animation = undefined;
          if (!show) nav.style.display = 'none';
        },
        () => undefined,
      );
    },
    cancel() {
      animation?.cancel();
    },
  };
}
