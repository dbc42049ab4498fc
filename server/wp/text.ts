/**
 * The WordPress text filters the plugin runs over mail content (`tourmaster_content_filter`:
 * wptexturize → convert_chars → wpautop), re-implemented from their documented behaviour so our
 * mails come out as the legacy ones did (`legacy-fixtures/mails/*.eml`): paragraphs and `<br />`
 * from blank lines and newlines, curly apostrophes (`Customer&#8217;s Note`), `&` as `&#038;`.
 *
 * Not reproduced: smilies (`convert_smilies`), shortcodes (`do_shortcode`: `[x]` stays literal),
 * oEmbed of YouTube/Vimeo links, wptexturize's "cockney" list and its full prime/quote pairing
 * (a quote left over after the patterns below becomes a closing quote, or a prime after a digit).
 */

/** PCRE's `\s` without the u flag: ASCII whitespace only (JS `\s` also matches NBSP and more). */
const WS = '[ \\t\\n\\r\\f\\v]';

const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

const re = (source: string, flags = 'g') => new RegExp(source, flags);

/** Tags and comments, as WordPress splits HTML from text (close enough for mail templates). */
const TAG_OR_COMMENT = /<!--[\s\S]*?-->|<[^>]*>/g;

// wpautop's patterns, compiled once (a RegExp built per call cost more than the replacing). Each
// is global, and replace() and split() start a global pattern from index 0 whatever it last matched.
const BR_BR = re(`<br${WS}*/?>${WS}*<br${WS}*/?>`);
const BLOCK_OPEN = re(`(<${ALL_BLOCKS}[ \\t\\n\\r\\f\\v/>])`);
const BLOCK_CLOSE = re(`(</${ALL_BLOCKS}>)`);
const HR = re(`(<hr${WS}*?/?>)`);
const PARAGRAPH_BREAK = re(`\\n${WS}*\\n`);
const EMPTY_P = re(`<p>${WS}*</p>`);
const P_AROUND_BLOCK = re(`<p>${WS}*(</?${ALL_BLOCKS}[^>]*>)${WS}*</p>`);
const P_BEFORE_BLOCK = re(`<p>${WS}*(</?${ALL_BLOCKS}[^>]*>)`);
const P_AFTER_BLOCK = re(`(</?${ALL_BLOCKS}[^>]*>)${WS}*</p>`);
const NEWLINE_TO_BR = re(`(?<!<br />)${WS}*\\n`);
const BR_AFTER_BLOCK = re(`(</?${ALL_BLOCKS}[^>]*>)${WS}*<br />`);
const BR_BEFORE_BLOCK = re(`<br />(${WS}*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`);

/** WordPress `wpautop($text, true)`: blank lines become paragraphs, single newlines `<br />`. */
export function wpautop(input: string): string {
  if (input.trim() === '') return '';
  let text = `${input}\n`;

  text = text.replace(BR_BR, '\n\n');
  text = text.replace(BLOCK_OPEN, '\n\n$1');
  text = text.replace(BLOCK_CLOSE, '$1\n\n');
  text = text.replace(HR, '$1\n\n');
  text = text.replace(/\r\n|\r/g, '\n');
  // Newlines inside tags must survive: placeholder now, restored at the end.
  text = text.replace(TAG_OR_COMMENT, (tag) => tag.replace(/\n/g, ' <!-- wpnl --> '));
  text = text.replace(/\n\n+/g, '\n\n');

  const paragraphs = text.split(PARAGRAPH_BREAK).filter((p) => p !== '');
  text = '';
  for (const paragraph of paragraphs) text += `<p>${trimNewlines(paragraph)}</p>\n`;

  text = text.replace(EMPTY_P, '');
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  text = text.replace(P_AROUND_BLOCK, '$1');
  text = text.replace(/<p>(<li.+?)<\/p>/g, '$1');
  text = text.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>');
  text = text.replace(/<\/blockquote><\/p>/g, '</p></blockquote>');
  text = text.replace(P_BEFORE_BLOCK, '$1');
  text = text.replace(P_AFTER_BLOCK, '$1');

  // Line breaks, except inside script/style/svg/math.
  text = text.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (m) => m.replace(/\n/g, '<WPPreserveNewline />'));
  text = text.replace(/<br>|<br\/>/g, '<br />');
  text = text.replace(NEWLINE_TO_BR, '<br />\n');
  text = text.replace(/<WPPreserveNewline \/>/g, '\n');

  text = text.replace(BR_AFTER_BLOCK, '$1');
  text = text.replace(BR_BEFORE_BLOCK, '$1');
  // PCRE `$` also matches before a final newline.
  text = text.replace(/\n<\/p>(?=\n?$)/, '</p>');

  if (text.includes('<!-- wpnl -->')) text = text.replace(/ <!-- wpnl --> |<!-- wpnl -->/g, '\n');
  return text;
}

function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '\n') start++;
  while (end > start && text[end - 1] === '\n') end--;
  return text.slice(start, end);
}

/** wp_spaces_regexp(): the "spaces" of wptexturize's patterns. */
const SP = '(?:[\\r\\n\\t ]|\\u00a0|&nbsp;)';

const APOS = '&#8217;';
const OPEN_SQ = '&#8216;';
const OPEN_DQ = '&#8220;';
const CLOSE_DQ = '&#8221;';

