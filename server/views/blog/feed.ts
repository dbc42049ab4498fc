/**
 * An RSS 2.0 feed as WordPress 6.3 prints it (`wp-includes/feed-rss2.php`): the channel's title,
 * self link, home link, tagline, last build date, language, update period and generator, then one
 * `<item>` a post. Every text is XML-escaped; what WordPress puts in CDATA sections (author,
 * categories, excerpt, content) is put there with any `]]>` in it split across two sections, so
 * no post can end the section early (WordPress only guards the content).
 */
export interface FeedItem {
  title: string;
  link: string;
  /** `{permalink}#comments` / `#respond` and the comments feed, when comments are open or there are some. */
  comments?: { link: string; feed: string; count: number };
  creator: string;
  /** `post_date_gmt`, `Y-m-d H:i:s`. */
  dateGmt: string;
  categories: string[];
  guid: string;
  /** The excerpt, as HTML. */
  description: string;
  /** The content, as HTML (absent when `rss_use_excerpt` is on). */
  content?: string;
}

export interface Feed {
  /** `wp_get_document_title` of the feed's view, as text. */
  title: string;
  selfLink: string;
  homeLink: string;
  description: string;
  /** The newest `post_modified_gmt` of the items (`get_feed_build_date`), `Y-m-d H:i:s`. */
  lastBuild: string;
  language: string;
  items: FeedItem[];
}

/** XML text: `&`, `<`, `>`, quotes escaped; characters XML 1.0 forbids dropped. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** A CDATA section holding `text` exactly: each `]]>` split between two sections. */
export function cdata(text: string): string {
  const clean = text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
  return `<![CDATA[${clean.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `mysql2date( 'D, d M Y H:i:s +0000', … )` of a GMT `Y-m-d H:i:s` text ('' when it is no date). */
export function rfc822(gmt: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(gmt);
  if (!m || m[1] === '0000') return '';
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(
    d.getUTCHours(),
  )}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}

function itemXml(item: FeedItem): string {
  const lines = [
    '\t<item>',
    `\t\t<title>${xmlText(item.title)}</title>`,
    `\t\t<link>${xmlText(item.link)}</link>`,
    ...(item.comments ? [`\t\t\t\t\t<comments>${xmlText(item.comments.link)}</comments>`] : []),
    '\t\t',
    `\t\t<dc:creator>${cdata(item.creator)}</dc:creator>`,
    `\t\t<pubDate>${rfc822(item.dateGmt)}</pubDate>`,
    `\t\t${item.categories.map((c) => `<category>${cdata(c)}</category>\n`).join('\t\t')}`,
    `\t\t<guid isPermaLink="false">${xmlText(item.guid)}</guid>`,
    '',
    `\t\t\t\t\t<description>${cdata(item.description)}</description>`,
    ...(item.content !== undefined
      ? [`\t\t\t\t\t\t\t\t\t<content:encoded>${cdata(item.content)}</content:encoded>`]
      : []),
    ...(item.comments
      ? [
          '\t\t\t\t\t',
          `\t\t\t<wfw:commentRss>${xmlText(item.comments.feed)}</wfw:commentRss>`,
          `\t\t\t<slash:comments>${item.comments.count}</slash:comments>`,
        ]
      : []),
    '\t\t',
    '\t\t\t</item>',
  ];
  return lines.join('\n');
}

export function rss2Xml(feed: Feed): string {
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"',
    '\txmlns:content="http://purl.org/rss/1.0/modules/content/"',
    '\txmlns:wfw="http://wellformedweb.org/CommentAPI/"',
    '\txmlns:dc="http://purl.org/dc/elements/1.1/"',
    '\txmlns:atom="http://www.w3.org/2005/Atom"',
    '\txmlns:sy="http://purl.org/rss/1.0/modules/syndication/"',
    '\txmlns:slash="http://purl.org/rss/1.0/modules/slash/"',
    '\t>',
    '',
    '<channel>',
    `\t<title>${xmlText(feed.title)}</title>`,
    `\t<atom:link href="${xmlText(feed.selfLink)}" rel="self" type="application/rss+xml" />`,
    `\t<link>${xmlText(feed.homeLink)}</link>`,
    `\t<description>${xmlText(feed.description)}</description>`,
    `\t<lastBuildDate>${rfc822(feed.lastBuild)}</lastBuildDate>`,
    `\t<language>${xmlText(feed.language)}</language>`,
    '\t<sy:updatePeriod>',
    '\thourly\t</sy:updatePeriod>',
    '\t<sy:updateFrequency>',
    '\t1\t</sy:updateFrequency>',
    '\t<generator>https://wordpress.org/?v=6.3</generator>',
  ];
  return `${head.join('\n')}\n${feed.items.map(itemXml).join('\n')}\n\t</channel>\n</rss>\n`;
}
