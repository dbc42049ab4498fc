/**
 * jQuery's `slideDown` / `slideUp` for the plugin's notices and folds (the register form's terms
 * notice, the booking page's deposit items): the height, vertical padding and margins animate from
 * or to zero, then a slid-up element is hidden with `display: none`. A slide started while another
 * runs on the same element takes over from it. Instant with reduced motion.
 */
const running = new WeakMap<HTMLElement, Animation>();

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const isShown = (element: HTMLElement) => getComputedStyle(element).display !== 'none';

export function slide(
  element: HTMLElement,
  direction: 'down' | 'up',
  ms = 200,
  options: { display?: string } = {},
): Promise<void> {
  const previous = running.get(element);
  running.delete(element);
  previous?.cancel();
  if (direction === 'down' && isShown(element) && !previous) return Promise.resolve();
  if (direction === 'up' && !isShown(element)) return Promise.resolve();

  if (direction === 'down') element.style.display = options.display ?? 'block';
  if (reducedMotion() || typeof element.animate !== 'function') {
    if (direction === 'up') element.style.display = 'none';
    return Promise.resolve();
  }
  const style = getComputedStyle(element);
  const px = (value: string) => Number.parseFloat(value) || 0;
  // scrollHeight is the content and padding; `height` means the content box, or the border box.
  const height =
    style.boxSizing === 'border-box'
      ? element.scrollHeight + px(style.borderTopWidth) + px(style.borderBottomWidth)
      : element.scrollHeight - px(style.paddingTop) - px(style.paddingBottom);
  const open: Keyframe = {
    height: `${height}px`,
    paddingTop: style.paddingTop,
    paddingBottom: style.paddingBottom,
    marginTop: style.marginTop,
    marginBottom: style.marginBottom,
    overflow: 'hidden',
  };
  const closed: Keyframe = {
    height: '0px',
    paddingTop: '0px',
    paddingBottom: '0px',
    marginTop: '0px',
    marginBottom: '0px',
    overflow: 'hidden',
  };
  const animation = element.animate(direction === 'down' ? [closed, open] : [open, closed], {
    duration: ms,
    easing: 'ease',
  });
  running.set(element, animation);
  const settle = () => {
    if (running.get(element) !== animation) return; // another slide took over
    running.delete(element);
    if (direction === 'up') element.style.display = 'none';
  };
  return animation.finished.then(settle, () => undefined);
}
