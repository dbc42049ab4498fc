import { getOptions } from '../../data/options';
import { orderKeyNonce } from '../../data/order-writes';
import { record, str } from '../../php/coerce';
import { formatWpDate } from '../../php/date';
import { normalizePaymentInfos, paidAmount } from '../../tourmaster/deposit';
import { formatMoney, Money } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';
import { awaitsPayment } from '../../tourmaster/order-status';
import { phpMoney, readMoneyFormat } from '../../tourmaster/pricing-settings';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { ConfirmationProps } from '../../views/payment/confirmation';
import type { Site } from '../../wp/site';
import { addQueryArg } from '../../wp/text';
import type { RequestContext } from '../context';
import { pageUrl } from '../payment/page-url';
import { manageExpiry, manageLinkUrl, signManageToken } from './manage-link';

/** The query argument of the `.ics` download (`?tourmaster-calendar=<order id>[&token=<manage token>]`). */
export const CALENDAR_ARG = 'tourmaster-calendar';

/** A guest order's signed manage token (undefined for a member's order, or an order we did not key). */
export async function manageToken(ctx: Pick<RequestContext, 'wp' | 'deps' | 'now'>, order: TourOrder) {
  if (order.userId > 0) return undefined;
  const nonce = await orderKeyNonce(ctx.wp, order.id);
  if (!nonce) return undefined;
  const salts = await ctx.deps.salts();
  return signManageToken({ secret: salts.auth, orderId: order.id, nonce }, manageExpiry(ctx.now, order.travelDate));
}

/** The order's total, what was paid of it and what is still due (never below zero). */
export function orderAmounts(order: TourOrder) {
  const total = order.totalPrice === null || order.totalPrice === '' ? Money.ZERO : phpMoney(order.totalPrice);
  const paid = paidAmount(normalizePaymentInfos(order.paymentInfo, order.status ?? ''));
  const left = total.minus(paid);
  const due = left.compare(Money.ZERO) > 0 && !left.closeTo(Money.ZERO) ? left : Money.ZERO;
  return { total, paid, due };
}

/**
 * The payment page for the order's balance (`?tid=N&step=3`), built from the site's home URL and
 * payment page setting; undefined when the order takes no payment now.
 */
export async function balancePaymentUrl(
  ctx: RequestContext,
  site: Site,
  order: TourOrder,
  settings: TourmasterSettings,
): Promise<string | undefined> {
  if (!awaitsPayment(order.status) || orderAmounts(order).due.isZero()) return undefined;
  const page = await pageUrl(ctx, site, settings.general['payment-page'], `${site.homeUrl}/?tourmaster-payment`);
  return addQueryArg(page, { tid: order.id, step: 3 });
}

/**
 * What the customer is shown and mailed of an order (views/payment/confirmation.ts): the amounts
 * from the order's stored total and payments, the links for its owner.
 */
export async function orderConfirmation(
  ctx: RequestContext,
  order: TourOrder,
  tour: { title: string },
  settings: TourmasterSettings,
): Promise<ConfirmationProps> {
  const [site, options, token] = await Promise.all([
    ctx.site(),
    getOptions(ctx.wp, ['date_format']),
    manageToken(ctx, order),
  ]);
  const money = readMoneyFormat(settings.general);
  const { total, paid, due } = orderAmounts(order);
  const home = `${site.homeUrl}/`;
  const dateFormat = str(options.get('date_format')) || 'F j, Y';
  const count = record(order.bookingDetail).group ? 0 : (order.travellerAmount ?? 0);
  const paymentPage = await balancePaymentUrl(ctx, site, order, settings);
  // A guest pays through the signed link: it gives any browser the order's key on the way to the
  // payment page, which would otherwise refuse a browser without it (pages/manage-booking.ts).
  const payUrl = paymentPage && token ? manageLinkUrl(site.homeUrl, token, { pay: true }) : paymentPage;
  return {
    orderId: order.id,
    tourTitle: tour.title,
    travelDate: formatWpDate(dateFormat, order.travelDate) ?? order.travelDate,
    travellers: count > 0 ? `${count} ${count === 1 ? 'traveller' : 'travellers'}` : '',
    total: formatMoney(total, money),
    paid: formatMoney(paid, money),
    due: formatMoney(due, money),
    // A cancelled booking has no calendar entry (the download answers 404 for it).
    ...(order.status === 'cancel'
      ? {}
      : { calendarUrl: addQueryArg(home, { [CALENDAR_ARG]: order.id, ...(token ? { token } : {}) }) }),
    ...(token ? { manageUrl: manageLinkUrl(site.homeUrl, token) } : {}),
    ...(payUrl ? { payUrl } : {}),
  };
}
