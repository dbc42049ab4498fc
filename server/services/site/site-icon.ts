import { phpInt } from '../../php/coerce';
import type { RequestContext } from '../context';
import { attachments } from './attachments';

/**
 * The site icon's URL (option `site_icon`, an image of the media library, as the WordPress
 * customizer sets it), its small size where WordPress made one; undefined when the site has none.
 */
export async function siteIconUrl(ctx: RequestContext): Promise<string | undefined> {
  const { site, options } = await ctx.siteWith(['site_icon']);
  const id = phpInt(options.get('site_icon') ?? '');
  if (!(id > 0)) return undefined;
  const [icon] = await attachments(ctx, [id], site.siteUrl);
  return icon?.thumbnailUrl;
}
