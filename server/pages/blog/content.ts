import { html, raw, type SafeHtml } from '../../views/html';
import { RenderCache } from '../../views/render-cache';
import { contentFilter, convertChars, wpautop, wptexturize } from '../../wp/text';
import { galleryToken } from '../tour/gallery';

/**
 * A post's or page's stored content as WordPress prints it (`the_content`), and its excerpt
 * (`the_excerpt`):
 * - block-editor content (`<!-- wp:… -->`) is HTML already: the block comments go, the text is
 *   texturized, no wpautop (as `do_blocks` turns it off);
 * - classic content gets wptexturize, convert_chars and wpautop (paragraphs from blank lines);
 * - shortcodes: `[gallery]` is printed by the caller (tokens, see gallery.ts), `[caption]` becomes
 *   WordPress's `figure.wp-caption`, `[embed]url[/embed]` a link; the plugin's `[tourmaster_tour]`
 *   and `[tourmaster_tour_search]` become tokens the caller's renderer prints (`pluginShortcodes`,
 *   `withRenderedShortcodes`) when it asks for them; every other shortcode is removed (its enclosed
 *   text kept), never printed raw (DEVIATIONS.md 64). `[[x]]` prints `[x]`, as in WordPress.
 * - `<!--more-->` is the `span#more-{id}` anchor; `<!--nextpage-->` breaks are dropped, so the
 *   whole text shows on one page.
 */

/** WordPress's own and this site's plugins' shortcode names: removed even without attributes. */
const KNOWN_SHORTCODES = new Set([
  'audio',
  'video',
  'playlist',
  'embed',
  'wp_caption',
  'caption',
  'gallery',
  'contact-form-7',
  'contact-form',
]);

const ATTRIBUTE = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g;

function attributes(text: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const a of text.matchAll(ATTRIBUTE)) attrs.set(a[1]!.toLowerCase(), a[2] ?? a[3] ?? a[4] ?? '');
  return attrs;
}

/**
 * A bracketed word is a shortcode when it is a name WordPress or this site's plugins register, a
 * plugin's namespaced name (`tourmaster_tour`, `gdlr_core_…`, `vc_row`), or carries `name="value"`
 * attributes, or is closed further on (`[box]…[/box]`). Prose in brackets (`[citation needed]`, `[1]`) stays.
 */
function isShortcode(name: string, rest: string, enclosing: ReadonlySet<string>): boolean {
  const lower = name.toLowerCase();
  if (KNOWN_SHORTCODES.has(lower) || enclosing.has(lower)) return true;
  if (/^(tourmaster|gdlr|traveltour|vc|su|et_pb|fusion)[_-]/.test(lower)) return true;
  return /=/.test(rest) || (rest.trim() === '' && /[_-]/.test(lower));
}

const SHORTCODE_TAG = /\[(\[?)(\/?)([A-Za-z][\w-]*)((?:\s[^\]]*)?)(\/?)\](\]?)/g;

/** Every shortcode tag we do not print removed; `[[x]]` unescaped to `[x]`. Enclosed text is kept. */
export function stripShortcodes(text: string): string {
  if (!text.includes('[')) return text;
  const enclosing = new Set([...text.matchAll(/\[\/([A-Za-z][\w-]*)\]/g)].map((m) => m[1]!.toLowerCase()));
  return text.replace(SHORTCODE_TAG, (whole, open: string, _close, name: string, rest: string, _self, end: string) => {
    if (!isShortcode(name, rest, enclosing)) return whole;
    if (open === '[' && end === ']') return whole.slice(1, -1);
    return `${open}${end}`;
  });
}

const CAPTION = /\[(?:wp_)?caption([^\]]*)\]([\s\S]*?)\[\/(?:wp_)?caption\]/g;
const EMBED = /\[embed[^\]]*\]([\s\S]*?)\[\/embed\]/g;

function captionToken(index: number): string {
  return `DROPINCAPTION${index}TOKEN`;
}

