import { decoratePosts, pageAncestry } from '../../data/posts-list';
import type { PostDecorations, WpPost } from '../../wp/post';
import type { RequestContext } from '../context';

/** The slugs from a page up to its root, for its permalink (`/parent/child/`). */
export function pageAncestors(ctx: Pick<RequestContext, 'catalogue'>, page: WpPost): Promise<string[]> {
  return pageAncestry(ctx.catalogue, page);
}

/** What a post's permalink may name besides its slug and date: its categories and author. */
export function postDecorations(
  ctx: Pick<RequestContext, 'catalogue'>,
  post: WpPost,
  siteUrl: string,
): Promise<PostDecorations> {
  return decoratePosts(ctx.catalogue, [post], siteUrl);
}
