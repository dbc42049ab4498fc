import Splide from '@splidejs/splide';
import '@splidejs/splide/dist/css/splide-core.min.css';
import './slider.css';
import { sliderOptions } from './options';

/**
 * Sliders and carousels of the page builder (`.gdlr-core-flexslider > ul.slides > li`, as WordPress
 * prints them) and of our pages (`[data-slider]` with the same inner list), on splide. The markup is
 * given splide's classes in place, so the slides stay where the server put them and a page without
 * this script shows the first slide. Autoplay also stops while the slider is out of view and while
 * the tab is hidden (no work nobody sees); splide itself pauses on hover and focus and honours
 * reduced motion.
 */
export function mount(root: HTMLElement): () => void {
  const list = root.querySelector<HTMLElement>(':scope > ul.slides, :scope > .slides');
  if (!list || list.children.length === 0) throw new Error('[island Slider] no slides');
  const track = document.createElement('div');
  track.className = 'splide__track';
  list.before(track);
  track.append(list);
  root.classList.add('splide');
  list.classList.add('splide__list');
  for (const item of Array.from(list.children)) item.classList.add('splide__slide');
  if (!root.getAttribute('aria-label')) root.setAttribute('aria-label', 'Slides');

  const splide = new Splide(
    root,
    sliderOptions({
      type: root.dataset.type,
      effect: root.dataset.effect,
      column: root.dataset.column,
      nav: root.dataset.nav,
    }),
  );
  splide.mount();

  let inView = true;
  const sync = () => {
    const autoplay = splide.Components.Autoplay;
    if (inView && !document.hidden) autoplay.play();
    else autoplay.pause();
  };
  const observer = new IntersectionObserver((entries) => {
    inView = entries.some((e) => e.isIntersecting);
    sync();
  });
  observer.observe(root);
  document.addEventListener('visibilitychange', sync);

  return () => {
    observer.disconnect();
    document.removeEventListener('visibilitychange', sync);
    splide.destroy(true);
  };
}
