import { escUrl, html, raw, type SafeHtml } from '../html';

/**
 * The theme's (Traveltour) markup of the blog: a post in the posts index (`content/content-full`),
 * the single post's title header, article, tags and previous/next links, and a page's content area.
 * Class names and structure as the captured pages print them (`page-blog-index-p1`,
 * `page-blog-post-santorini`), so the replay compares them and the theme's own stylesheet would still
 * apply. Builders are pure: URLs and texts come ready from server/pages/blog.
 */
export interface TermLink {
  name: string;
  url: string;
}

export interface ArticleView {
  id: number;
  /** `post_class()`: `post-24 post type-post status-publish format-standard hentry category-… tag-…`. */
  classes: string;
  permalink: string;
  /** The title as WordPress prints it (`get_the_title`: texturized, `<` and `>` escaped). */
  titleHtml: string;
  /** `get_the_time('d')`, `get_the_time('M')`. */
  day: string;
  month: string;
  author?: { name: string; url: string };
  categories: readonly TermLink[];
  tags: readonly TermLink[];
  commentCount: number;
  thumbnail?: { url: string; alt: string };
  /** A sticky post shows the theme's banner. */
  sticky: boolean;
  /** The excerpt (index) or the content (single post). */
  body: SafeHtml;
}

const SEP = raw('<span class="gdlr-core-sep">,</span> ');

function termLinks(terms: readonly TermLink[]): SafeHtml {
  return raw(terms.map((t) => html`<a href="${escUrl(t.url)}" rel="tag">${t.name}</a>`.value).join(SEP.value));
}

/** `traveltour_get_blog_info`: author, categories, tags and the comment count, each when there is one. */
function blogInfo(view: ArticleView): SafeHtml {
  const item = (kind: string, icon: string, body: SafeHtml | string) =>
    html`<div class="traveltour-blog-info traveltour-blog-info-font traveltour-blog-info-${kind}"><span class="traveltour-head" ><i class="${icon}" ></i></span>${body}</div>`;
  return html`<div class="traveltour-blog-info-wrapper" >${[
    view.author &&
      item(
        'author',
        'icon_documents_alt',
        html`<a href="${escUrl(view.author.url)}" title="Posts by ${view.author.name}" rel="author">${view.author.name}</a>`,
      ),
    view.categories.length > 0 && item('category', 'icon_folder-alt', termLinks(view.categories)),
    view.tags.length > 0 && item('tag', 'icon_tags_alt', termLinks(view.tags)),
    item('comment-number', 'icon_comment_alt', `${view.commentCount} `),
  ]}</div>`;
}

/** `content/content-single-title`: the date badge, the info line and the title (a link in lists). */
export function articleHead(view: ArticleView, single: boolean): SafeHtml {
  const title = raw(view.titleHtml);
  return html`<header class="traveltour-single-article-head clearfix" ><div class="traveltour-single-article-date-wrapper"><span class="traveltour-single-article-date-day">${view.day}</span><span class="traveltour-single-article-date-month">${view.month}</span></div><div class="traveltour-single-article-head-right">${blogInfo(view)}${
    single
      ? html`<h1 class="traveltour-single-article-title">${title}</h1>`
      : html`<h3 class="traveltour-single-article-title"><a href="${escUrl(view.permalink)}" >${title}</a></h3>`
  }</div></header>`;
}

const STICKY_BANNER = raw(
  '<div class="traveltour-sticky-banner traveltour-title-font" ><i class="fa fa-bolt" ></i>Sticky Post</div>',
);

function thumbnail(view: ArticleView, banner: boolean): SafeHtml {
  if (!view.thumbnail) return banner && view.sticky ? STICKY_BANNER : raw('');
  return html`<div class="traveltour-single-article-thumbnail traveltour-media-image" ><img src="${escUrl(view.thumbnail.url)}" class="attachment-full size-full wp-post-image" alt="${view.thumbnail.alt}" decoding="async" loading="lazy" />${
    banner && view.sticky && STICKY_BANNER
  }</div>`;
}

