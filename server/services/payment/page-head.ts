import { getMeta } from '../../data/meta';
import { getPost } from '../../data/posts';
import { phpInt, str } from '../../php/coerce';
import type { BookingDetail } from '../../tourmaster/booking-detail';

import type { PaymentPageData } from '../../views/payment/page-data';
import type { RequestContext } from '../context';
import { loadGeneralSettings } from './page-data';

/** What the payment page shows around its steps: its title, and the head's tour title and image. */

/** The head's title and background: the tour's title and featured image (`get_the_title` of any post id). */
export async function headOf(
  ctx: RequestContext,
  data: PaymentPageData | undefined,
  detail: BookingDetail,
): Promise<{ title: string; backgroundUrl?: string }> {
  const id = data?.tour.id ?? phpInt(detail['tour-id']);
  let title = data?.tour.title;
  if (title === undefined) {
    const post = id > 0 ? await getPost(ctx.wp, id) : undefined;
    title = post && post.status === 'publish' ? post.title : '';
  }
  const backgroundUrl = id > 0 ? await featuredImageUrl(ctx, id) : undefined;
  return backgroundUrl ? { title, backgroundUrl } : { title };
}

/** `wp_get_attachment_url(get_post_thumbnail_id(id))` for the usual uploads folder. */
async function featuredImageUrl(ctx: RequestContext, postId: number): Promise<string | undefined> {
  const thumbnail = phpInt(await getMeta(ctx.wp, 'post', postId, '_thumbnail_id'));
  if (thumbnail <= 0) return undefined;
  const file = str(await getMeta(ctx.wp, 'post', thumbnail, '_wp_attached_file'));
  if (file === '') return undefined;
  const site = await ctx.site();
  return /^https?:\/\//.test(file) ? file : `${site.siteUrl}/wp-content/uploads/${file}`;
}

/** The page's own title: the WordPress page named by `payment-page`, else "Payment". */
export async function pageTitle(ctx: RequestContext): Promise<string> {
  const general = await loadGeneralSettings(ctx);
  const id = phpInt(general['payment-page']);
  const post = id > 0 ? await getPost(ctx.wp, id) : undefined;
  return post?.title || 'Payment';
}
