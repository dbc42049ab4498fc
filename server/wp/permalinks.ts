/**
 * WordPress permalinks for posts, pages, archives and the index's pages, from the option
 * `permalink_structure` (the fixture's `/%postname%/`; '' means plain links: `/?p=15`). Paths only:
 * the caller puts the site's home URL in front. Also the reverse: which post a path names under the
 * structure (`matchPostPath`), checked afterwards against the post's own permalink.
 */
export interface PermalinkSettings {
  /** `permalink_structure`, e.g. `/%postname%/`; '' for plain links. */
  structure: string;
  /** `category_base` ('' = `category`). */
  categoryBase: string;
  /** `tag_base` ('' = `tag`). */
  tagBase: string;
}

export function isPretty(settings: PermalinkSettings): boolean {
  return settings.structure.trim() !== '';
}

/** `user_trailingslashit`: pretty links end in a slash when the structure does. */
function trailing(settings: PermalinkSettings, path: string): string {
  const withSlash = settings.structure.endsWith('/');
  const bare = path.replace(/\/+$/, '');
  return withSlash ? `${bare}/` : bare || '/';
}

/** The structure's part before its first tag (`/blog/` in `/blog/%postname%/`): archives sit under it. */
function front(settings: PermalinkSettings): string {
  const at = settings.structure.indexOf('%');
  const head = at === -1 ? settings.structure : settings.structure.slice(0, at);
  return head.endsWith('/') ? head : `${head.slice(0, head.lastIndexOf('/') + 1) || '/'}`;
}

/** What a post's permalink is built from. */
export interface PostLinkParts {
  id: number;
  slug: string;
  /** `post_date`, site time, `Y-m-d H:i:s`. */
  date: string;
  /** `parent/child` slugs of its first category (lowest id), or the default category's. */
  categoryPath: string;
  authorNicename: string;
}

export function postPath(settings: PermalinkSettings, post: PostLinkParts): string {
  if (!isPretty(settings) || post.slug === '') return `/?p=${post.id}`;
  const [date = '', time = ''] = post.date.split(' ');
  const [year = '', month = '', day = ''] = date.split('-');
  const [hour = '', minute = '', second = ''] = time.split(':');
  const values: Record<string, string> = {
    year,
    monthnum: month,
    day,
    hour,
    minute,
    second,
    post_id: String(post.id),
    postname: post.slug,
    category: post.categoryPath,
    author: post.authorNicename,
  };
  const path = settings.structure.replace(/%([a-z_]+)%/g, (m, tag: string) => values[tag] ?? m);
  return trailing(settings, path.startsWith('/') ? path : `/${path}`);
}

/** A page's permalink from its slug and its ancestors' (`/parent/child/`), or `/?page_id=N`. */
export function pagePath(settings: PermalinkSettings, id: number, slugs: readonly string[]): string {
  if (!isPretty(settings) || slugs.length === 0 || slugs.some((s) => s === '')) return `/?page_id=${id}`;
  return trailing(settings, `/${slugs.join('/')}`);
}

export function categoryPath(settings: PermalinkSettings, id: number, slugs: readonly string[]): string {
  if (!isPretty(settings)) return `/?cat=${id}`;
  return trailing(settings, `${front(settings)}${settings.categoryBase || 'category'}/${slugs.join('/')}`);
}

export function tagPath(settings: PermalinkSettings, slug: string): string {
  if (!isPretty(settings)) return `/?tag=${encodeURIComponent(slug)}`;
  return trailing(settings, `${front(settings)}${settings.tagBase || 'tag'}/${slug}`);
}

export function authorPath(settings: PermalinkSettings, id: number, nicename: string): string {
  if (!isPretty(settings) || nicename === '') return `/?author=${id}`;
  return trailing(settings, `${front(settings)}author/${nicename}`);
}

/**
 * `get_date_permastruct`'s front: the structure's front, with `date/` added when `%post_id%` is
 * among its first three tags (the two would overlap).
 */
export function dateFront(settings: PermalinkSettings): string {
  const tokens = settings.structure.match(/%.+?%/g) ?? [];
  return tokens.slice(0, 3).includes('%post_id%') ? `${front(settings)}date/` : front(settings);
}

/** The front of category, tag and author links (`/` under `/%postname%/`, `/blog/` under `/blog/%postname%/`). */
export function archiveFront(settings: PermalinkSettings): string {
  return front(settings);
}

/** `get_year_link`, `get_month_link`, `get_day_link` (plain links: `/?m=202610`). */
export function datePath(settings: PermalinkSettings, year: number, month?: number, day?: number): string {
  const parts = [String(year).padStart(4, '0')];
  if (month !== undefined) parts.push(String(month).padStart(2, '0'));
  if (month !== undefined && day !== undefined) parts.push(String(day).padStart(2, '0'));
  if (!isPretty(settings)) return `/?m=${parts.join('')}`;
  return trailing(settings, `${dateFront(settings)}${parts.join('/')}`);
}

/** The RSS 2.0 feed of a list at `basePath` (`/category/x/` → `/category/x/feed/`); the site's feed is `/feed/`. */
export function feedPath(settings: PermalinkSettings, basePath: string): string {
  if (!isPretty(settings)) return `${basePath}${basePath.includes('?') ? '&' : '?'}feed=rss2`;
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  return trailing(settings, `${base}feed`);
}

/**
 * Page `n` of a list whose first page is `basePath` (`/` or a posts page's path), as
 * `get_pagenum_link` makes it: `/page/2/`, `/blog/page/2/`; plain links add `paged=2` to the query.
 */
export function pagedPath(settings: PermalinkSettings, basePath: string, n: number): string {
  if (!isPretty(settings)) {
    if (n <= 1) return basePath;
    return `${basePath}${basePath.includes('?') ? '&' : '?'}paged=${n}`;
  }
  if (n <= 1) return basePath;
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  return trailing(settings, `${base}page/${n}`);
}

const TAG_PATTERNS: Record<string, string> = {
  year: '(\\d{4})',
  monthnum: '(\\d{1,2})',
  day: '(\\d{1,2})',
  hour: '(\\d{1,2})',
  minute: '(\\d{1,2})',
  second: '(\\d{1,2})',
  post_id: '(\\d+)',
  postname: '([^/]+)',
  category: '(.+?)',
  author: '([^/]+)',
};

/**
 * Which post a path names under the structure: its slug (`%postname%`) or id (`%post_id%`). The other
 * tags only have to have the right shape here; the caller compares the path with the post's own
 * permalink and redirects to it when they differ (WordPress's canonical redirect).
 */
export function matchPostPath(settings: PermalinkSettings, path: string): { slug?: string; id?: number } | undefined {
  if (!isPretty(settings)) return undefined;
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  const structure = settings.structure.replace(/\/+$/, '');
  for (const m of structure.matchAll(/%([a-z_]+)%/g)) {
    pattern += escapeRegExp(structure.slice(last, m.index));
    const tag = m[1]!;
    const group = TAG_PATTERNS[tag];
    if (!group) return undefined;
    names.push(tag);
    pattern += group;
    last = (m.index ?? 0) + m[0].length;
  }
  pattern += escapeRegExp(structure.slice(last));
  const found = new RegExp(`^${pattern.startsWith('/') ? '' : '/'}${pattern}/?$`).exec(path);
  if (!found) return undefined;
  const value = (tag: string) => {
    const i = names.indexOf(tag);
    return i === -1 ? undefined : found[i + 1];
  };
  const slug = value('postname');
  const id = value('post_id');
  if (slug !== undefined) return { slug };
  if (id !== undefined) return { id: Number(id) };
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
