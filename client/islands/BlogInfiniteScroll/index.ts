import { type Masonry, masonry } from './masonry';

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
const ARTICLES = ':scope > article';
const NAV = 'nav.navigation.pagination';
const NEXT = 'a.next.page-numbers';

export function mount(area: HTMLElement): () => void {
  const grid: Masonry | undefined = area.classList.contains('dropin-blog-masonry') ? masonry(area) : undefined;
  const nav = area.querySelector<HTMLElement>(`:scope > ${NAV}`);
  let next = nextUrl(nav, document.baseURI);
  if (!nav || !next || !('IntersectionObserver' in window) || !('DOMParser' in window)) {
    return () => grid?.destroy();
  }

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

  nav.hidden = true;
  nav.after(loader, status);
  grid?.add([loader]);

  let loading = false;
  let stopped = false;
  const controller = new AbortController();

  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= 0.5)) void load(false);
    },
    { threshold: 0.5 },
  );
  observer.observe(loader);

  const announce = (text: string) => {
    // A change of text is what screen readers announce; clear first so a repeat is heard too.
    status.textContent = '';
    window.setTimeout(() => {
      status.textContent = text;
    }, 50);
  };

  const stop = (how: 'done' | 'failed') => {
    stopped = true;
    observer.disconnect();
    const hadFocus = loader.contains(document.activeElement);
    loader.remove();
    if (how === 'failed') {
      nav.hidden = false;
      announce('More posts could not be loaded. Use the page links to go on.');
      if (hadFocus) nav.querySelector<HTMLElement>(NEXT)?.focus();
    } else {
      announce('All posts are shown.');
      if (hadFocus) lastArticleLink(area)?.focus();
    }
  };

  const load = async (byKeyboardOrClick: boolean) => {
    if (loading || stopped || !next) return;
    loading = true;
    loader.classList.add('dropin-blog-loader-busy');
    loader.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(next, {
        credentials: 'same-origin',
        headers: { Accept: 'text/html' },
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const source = page.querySelector<HTMLElement>('.traveltour-content-area');
      const articles = source ? [...source.querySelectorAll<HTMLElement>(ARTICLES)] : [];
      if (articles.length === 0) throw new Error('the next page holds no posts');

      const added = articles.map((article) => document.importNode(article, true));
      nav.before(...added);
      grid?.add(added);
      const sourceNav = source?.querySelector<HTMLElement>(`:scope > ${NAV}`);
      if (sourceNav) nav.replaceChildren(...[...sourceNav.childNodes].map((n) => document.importNode(n, true)));
      next = nextUrl(sourceNav ?? null, response.url || next);
      for (const article of added) article.dispatchEvent(new CustomEvent('island:content', { bubbles: true }));
      announce(`${added.length} more ${added.length === 1 ? 'post' : 'posts'} loaded.`);
      if (byKeyboardOrClick) focusArticle(added[0]!);

      if (!next) return stop('done');
      more.href = next;
      // Still in view after the new posts (a tall window)? Observing again reports it at once.
      observer.unobserve(loader);
      observer.observe(loader);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('[island BlogInfiniteScroll] next page not loaded', error);
      stop('failed');
    } finally {
      loading = false;
      loader.classList.remove('dropin-blog-loader-busy');
      loader.removeAttribute('aria-busy');
    }
  };

  const onClick = (event: MouseEvent) => {
    // A new tab or window keeps the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void load(true);
  };
  more.addEventListener('click', onClick);

  return () => {
    controller.abort();
    observer.disconnect();
    more.removeEventListener('click', onClick);
    loader.remove();
    status.remove();
    nav.hidden = false;
    grid?.destroy();
  };
}

/** The pagination's `Next page` URL (absolute), or undefined on the last page. */
function nextUrl(nav: Element | null, base: string): string | undefined {
  const href = nav?.querySelector(NEXT)?.getAttribute('href');
  if (!href) return undefined;
  try {
    const url = new URL(href, base);
    // Only this site's pages are fetched.
    return url.origin === window.location.origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Focus the new post's title link (the article itself when it has none). */
function focusArticle(article: HTMLElement): void {
  const link = article.querySelector<HTMLElement>('.traveltour-single-article-title a');
  if (link) {
    link.focus();
    return;
  }
  article.tabIndex = -1;
  article.focus();
}

function lastArticleLink(area: HTMLElement): HTMLElement | null {
  const articles = area.querySelectorAll<HTMLElement>(ARTICLES);
  return articles[articles.length - 1]?.querySelector<HTMLElement>('.traveltour-single-article-title a') ?? null;
}
