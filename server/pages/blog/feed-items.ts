import type { FeedItem } from '../../views/blog/feed';
import { raw } from '../../views/html';
import { feedPath } from '../../wp/permalinks';
import type { PostDecorations, WpPost } from '../../wp/post';
import { decodeName } from '../../wp/stored-name';
import { withGalleries } from '../tour/content';
import { galleryShortcodes } from '../tour/gallery';
import { textOf } from '../tour/request';
import { excerptText, postContent } from './content';
import { type BlogRequest, postPathOf } from './index';

/**
 * One post as a feed's `<item>` (`feed-rss2.php`): `the_title_rss`, `the_permalink_rss`, the
 * comments link and feed when comments are open or there are some, `the_author`, the GMT date,
 * `the_category_rss` (categories, then tags), `the_guid`, `the_excerpt_rss` and
 * `get_the_content_feed` (the content filters; galleries and the plugin's shortcodes left out, as
 * a feed reader cannot run them).
 */
export function feedItem(blog: BlogRequest, post: WpPost, decorations: PostDecorations): FeedItem {
  const { settings, site } = blog;
  const decoration = decorations.byPost.get(post.id);
  const permalink = `${site.homeUrl}${postPathOf(settings, post, decoration, decorations.categories)}`;
  const title = textOf(post.title).text;
  const item: FeedItem = {
    title: post.password !== '' ? `Protected: ${title}` : title,
    link: permalink,
    creator: decodeName(decoration?.author?.displayName ?? ''),
    dateGmt: post.dateGmt,
    categories: [...(decoration?.categories ?? []), ...(decoration?.tags ?? [])].map((t) => decodeName(t.name)),
    guid: post.guid,
    description: excerptText(post),
  };
  if (post.commentCount > 0 || post.commentsOpen) {
    item.comments = {
      link: `${permalink}${post.commentCount > 0 ? '#comments' : '#respond'}`,
      feed: `${site.homeUrl}${feedPath(settings.permalinks, permalink.slice(site.homeUrl.length))}`,
      count: post.commentCount,
    };
  }
  if (!settings.rssUseExcerpt) {
    const content =
      post.password !== ''
        ? ''
        : withGalleries(
            postContent(post.content, post.id),
            galleryShortcodes(post.content).map(() => raw('')),
          ).value.replace(/]]>/g, ']]&gt;');
    item.content = content.length > 0 ? content : item.description;
  }
  return item;
}
