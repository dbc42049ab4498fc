/**
 * The masonry grid of the posts index (setting `dropin_blog_layout` = `masonry`, DEVIATIONS.md 64):
 * the stylesheet makes the content area a grid of card columns; here each card spans as many small
 * grid rows as it is tall, so shorter cards leave no gaps under them; the full-width rows after
 * them (the pagination, the infinite scroll's loader) are spanned the same way. Everything is
 * re-measured when its size changes (a narrower window, an image that loaded, the pagination shown
 * again). Without this script the cards sit in plain rows, which reads just as well.
 */
export const MASONRY_READY = 'dropin-blog-masonry-ready';

/** The grid's row unit and the gap kept under each card, in px (client/styles/blog.css). */
const ROW_PX = 4;
const GAP_PX = 30;

export interface Masonry {
  add(cards: readonly HTMLElement[]): void;
  destroy(): void;
}

export function masonry(area: HTMLElement): Masonry {
  const place = (card: HTMLElement) => {
    const height = card.getBoundingClientRect().height;
    card.style.gridRowEnd = `span ${Math.max(1, Math.ceil((height + GAP_PX) / ROW_PX))}`;
  };
  const observer =
    'ResizeObserver' in window
      ? new ResizeObserver((entries) => {
          for (const entry of entries) place(entry.target as HTMLElement);
        })
      : undefined;
  const add = (cards: readonly HTMLElement[]) => {
    for (const card of cards) {
      place(card);
      observer?.observe(card);
    }
  };
  area.classList.add(MASONRY_READY);
  add([...area.children].filter((child): child is HTMLElement => child instanceof HTMLElement));
  return {
    add,
    destroy: () => {
      observer?.disconnect();
      area.classList.remove(MASONRY_READY);
      for (const child of area.children) if (child instanceof HTMLElement) child.style.gridRowEnd = '';
    },
  };
}
