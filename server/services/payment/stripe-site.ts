import { stripeSiteId } from '../../payments/stripe-site';
import type { RequestContext } from '../context';

/** This installation's Stripe id (`metadata.site`): its home URL under its AUTH salt (stripe-site.ts). */
export async function currentStripeSiteId(ctx: Pick<RequestContext, 'site' | 'deps'>): Promise<string> {
  const [site, salts] = await Promise.all([ctx.site(), ctx.deps.salts()]);
  return stripeSiteId(site.homeUrl, salts.auth);
}
