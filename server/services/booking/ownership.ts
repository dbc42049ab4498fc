import { createHmac, randomBytes } from 'node:crypto';
import { orderKeyNonce } from '../../data/order-writes';
import { getOrder } from '../../data/orders';
import type { TourOrder } from '../../tourmaster/order';
import { timingSafeEqualString } from '../../wp/auth-cookie';
import type { ReplyCookie } from '../../wp/set-cookie';
import type { RequestContext } from '../context';

/**
 * Who may see, re-price or pay an order: the logged-in user it belongs to, or, for a guest order,
 * the browser holding its key. The legacy site matched guests by `user_id = 0`, so any guest could
 * open any guest order by its number (DEFECTS.md 8). The key is an HMAC of a random nonce stored
 * with the order, under the site's secret salt: the database alone does not reveal it, and it can
 * be handed out again to the browser that repeats the same booking.
 */
const KEY_DAYS = 60;

export function orderKeyCookieName(orderId: number): string {
  return `tourmaster-order-key-${orderId}`;
}

export function newOrderKeyNonce(): string {
  return randomBytes(16).toString('hex');
}

export function guestOrderKey(secret: string, orderId: number, nonce: string): string {
  return createHmac('sha256', secret).update(`tourmaster-order|${orderId}|${nonce}`).digest('hex');
}

export function orderKeyCookie(orderId: number, key: string, now: Date, https: boolean): ReplyCookie {
  return {
    name: orderKeyCookieName(orderId),
    value: key,
    path: '/',
    expires: new Date(now.getTime() + KEY_DAYS * 86_400_000),
    httpOnly: true,
    secure: https,
  };
}

/** What ownership needs to know about the request (an action's context, or a page's). */
export type OwnerContext = Pick<RequestContext, 'wp' | 'deps' | 'user' | 'cookie'>;

/** Whether the visitor of this request owns the order. */
export async function ownsOrder(ctx: OwnerContext, order: Pick<TourOrder, 'id' | 'userId'>): Promise<boolean> {
  if (order.userId > 0) return (await ctx.user())?.user.id === order.userId;
  const presented = ctx.cookie(orderKeyCookieName(order.id));
  if (!presented) return false;
  const nonce = await orderKeyNonce(ctx.wp, order.id);
  if (!nonce) return false;
  const salts = await ctx.deps.salts();
  return timingSafeEqualString(presented, guestOrderKey(salts.auth, order.id, nonce));
}

/** The words a visitor is told when an order number is not theirs to see or pay. */
export const ORDER_NOT_FOUND = 'This booking could not be found.';
export const ORDER_OF_ANOTHER_CUSTOMER = 'This booking belongs to another customer.';
/**
 * A guest order refused in a browser without its key: a guest has no account to log in with, so
 * they are told what does work (the mail's link gives any browser the key, manage-link.ts).
 */
export const GUEST_ORDER_ELSEWHERE =
  'This booking was made without an account. To see or pay it, please open the link in your booking e-mail.';

/**
 * The order `tid` names, when it exists, is not cancelled and is this visitor's; otherwise the
 * reason to show in its place.
 */
export async function orderOfVisitor(
  ctx: OwnerContext,
  tid: number,
): Promise<
  | { ok: true; order: TourOrder }
  | { ok: false; reason: 'not-found' | 'another-customer'; message: string; guestOrder?: boolean }
> {
  const order = tid > 0 ? await getOrder(ctx.wp, tid) : undefined;
  if (!order || order.status === 'cancel') return { ok: false, reason: 'not-found', message: ORDER_NOT_FOUND };
  if (!(await ownsOrder(ctx, order))) {
    return { ok: false, reason: 'another-customer', message: ORDER_OF_ANOTHER_CUSTOMER, guestOrder: order.userId <= 0 };
  }
  return { ok: true, order };
}
