import { getOptions } from '../../data/options';
import type { WebhookSubscription } from '../../data/webhook-subscriptions';
import { mailAddress } from '../../mail/mailer';
import { str } from '../../php/coerce';
import { escapeHtml } from '../../views/html';
import { backgroundContext } from '../background-context';
import type { ServiceDeps } from '../context';

/**
 * The one mail to the site's admin (`admin_email`) when a subscription is disabled after 24 hours
 * of failed deliveries: which receiver, why, and how to turn it back on. Sent from
 * `wordpress@<host>` as WordPress's own notices are; a mail that cannot be sent is logged.
 */
export async function mailSubscriptionDisabled(
  deps: ServiceDeps,
  now: Date,
  subscription: Pick<WebhookSubscription, 'id' | 'url'>,
  reason: string,
): Promise<void> {
  const ctx = backgroundContext(deps, now);
  const site = await ctx.site();
  const options = await getOptions(deps.wp, ['admin_email']);
  const admin = mailAddress(str(options.get('admin_email')));
  let host = '';
  try {
    host = new URL(site.homeUrl).hostname.replace(/^www\./, '');
  } catch {}
  const from = mailAddress(`wordpress@${host}`) ?? admin;
  if (!admin || !from) {
    deps.log.warn({ subscriptionId: subscription.id }, 'webhook disabled; no admin_email to tell');
    return;
  }
  const text = [
    `The webhook subscription ${subscription.id} to ${subscription.url} was disabled: ${reason}`,
    'Its receiver did not accept our deliveries for 24 hours. Fix the receiver, then enable the subscription again with PUT /wp-json/tourmaster/v1/webhooks/' +
      `${subscription.id} {"status":"active"}. The deliveries it missed are listed at /wp-json/tourmaster/v1/webhooks/${subscription.id}/deliveries.`,
  ];
  try {
    await deps.mailer.send({
      type: 'webhook-disabled',
      from: { name: site.name, address: from },
      to: [admin],
      subject: `[${site.name.replace(/[\r\n]+/g, ' ')}] A webhook subscription was disabled`,
      html: `<!DOCTYPE html><html><body>${text.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body></html>`,
      date: now,
    });
  } catch (err) {
    deps.log.error({ err, subscriptionId: subscription.id }, 'webhook disabled notice not sent');
  }
}
