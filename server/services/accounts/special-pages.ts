import { getOptions } from '../../data/options';
import { getPostRoute, publishedPagePath } from '../../data/posts';
import type { WpDb } from '../../data/tables';
import { isSet, str } from '../../php/coerce';
import type { Site } from '../../wp/site';
import { addQueryArg } from '../../wp/text';

/** `tourmaster_general`, unserialised (empty when the option is missing). */
export type GeneralOptions = Readonly<Record<string, unknown>>;

export async function loadGeneralOptions(wp: WpDb): Promise<GeneralOptions> {
  const value = (await getOptions(wp, ['tourmaster_general'])).get('tourmaster_general');
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as GeneralOptions) : {};
}

/** The plugin's special pages, each named by option `{name}-page` of `tourmaster_general`. */
export type SpecialPage = 'login' | 'register' | 'user' | 'payment' | 'search';

const SPECIAL_PAGES: readonly SpecialPage[] = ['login', 'register', 'user', 'payment', 'search'];

export function isSpecialPage(name: string): name is SpecialPage {
  return (SPECIAL_PAGES as readonly string[]).includes(name);
}

/**
 * `tourmaster_get_template_url($page)` (engagement.md §4): the permalink of the page the option
 * names; `{home}/?tourmaster-{page}` when the option is empty; '' when it names a page that is not
 * published (the legacy site then printed request-relative links, see `withArgs`); a URL written in
 * the option is used as it is.
 */
export async function specialPageUrl(
  wp: WpDb,
  site: Site,
  general: GeneralOptions,
  page: SpecialPage,
): Promise<string> {
  const value = general[`${page}-page`];
  if (!isSet(value)) return `${site.homeUrl}/?tourmaster-${page}`;
  const text = str(value).trim();
  if (!/^\d+$/.test(text)) return text;
  const path = await publishedPagePath(wp, Number(text));
  return path === undefined ? '' : `${site.homeUrl}${path}`;
}

/**
 * `add_query_arg($args, $url)`; on a dangling special page (url '') WordPress adds the arguments to
 * the current request URI instead, giving relative links such as `/wp-admin/admin-ajax.php?page_type=dashboard`.
 */
export function withArgs(url: string, args: Readonly<Record<string, string>>, requestUri: string): string {
  return addQueryArg(url === '' ? requestUri : url, args);
}

/**
 * A post's permalink under the site's `/%postname%/` structure: pages by their path, tours under
 * `/tour/`, posts at the root; '' when the post is not published.
 */
export async function postPermalink(wp: WpDb, site: Site, postId: number): Promise<string> {
  const post = await getPostRoute(wp, postId);
  if (post?.status !== 'publish') return '';
  const type = post.type;
  if (type === 'page') {
    const path = await publishedPagePath(wp, postId);
    return path === undefined ? '' : `${site.homeUrl}${path}`;
  }
  if (type === 'tour') return `${site.homeUrl}/tour/${post.slug}/`;
  if (type === 'post') return `${site.homeUrl}/${post.slug}/`;
  return `${site.homeUrl}/?p=${postId}`;
}

/** PHP `filter_var($url, FILTER_VALIDATE_URL)` in the cases that matter here: an absolute http(s) URL. */
export function isAbsoluteUrl(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/\s]/i.test(value) || /\s/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The login form's `redirect_to` for a `redirect` value (engagement.md §4.1 `{RT}`): a post id gives
 * its permalink, an absolute URL is kept, a special-page keyword gives that page (an unknown word
 * the home page); without a value, the current request URI.
 */
export async function redirectTarget(
  wp: WpDb,
  site: Site,
  general: GeneralOptions,
  redirect: string,
  requestUri: string,
): Promise<string> {
  if (redirect === '') return requestUri;
  if (/^\d+$/.test(redirect)) return postPermalink(wp, site, Number(redirect));
  if (isAbsoluteUrl(redirect)) return redirect;
  if (isSpecialPage(redirect)) return specialPageUrl(wp, site, general, redirect);
  return `${site.homeUrl}/`;
}
