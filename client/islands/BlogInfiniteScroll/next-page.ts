/** The posts of a page of the index (`/page/N/`) and its pagination, as WordPress prints them. */
export const ARTICLES = ':scope > article';
export const NAV = 'nav.navigation.pagination';
export const NEXT = 'a.next.page-numbers';

export interface NextPage {
  articles: HTMLElement[];
  /** The page's own pagination, which the index shows from now on. */
  nav: HTMLElement | null;
  /** Where the page was read from (after redirects): its links are relative to it. */
  url: string;
}

/** The pagination's `Next page` URL (absolute), or undefined on the last page. */
export function nextUrl(nav: Element | null, base: string): string | undefined {
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

/** The page a visitor would open, parsed; throws when it fails or holds no posts. */
export async function fetchNextPage(url: string, signal: AbortSignal): Promise<NextPage> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'text/html' },
    signal,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const source = page.querySelector<HTMLElement>('.traveltour-content-area');
  const articles = source ? [...source.querySelectorAll<HTMLElement>(ARTICLES)] : [];
  if (articles.length === 0) throw new Error('the next page holds no posts');
  return { articles, nav: source?.querySelector<HTMLElement>(`:scope > ${NAV}`) ?? null, url: response.url || url };
}
