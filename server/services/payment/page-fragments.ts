import { setting } from '../../tourmaster/settings';
import { type PaymentFragments, type PaymentPageUrls, sidebarOf, stepThree, stepTwo } from '../../views/payment/page';
import type { PaymentPageData } from '../../views/payment/page-data';
import type { RequestContext } from '../context';
import { pageUrl, userMetaValues } from './page-data';

/**
 * The payment page's fragments with what they show besides the booking: the visitor's profile
 * values (step 2 prefills the contact form with them) and the pages step 3 links to.
 */
export async function stepTwoFragments(
  ctx: RequestContext,
  data: PaymentPageData,
  error?: string,
): Promise<PaymentFragments> {
  return stepTwo(data, await userMetaValues(ctx, data.user), error);
}

export async function stepThreeFragments(ctx: RequestContext, data: PaymentPageData): Promise<PaymentFragments> {
  return stepThree(data, await linkedPages(ctx, data));
}

/** The sidebar alone (`update_sidebar`); style-2's payment box at step 3 links pages too. */
export async function sidebarFragment(ctx: RequestContext, data: PaymentPageData, step: 2 | 3) {
  const urls = step === 3 && data.style === 'style-2' ? await linkedPages(ctx, data) : NO_LINKS;
  return sidebarOf(data, step, urls);
}

const NO_LINKS: PaymentPageUrls = { termsUrl: '#', privacyUrl: '#', loginUrl: '' };

async function linkedPages(ctx: RequestContext, data: PaymentPageData): Promise<PaymentPageUrls> {
  const { site, settings } = data;
  const [termsUrl, privacyUrl, loginUrl] = await Promise.all([
    pageUrl(ctx, site, setting(settings.payment, 'term-of-service-page', '#'), '#'),
    pageUrl(ctx, site, setting(settings.payment, 'privacy-statement-page', '#'), '#'),
    pageUrl(ctx, site, settings.general['login-page'], `${site.homeUrl}/wp-login.php`),
  ]);
  return { termsUrl, privacyUrl, loginUrl };
}
