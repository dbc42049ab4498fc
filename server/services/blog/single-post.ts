import { adjacentPosts, decoratePosts } from '../../data/posts-list';
import type { PostDecorations, WpPost } from '../../wp/post';
import type { RequestContext } from '../context';

/** A single post's page: the post's decorations, the posts just older and newer, and theirs (for their links). */
export interface SinglePost {
  decorations: PostDecorations;
  previous: WpPost | undefined;
  next: WpPost | undefined;
  around: PostDecorations | undefined;
}

export async function loadSinglePost(
  ctx: Pick<RequestContext, 'catalogue'>,
  post: WpPost,
  siteUrl: string,
): Promise<SinglePost> {
  const [decorations, adjacent] = await Promise.all([
    decoratePosts(ctx.catalogue, [post], siteUrl),
    adjacentPosts(ctx.catalogue, post),
  ]);
  const neighbours = [adjacent.previous, adjacent.next].filter((p): p is WpPost => p !== undefined);
  const around = neighbours.length ? await decoratePosts(ctx.catalogue, neighbours, siteUrl) : undefined;
  return { decorations, ...adjacent, around };
}
