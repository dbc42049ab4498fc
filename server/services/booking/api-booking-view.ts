import { isZeroDate } from '../../data/dialect';
import { listOrders, type OrderListFilter, orderModifiedAt } from '../../data/order-list';
import { getOrder } from '../../data/orders';
import { postTitles } from '../../data/posts';
import { loadBookingContext } from '../../data/tours';
import { record } from '../../php/coerce';
import type { Money } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';
import { phpMoney } from '../../tourmaster/pricing-settings';
import { siteTimeToUtc } from '../../wp/site-time';
import type { RequestContext } from '../context';
import { balancePaymentUrl, manageToken } from './confirmation';
import { manageLinkUrl } from './manage-link';
import { orderMoney } from './order-money';

/** An order as the REST API shows it (rest/bookings/booking-json.ts turns it into JSON). */
export interface BookingView {
  order: TourOrder;
  tourTitle: string;
  total: Money;
  paid: Money;
  due: Money;
  currency: string;
  /** The stored deposit of the next instalment, when the order offered one. */
  deposit: { rate: number; amount: Money } | null;
  /** UTC instants (the order's columns are site-local). */
  created: Date | undefined;
  paymentDate: Date | undefined;
  /** When the order last changed as far as we saw (dropin_order_changes), UTC `Y-m-d H:i:s`. */
  modifiedAt: string | null;
  /** The customer's payment page for the balance, and the guest's manage link (none for an account's order). */
  paymentUrl: string | undefined;
  manageUrl: string | undefined;
}

/** One order as the API shows it, or undefined when there is none with this id. */
export async function apiBookingView(ctx: RequestContext, orderId: number): Promise<BookingView | undefined> {
  const order = await getOrder(ctx.wp, orderId);
  if (!order) return undefined;
  return viewOf(ctx, order, await orderModifiedAt(ctx.wp, orderId), new Map());
}

/**
 * How old a change stamp must be before `modified_after` lists it. A stamp is the writing request's
 * start, set inside its transaction, so a change that waited on a lock commits after younger stamps
 * that were already listed: a client whose cursor passed them would never see it. Every statement
 * is bounded (QUERY_TIMEOUT_MS) and a write is a few of them, so a minute is settled; a client
 * synchronising sees a change a minute late at most (webhooks tell it at once).
 */
export const SYNC_SETTLE_MS = 60_000;

/** A page of orders as the API shows them (rest/bookings/list.ts). */
export async function apiBookingViews(
  ctx: RequestContext,
  filter: OrderListFilter,
  page: { limit: number; offset: number },
): Promise<{ items: BookingView[]; total: number }> {
  const settled = filter.modifiedAfter !== undefined ? { settledAt: new Date(ctx.now.getTime() - SYNC_SETTLE_MS) } : {};
  const { items, total } = await listOrders(ctx.wp, { ...filter, ...settled }, page);
  // One tour context per tour on the page, not per order.
  const contexts = new Map<number, ReturnType<typeof loadBookingContext>>();
  const views = [];
  for (const item of items) views.push(await viewOf(ctx, item.order, item.modifiedAt, contexts));
  return { items: views, total };
}

async function viewOf(
  ctx: RequestContext,
  order: TourOrder,
  modifiedAt: string | null,
  contexts: Map<number, ReturnType<typeof loadBookingContext>>,
): Promise<BookingView> {
  if (!contexts.has(order.tourId)) contexts.set(order.tourId, loadBookingContext(ctx.wp, order.tourId));
  const { tour, settings } = await contexts.get(order.tourId)!;
  const site = await ctx.site();
  const [titles, token, paymentPage] = await Promise.all([
    tour ? undefined : postTitles(ctx.wp, [String(order.tourId)]),
    manageToken(ctx, order),
    balancePaymentUrl(ctx, site, order, settings),
  ]);
  return {
    order,
    tourTitle: tour?.title ?? titles?.get(String(order.tourId)) ?? '',
    ...orderMoney(order, settings),
    deposit: storedDeposit(order),
    created: siteTimeToUtc(order.bookingDate, settings),
    paymentDate: isZeroDate(order.paymentDate) ? undefined : siteTimeToUtc(order.paymentDate, settings),
    modifiedAt,
    // A guest pays through the signed link (confirmation.ts): it carries the order's key.
    paymentUrl: paymentPage && token ? manageLinkUrl(site.homeUrl, token, { pay: true }) : paymentPage,
    manageUrl: token ? manageLinkUrl(site.homeUrl, token) : undefined,
  };
}

function storedDeposit(order: TourOrder): BookingView['deposit'] {
  const info = record(order.pricingInfo);
  const rate = Number(info['deposit-rate']);
  if (!Number.isFinite(rate) || rate <= 0 || info['deposit-price'] === undefined) return null;
  return { rate, amount: phpMoney(info['deposit-price']) };
}
