import { getOptions } from '../../data/options';
import { publishedPagePath } from '../../data/posts';
import { phpInt } from '../../php/coerce';
import type { RequestContext } from '../context';

/**
 * Whether a request path is the site's payment page: the page named by the `payment-page` setting,
 * or, when that is empty, the home page with `?tourmaster-payment`.
 */
export async function isPaymentPage(
  ctx: Pick<RequestContext, 'wp'>,
  path: string,
  query: Readonly<Record<string, unknown>>,
): Promise<boolean> {
  const general = (await getOptions(ctx.wp, ['tourmaster_general'])).get('tourmaster_general') as
    | Record<string, unknown>
    | undefined;
  const pageId = phpInt(general?.['payment-page']);
  if (pageId > 0) return (await publishedPagePath(ctx.wp, pageId)) === path;
  return path === '/' && 'tourmaster-payment' in query;
}
