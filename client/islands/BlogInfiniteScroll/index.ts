import { postFeed } from './feed';
import { type Masonry, masonry } from './masonry';
import { NAV, nextUrl } from './next-page';

/**
 * Infinite scroll on the posts index (ours, and the theme's index WordPress rendered: the marker is
 * the content area of `body.blog`). The server prints WordPress's link pagination; with this island
 * the links give way to a loader after the posts. When half of the loader is in view, the next page
 * (the `Next page` link: `/page/N/`, the same server page a visitor would open) is fetched, parsed
 * with DOMParser, and its articles are appended; the hidden pagination takes the new page's links.
 * Past the last page the loader goes away. The loader is also a link: Enter (or a click) loads the
 * next posts at once and moves focus to the first of them.
 *
 * Nothing is lost without it or when it fails: without script the links work as on WordPress, and a
 * failed load removes the loader and shows the link pagination again, pointing at the page that did
 * not load. New posts are announced in a polite live region, and each appended article fires
 * `island:content` so other islands can mount in it (client/main.ts).
 */
export function mount(area: HTMLElement): () => void {
  const grid: Masonry | undefined = area.classList.contains('dropin-blog-masonry') ? masonry(area) : undefined;
  const nav = area.querySelector<HTMLElement>(`:scope > ${NAV}`);
  const next = nextUrl(nav, document.baseURI);
  if (!nav || !next || !('IntersectionObserver' in window) || !('DOMParser' in window)) {
    return () => grid?.destroy();
  }

  const { status, loader, more } = loaderElements(next);
  nav.hidden = true;
  nav.after(loader, status);
  grid?.add([loader]);
  const feed = postFeed({ area, nav, grid, loader, more, announce: announcer(status) }, next);

  const onClick = (event: MouseEvent) => {
    // A new tab or window keeps the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void feed.load(true);
  };
  more.addEventListener('click', onClick);

  return () => {
    feed.close();
    more.removeEventListener('click', onClick);
    loader.remove();
    status.remove();
    nav.hidden = false;
    grid?.destroy();
  };
}

/** The polite live region, and the loader: a spinner and a link to the next page. */
function loaderElements(next: string): { status: HTMLElement; loader: HTMLElement; more: HTMLAnchorElement } {
  const status = document.createElement('p');
  status.className = 'dropin-visually-hidden';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');

  const loader = document.createElement('div');
  loader.className = 'dropin-blog-loader';
  const spinner = document.createElement('span');
  spinner.className = 'dropin-blog-loader-spinner';
  spinner.setAttribute('aria-hidden', 'true');
  const more = document.createElement('a');
  more.className = 'dropin-blog-loader-link';
  more.textContent = 'Load more posts';
  more.href = next;
  loader.append(spinner, more);
  return { status, loader, more };
}

function announcer(status: HTMLElement): (text: string) => void {
  return (text) => {
    // A change of text is what screen readers announce; clear first so a repeat is heard too.
    status.textContent = '';
    window.setTimeout(() => {
      status.textContent = text;
    }, 50);
  };
}