// wptexturize's patterns that need SP, compiled once (as wpautop's).
const QUOTED_TWO_DIGITS = re(`'(\\d\\d)'(?=\\n?$|[.,:;!?)}\\-\\]]|&gt;|${SP})`);
const QUOTED_NUMBER_SQ = re(`(?<=^|${SP})'(\\d[.,\\d]*)'`);
const OPENING_SQ = re(`(?<=^|[([{"\\-]|&lt;|${SP})'`);
const APOSTROPHE = re(`(?<!${SP})'(?!\\n?$|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${SP})`);
const QUOTED_NUMBER_DQ = re(`(?<=^|${SP})"(\\d[.,\\d]*)"`);
const OPENING_DQ = re(`(?<=^|[([{\\-]|&lt;|${SP})"(?!${SP})`);
const EM_DASH = re(`(?<=^|${SP})--(?=$|${SP})`);
const EN_DASH = re(`(?<=^|${SP})-(?=$|${SP})`);

/** Elements whose text wptexturize leaves alone. */
const NO_TEXTURIZE = new Set(['pre', 'code', 'kbd', 'style', 'script', 'tt', 'samp']);

/** WordPress `wptexturize()` (the common patterns; see the module note for what is left out). */
export function wptexturize(text: string): string {
  let out = '';
  let last = 0;
  const skipping: string[] = [];
  for (const match of text.matchAll(TAG_OR_COMMENT)) {
    const index = match.index ?? 0;
    out += textureSegment(text.slice(last, index), skipping.length > 0);
    const tag = match[0];
    out += tag;
    last = index + tag.length;
    const m = /^<(\/?)([a-zA-Z0-9]+)/.exec(tag);
    const name = m?.[2]?.toLowerCase();
    if (name && NO_TEXTURIZE.has(name)) {
      if (m?.[1]) {
        const at = skipping.lastIndexOf(name);
        if (at !== -1) skipping.splice(at, 1);
      } else if (!tag.endsWith('/>')) skipping.push(name);
    }
  }
  out += textureSegment(text.slice(last), skipping.length > 0);
  return out;
}

function textureSegment(segment: string, skip: boolean): string {
  if (skip || segment === '') return segment;
  let curl = segment
    .replaceAll('...', '&#8230;')
    .replaceAll('``', OPEN_DQ)
    .replaceAll("''", CLOSE_DQ)
    .replaceAll(' (tm)', ' &#8482;');

  if (curl.includes("'")) {
    curl = curl.replace(QUOTED_TWO_DIGITS, `${APOS}$1${APOS}`);
    curl = curl.replace(/'(?=\d\d(?:\n?$|(?![%\d]|[.,]\d)))/g, APOS);
    curl = curl.replace(QUOTED_NUMBER_SQ, `${OPEN_SQ}$1${APOS}`);
    curl = curl.replace(OPENING_SQ, OPEN_SQ);
    curl = curl.replace(APOSTROPHE, APOS);
    curl = curl.replace(/(?<=\d)'/g, '&#8242;').replaceAll("'", APOS);
  }
  if (curl.includes('"')) {
    curl = curl.replace(QUOTED_NUMBER_DQ, `${OPEN_DQ}$1${CLOSE_DQ}`);
    curl = curl.replace(OPENING_DQ, OPEN_DQ);
    curl = curl.replace(/(?<=\d)"/g, '&#8243;').replaceAll('"', CLOSE_DQ);
  }
  if (curl.includes('-')) {
    curl = curl.replace(/---/g, '&#8212;');
    curl = curl.replace(EM_DASH, '&#8212;');
    curl = curl.replace(/(?<!xn)--/g, '&#8211;');
    curl = curl.replace(EN_DASH, '&#8211;');
  }
  // 9x9 → 9×9, but never 0x9999.
  curl = curl.replace(/\b(\d[\d.,]*)x(\d[\d.,]*)\b/g, (m, a: string, b: string) => (a === '0' ? m : `${a}&#215;${b}`));
  return curl.replace(/&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi, '&#038;');
}

/** WordPress `convert_chars()`: a lone `&` anywhere (tags included) becomes `&#038;`. */
export function convertChars(text: string): string {
  return text.includes('&') ? text.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, '&#038;$1') : text;
}

/** The plugin's `tourmaster_content_filter()` as far as mails use it. */
export function contentFilter(text: string): string {
  return wpautop(convertChars(wptexturize(text)));
}

/**
 * WordPress `add_query_arg()` for plain arguments: appended with `?` or `&` (so the query-string
 * page URLs `/?tourmaster-payment` keep their first argument), replacing an argument of the same
 * name; an empty value gives the bare key (`/?paypal`). Values are URL-encoded.
 */
export function addQueryArg(url: string, args: Readonly<Record<string, string | number>>): string {
  const hashAt = url.indexOf('#');
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const withoutFragment = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutFragment.indexOf('?');
  const base = queryAt === -1 ? withoutFragment : withoutFragment.slice(0, queryAt);
  const keys = new Set(Object.keys(args));
  const pairs = (queryAt === -1 ? '' : withoutFragment.slice(queryAt + 1))
    .split('&')
    .filter((pair) => pair !== '' && !keys.has(safeDecode(pair.split('=')[0] ?? '')));
  for (const [key, value] of Object.entries(args)) {
    const text = String(value);
    pairs.push(text === '' ? encodeURIComponent(key) : `${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  return `${base}?${pairs.join('&')}${fragment}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** HTML text to plain text: numeric and the common named character references decoded. */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return NAMED[ref.toLowerCase()] ?? m;
  });
}
