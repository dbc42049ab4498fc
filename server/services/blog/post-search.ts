import { decoratePosts, searchPublishedPosts } from '../../data/posts-list';
import type { PostDecorations, WpPost } from '../../wp/post';
import type { RequestContext } from '../context';
import type { BlogSettings } from './resolve-request';

export type PostSearch =
  | { found: true; total: number; pages: number; posts: WpPost[]; decorations: PostDecorations }
  /** A page number past the last of a search that found posts, or any page but the first of one that found none: the 404 page. */
  | { found: false };

/**
 * One page of WordPress's post search (`/?s=…`): the published posts matching the keywords (already
 * bounded by the page), `posts_per_page` a page, with what the theme prints around each post.
 */
export async function loadPostSearch(
  ctx: Pick<RequestContext, 'catalogue'>,
  settings: BlogSettings,
  keywords: string,
  page: number,
  siteUrl: string,
): Promise<PostSearch> {
  const { posts, found } = await searchPublishedPosts(ctx.catalogue, keywords, {
    number: page,
    perPage: settings.perPage,
  });
  const pages = settings.perPage > 0 ? Math.ceil(found / settings.perPage) : found > 0 ? 1 : 0;
  if (page > Math.max(1, pages)) return { found: false };
  return { found: true, total: found, pages, posts, decorations: await decoratePosts(ctx.catalogue, posts, siteUrl) };
}