/** A post in the posts index: thumbnail, head, excerpt. */
export function indexArticle(view: ArticleView): SafeHtml {
  return html`<article id="post-${view.id}" class="${view.classes}">
	<div class="traveltour-single-article" >
		${thumbnail(view, true)}${articleHead(view, false)}<div class="traveltour-single-article-content">${view.body}</div>	</div><!-- traveltour-single-article -->
</article><!-- post-id -->
`;
}

/** `header/header-title-blog`: the single post's title band (date, info, h1). */
export function blogTitleWrap(view: ArticleView): SafeHtml {
  return html`<div class="traveltour-blog-title-wrap  traveltour-style-small" ><div class="traveltour-header-transparent-substitute" ></div><div class="traveltour-blog-title-top-overlay" ></div><div class="traveltour-blog-title-overlay"  ></div><div class="traveltour-blog-title-bottom-overlay" ></div><div class="traveltour-blog-title-container traveltour-container" ><div class="traveltour-blog-title-content traveltour-item-pdlr"  >${articleHead(view, true)}</div></div></div>`;
}

export interface SinglePostView {
  article: ArticleView;
  previous?: { url: string };
  next?: { url: string };
}

/** The single post below its title band: the article, its tags and the previous/next links. */
export function singlePostBody(view: SinglePostView): SafeHtml {
  const a = view.article;
  const nav =
    view.previous || view.next
      ? html`<div class="traveltour-single-nav-area clearfix" >${
          view.previous &&
          html`<span class="traveltour-single-nav traveltour-single-nav-left"><a href="${escUrl(view.previous.url)}" rel="prev"><i class="arrow_left" ></i><span class="traveltour-text" >Prev</span></a></span>`
        }${
          view.next &&
          html`<span class="traveltour-single-nav traveltour-single-nav-right"><a href="${escUrl(view.next.url)}" rel="next"><span class="traveltour-text" >Next</span><i class="arrow_right" ></i></a></span>`
        }</div>`
      : '';
  const tags =
    a.tags.length > 0
      ? html`<div class="traveltour-single-tags clearfix" >${a.tags.map((t) => html`<a href="${escUrl(t.url)}" rel="tag">${t.name}</a>`)}</div>`
      : '';
  return html`<div class="traveltour-content-container traveltour-container"><div class=" traveltour-sidebar-wrap clearfix traveltour-line-height-0 traveltour-sidebar-style-none" ><div class=" traveltour-sidebar-center traveltour-column-60 traveltour-line-height" ><div class="traveltour-content-wrap traveltour-item-pdlr clearfix" ><div class="traveltour-content-area" ><article id="post-${a.id}" class="${a.classes}">
	<div class="traveltour-single-article" >
		${thumbnail(a, false)}<div class="traveltour-single-article-content">${a.body}</div>	</div><!-- traveltour-single-article -->
</article><!-- post-id -->
</div>${tags}${nav}</div></div></div></div>`;
}

/** `page.php` without a sidebar: the content in the theme's content area (nothing when it is empty). */
export function pageBody(content: SafeHtml): SafeHtml {
  if (content.value.trim() === '') return raw('');
  return html`<div class="traveltour-content-container traveltour-container"><div class="traveltour-content-area traveltour-item-pdlr traveltour-sidebar-style-none clearfix" >${content}</div></div>`;
}

/**
 * The posts index (`content/archive-default`): the posts, then the link pagination, in the theme's
 * content area. `masonry` (our setting, DEVIATIONS.md 64) adds the class that lays the posts out as
 * a grid of cards; the markup is the same.
 */
export function indexBody(
  articles: readonly SafeHtml[],
  pagination: SafeHtml,
  masonry: boolean,
  empty: SafeHtml = raw('<p class="dropin-blog-empty">Nothing has been posted here yet.</p>'),
): SafeHtml {
  const body = articles.length ? html`${articles}${pagination}` : empty;
  return html`<div class="traveltour-content-container traveltour-container"><div class="traveltour-sidebar-style-none" ><div class="traveltour-content-area traveltour-item-pdlr${
    masonry ? ' dropin-blog-masonry' : ''
  }" >${body}</div></div></div>`;
}
