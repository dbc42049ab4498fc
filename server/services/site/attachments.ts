import { loadAttachments } from '../../data/attachments';
import type { Attachment } from '../../wp/attachment';
import type { RequestContext } from '../context';

/** Images of the media library by id, in the order asked (galleries, featured images). */
export function attachments(
  ctx: Pick<RequestContext, 'wp'>,
  ids: readonly number[],
  siteUrl: string,
): Promise<Attachment[]> {
  return loadAttachments(ctx.wp, ids, siteUrl);
}
