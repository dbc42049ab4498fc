import { countPublishedPosts, decoratePosts, listIndexPosts } from '../../data/posts-list';
import type { PostDecorations, WpPost } from '../../wp/post';
import type { RequestContext } from '../context';
import type { BlogSettings } from './resolve-request';

export type PostsIndex =
  | { found: true; pages: number; posts: WpPost[]; decorations: PostDecorations }
  /** A page number past the last: the 404 page. */
  | { found: false };

/** One page of the posts index (sticky posts first on page 1), with what the theme prints around each post. */
export async function loadPostsIndex(
  ctx: Pick<RequestContext, 'catalogue'>,
  settings: BlogSettings,
  page: number,
  siteUrl: string,
): Promise<PostsIndex> {
  const total = await countPublishedPosts(ctx.catalogue);
  const pages = settings.perPage > 0 ? Math.ceil(total / settings.perPage) : total > 0 ? 1 : 0;
  if (page > Math.max(1, pages)) return { found: false };
  const posts = await listIndexPosts(ctx.catalogue, {
    number: page,
    perPage: settings.perPage,
    sticky: settings.sticky,
  });
  return { found: true, pages, posts, decorations: await decoratePosts(ctx.catalogue, posts, siteUrl) };
}
