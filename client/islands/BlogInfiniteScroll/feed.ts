import type { Masonry } from './masonry';
import { ARTICLES, fetchNextPage, NEXT, type NextPage, nextUrl } from './next-page';

/** What the infinite scroll works with on the index. */
export interface FeedParts {
  area: HTMLElement;
  /** The link pagination, hidden while the loader stands in for it. */
  nav: HTMLElement;
  grid: Masonry | undefined;
  loader: HTMLElement;
  /** The loader's link to the next page. */
  more: HTMLAnchorElement;
  announce: (text: string) => void;
}

/**
 * The next pages, loaded one at a time when half of the loader comes into view or on `load(true)`
 * (a click or Enter, which also moves focus to the new posts), until the last page or a failure.
 */
export function postFeed(
  parts: FeedParts,
  first: string,
): { load: (byKeyboardOrClick: boolean) => Promise<void>; close: () => void } {
  const { loader, more } = parts;
  let next: string | undefined = first;
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

  const stop = (how: 'done' | 'failed') => {
    stopped = true;
    observer.disconnect();
    endFeed(parts, how);
  };

  const load = async (byKeyboardOrClick: boolean) => {
    if (loading || stopped || !next) return;
    loading = true;
    loader.classList.add('dropin-blog-loader-busy');
    loader.setAttribute('aria-busy', 'true');
    try {
      const page = await fetchNextPage(next, controller.signal);
      const added = addPosts(parts, page);
      next = nextUrl(page.nav, page.url);
      presentPosts(parts, added, byKeyboardOrClick);

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

  return {
    load,
    close: () => {
      controller.abort();
      observer.disconnect();
    },
  };
}

/** The page's posts before the pagination (and in the grid); the pagination takes the page's links. */
function addPosts({ nav, grid }: FeedParts, page: NextPage): HTMLElement[] {
  const added = page.articles.map((article) => document.importNode(article, true));
  nav.before(...added);
  grid?.add(added);
  if (page.nav) nav.replaceChildren(...[...page.nav.childNodes].map((n) => document.importNode(n, true)));
  return added;
}

/** New posts announced to other islands and to screen readers; focus on the first when asked for them. */
function presentPosts({ announce }: FeedParts, added: HTMLElement[], byKeyboardOrClick: boolean): void {
  for (const article of added) article.dispatchEvent(new CustomEvent('island:content', { bubbles: true }));
  announce(`${added.length} more ${added.length === 1 ? 'post' : 'posts'} loaded.`);
  if (byKeyboardOrClick) focusArticle(added[0]!);
}

/**
 * The loader goes away. After the last page, focus (if it was on the loader) goes to the last post;
 * after a failure the link pagination comes back, pointing at the page that did not load.
 */
function endFeed({ area, nav, loader, announce }: FeedParts, how: 'done' | 'failed'): void {
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