/** `img_caption_shortcode` (HTML5 markup): the image or its link, then the caption text. */
function captionHtml(attrText: string, inner: string): SafeHtml {
  const attrs = attributes(attrText);
  let caption = attrs.get('caption') ?? '';
  let body = inner.trim();
  if (!caption) {
    const m = /^((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(body);
    if (m) {
      body = m[1]!;
      caption = m[2]!.trim();
    }
  }
  const id = (attrs.get('id') ?? '').replace(/[^\w-]/g, '');
  const width = Number.parseInt(attrs.get('width') ?? '', 10);
  const align = (attrs.get('align') ?? 'alignnone').replace(/[^\w-]/g, '');
  const extra = (attrs.get('class') ?? '').replace(/[^\w -]/g, '').trim();
  return html`<figure ${id ? html`id="${id}" aria-describedby="caption-${id}" ` : ''}${
    width > 0 ? html`style="width: ${width}px" ` : ''
  }class="wp-caption ${align}${extra ? ` ${extra}` : ''}">${raw(convertChars(wptexturize(stripShortcodes(body))))}<figcaption ${
    id ? html`id="caption-${id}" ` : ''
  }class="wp-caption-text">${raw(convertChars(wptexturize(stripShortcodes(caption))))}</figcaption></figure>`;
}

/** Shortcodes a renderer outside the text filters prints (the plugin's list and search form). */
export const RENDERED_SHORTCODES: ReadonlySet<string> = new Set(['tourmaster_tour', 'tourmaster_tour_search']);

/** One rendered shortcode in the content: its name and attributes (names lower-cased, as WordPress parses them). */
export interface ShortcodeCall {
  name: string;
  attrs: ReadonlyMap<string, string>;
}

/** `[name attrs]` of a rendered shortcode, not escaped as `[[name]]`, self-closing (no `[/name]`). */
const RENDERED_TAG = /(\[?)\[(tourmaster_tour_search|tourmaster_tour)((?:\s[^\]]*)?)\/?\](\]?)/g;

/** The rendered shortcodes of a content text, in the order they appear (the tokens' order). */
export function pluginShortcodes(content: string): ShortcodeCall[] {
  if (!content.includes('[tourmaster_tour')) return [];
  const calls: ShortcodeCall[] = [];
  for (const m of content.matchAll(RENDERED_TAG)) {
    if (m[1] === '[' && m[4] === ']') continue;
    calls.push({ name: m[2]!, attrs: attributes(m[3] ?? '') });
  }
  return calls;
}

function shortcodeToken(index: number): string {
  return `DROPINSHORTCODE${index}TOKEN`;
}

/**
 * The filtered content with each rendered shortcode's markup in place of its token; a shortcode
 * alone in its paragraph is not wrapped in one (`shortcode_unautop`).
 */
export function withRenderedShortcodes(filteredContent: SafeHtml, rendered: readonly SafeHtml[]): SafeHtml {
  return raw(
    filteredContent.value.replace(
      /<p>DROPINSHORTCODE(\d+)TOKEN<\/p>|DROPINSHORTCODE(\d+)TOKEN/g,
      (_, alone: string | undefined, inline: string | undefined) => rendered[Number(alone ?? inline)]?.value ?? '',
    ),
  );
}

/**
 * The content with `[gallery]` shortcodes as gallery tokens (gallery.ts prints them) and the rest
 * filtered. `postId` names the `more` anchor. With `shortcodes`, the plugin's shortcodes are kept
 * as tokens for `withRenderedShortcodes`; without, they are removed like any other.
 */
export function postContent(content: string, postId: number, options: { shortcodes?: boolean } = {}): SafeHtml {
  const tokens = options.shortcodes === true;
  return filtered.get(`${postId}\u0000${tokens ? 1 : 0}\u0000${content}`, () => filterContent(content, postId, tokens));
}

function filterContent(content: string, postId: number, shortcodeTokens: boolean): SafeHtml {
  let galleries = 0;
  let shortcodes = 0;
  const captions: SafeHtml[] = [];
  let text = content
    .replace(/<!--nextpage-->/g, '')
    .replace(/<!--more(.*?)?-->/, `<span id="more-${postId}"></span>`)
    .replace(/\[gallery(\s[^\]]*)?\]/g, () => galleryToken(galleries++))
    .replace(CAPTION, (_, attrs: string, inner: string) => {
      captions.push(captionHtml(attrs, inner));
      return captionToken(captions.length - 1);
    })
    .replace(EMBED, (_, url: string) => {
      const href = url.trim();
      return /^https?:\/\/[^\s"'<>]+$/.test(href) ? `<a href="${href}">${href}</a>` : '';
    });
  if (shortcodeTokens && text.includes('[tourmaster_tour')) {
    text = text.replace(RENDERED_TAG, (whole, open: string, _name, _attrs, close: string) =>
      open === '[' && close === ']' ? whole : shortcodeToken(shortcodes++),
    );
  }
  text = stripShortcodes(text);
  const out = /<!--\s+wp:/.test(text)
    ? convertChars(wptexturize(text.replace(/<!--\s+\/?wp:[\s\S]*?-->\n?/g, '')))
    : contentFilter(text);
  // `shortcode_unautop`: a caption alone in its paragraph is not wrapped in one (inline, it stays in it).
  return raw(
    out.replace(
      /<p>DROPINCAPTION(\d+)TOKEN<\/p>|DROPINCAPTION(\d+)TOKEN/g,
      (_, alone: string | undefined, inline: string | undefined) => captions[Number(alone ?? inline)]?.value ?? '',
    ),
  );
}

/** The filters' output for each content text (the text is read on every request). */
const filtered = new RenderCache<SafeHtml>(300);

const EXCERPT_WORDS = 55;
const EXCERPT_MORE = ' [&hellip;]';

/**
 * `the_excerpt()`: the post's own excerpt, else `wp_trim_excerpt` (the content before `<!--more-->`,
 * shortcodes and markup removed, the first 55 words, ` […]` when cut), then wptexturize,
 * convert_chars and wpautop. A password-protected post shows WordPress's notice instead.
 */
export function postExcerpt(post: { excerpt: string; content: string; password: string }): SafeHtml {
  if (post.password !== '') return raw('<p>There is no excerpt because this is a protected post.</p>\n');
  return raw(wpautop(excerptText(post)));
}

/** `get_the_excerpt()` with wptexturize and convert_chars, without wpautop (`the_excerpt_rss`). */
export function excerptText(post: { excerpt: string; content: string; password: string }): string {
  if (post.password !== '') return 'There is no excerpt because this is a protected post.';
  const text = post.excerpt.trim() !== '' ? post.excerpt : trimmedContent(post.content);
  return convertChars(wptexturize(text));
}

function trimmedContent(content: string): string {
  const beforeMore = content.split(/<!--more(?:.*?)?-->/)[0] ?? '';
  let text = beforeMore
    .replace(/\[gallery(\s[^\]]*)?\]/g, '')
    .replace(CAPTION, (_, attrs: string, inner: string) => attributes(attrs).get('caption') ?? inner);
  text = stripShortcodes(text);
  text = /<!--\s+wp:/.test(text)
    ? convertChars(wptexturize(text.replace(/<!--[\s\S]*?-->/g, '')))
    : contentFilter(text.replace(/<!--[\s\S]*?-->/g, ''));
  // wp_trim_words: wp_strip_all_tags (script and style with their text), words on whitespace.
  const plain = text
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .trim();
  const words = plain.split(/[\n\r\t ]+/).filter(Boolean);
  if (words.length > EXCERPT_WORDS) return `${words.slice(0, EXCERPT_WORDS).join(' ')}${EXCERPT_MORE}`;
  return words.join(' ');
}
