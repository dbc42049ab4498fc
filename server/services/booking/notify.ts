import { getMeta } from '../../data/meta';
import { getOptions } from '../../data/options';
import { publishedPagePath } from '../../data/posts';
import { loadBookingContext } from '../../data/tours';
import { type OrderMailEvent, type OrderMailReport, sendOrderMails } from '../../mail/order-mails';
import { phpInt, str } from '../../php/coerce';
import { parseCustomFields } from '../../tourmaster/custom-fields';
import type { TourOrder } from '../../tourmaster/order';
import { setting } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import { confirmationMailHtml } from '../../views/payment/confirmation';
import type { RequestContext } from '../context';
import { orderConfirmation } from './confirmation';

/** The events whose customer mail carries "Your booking" (a booking made, a payment taken). */
const CONFIRMING_EVENTS: ReadonlySet<OrderMailEvent['type']> = new Set([
  'booking-made',
  'booking-made-approval',
  'guest-booking-made',
  'free-order',
  'online-payment',
  'deposit-payment',
]);

/**
 * The mails of an order transition (payment.md §7), sent after the transaction committed. A mail
 * that cannot be sent is logged; the booking stands.
 */
export async function notifyOrder(
  ctx: RequestContext,
  event: OrderMailEvent,
  order: TourOrder,
  tour: Tour,
): Promise<OrderMailReport> {
  const [site, { settings }, core, ccMail] = await Promise.all([
    ctx.site(),
    loadBookingContext(ctx.wp, tour.id),
    getOptions(ctx.wp, ['date_format', 'time_format']),
    getMeta(ctx.wp, 'post', tour.id, 'tourmaster-tour-cc-mail'),
  ]);
  const userPage = await publishedPagePath(ctx.wp, phpInt(settings.general['user-page']));
  const extra = tour.meta.extraBookingInfo || setting(settings.general, 'single-tour-extra-booking-info');
  const confirmation = CONFIRMING_EVENTS.has(event.type)
    ? confirmationMailHtml(await orderConfirmation(ctx, order, tour, settings))
    : undefined;
  const report = await sendOrderMails(ctx.deps.mailer, event, {
    order,
    tour: {
      id: tour.id,
      title: tour.title,
      url: `${site.homeUrl}/tour/${tour.slug}/`,
      ccMail: str(ccMail),
      extraBookingSlugs: parseCustomFields(extra, { userDefaultCountry: '' }).map((f) => f.slug),
    },
    site: {
      homeUrl: site.homeUrl,
      siteUrl: site.siteUrl,
      name: site.name,
      ...(userPage ? { userPageUrl: `${site.homeUrl}${userPage}` } : {}),
      dateFormat: str(core.get('date_format')) || 'F j, Y',
      timeFormat: str(core.get('time_format')) || 'g:i a',
    },
    settings,
    now: ctx.now,
    ...(confirmation ? { confirmation } : {}),
  });
  for (const failure of report.failed)
    ctx.log.error({ err: failure.error, mail: failure.type, orderId: order.id }, 'order mail not sent');
  return report;
}
