import { parsePhpQuery } from '../php/form-body';
import { type Exchange, exchangeAction } from './exchanges';

/**
 * Which exchanges may be sent to an admin's live site: only requests that change nothing there.
 * Default-deny: an admin-ajax action is read-only only when it is listed here, whatever we or the
 * plugin serve; every other action (bookings, payments, enquiries, wish list, the admin's own
 * actions, an action we have never heard of) is state-changing. The registry's actions are each
 * classified (read-only.test.ts fails on a new action until it is), from the legacy contract:
 */
export const READ_ONLY_ACTIONS: ReadonlySet<string> = new Set([
  // The booking bar's fragments, capacity check and header price (booking.md §4): rendered only.
  'tourmaster_tour_booking',
  'tourmaster_tour_booking_amount_check',
  'tourmaster_update_head_price',
  // A coupon check reads the coupon; it is only counted when an order is written (payment.md §3.2).
  'tourmaster_validate_coupon_code',
  // The completion message after a gateway form; the gateway's callback wrote the status (payment.md §3.4).
  'tourmaster_payment_plugin_complete',
  // Review lists, tour lists and their order filterer, the top bar (engagement.md, listing.md).
  'get_single_tour_review',
  'tourmaster_tour_ajax',
  'gdlr_core_tour_ajax',
  'tourmaster_tour_order_ajax',
  'gdlr_core_tour_order_ajax',
  'refresh_user_top_bar',
]);

/**
 * Actions that write, send or pay (never sent to the live site), named so the registry test can
 * tell a classified action from a forgotten one. `tourmaster_payment_template` is here although
 * its steps 1–3 only render: see `readOnlyPaymentStep`.
 */
export const STATE_CHANGING_ACTIONS: ReadonlySet<string> = new Set([
  'tourmaster_payment_template',
  'tourmaster_payment_selected',
  'tourmaster_send_enquiry_form',
  'tourmaster_add_wish_list',
  'stripe_payment_charge',
]);

/** Front-end query arguments that make a GET act (cancel a booking, log out, gateway callbacks). */
const ACTING_QUERY_ARGUMENTS = ['action', 'paypal', 'room_paypal', 'tourmaster_hipayprofessional'];

export type LiveSafety = { readOnly: true } | { readOnly: false; reason: string };

/** Whether the exchange may go to the live site, and why not. */
export function liveSafety(ex: Exchange): LiveSafety {
  const method = ex.request.method.toUpperCase();
  const [pathname = '', query = ''] = ex.request.path.split('?');
  const action = exchangeAction(ex);
  if (action !== undefined) {
    if (READ_ONLY_ACTIONS.has(action)) return { readOnly: true };
    if (action === 'tourmaster_payment_template' && readOnlyPaymentStep(ex.request.body ?? ''))
      return { readOnly: true };
    if (action === '') return { readOnly: false, reason: 'no action named' };
    return {
      readOnly: false,
      reason: STATE_CHANGING_ACTIONS.has(action) ? 'state-changing action' : 'not on the read-only list',
    };
  }
  if (method !== 'GET' && method !== 'HEAD') return { readOnly: false, reason: `${method} to a page (a form)` };
  if (/^\/wp-(admin|login\.php)/.test(pathname)) return { readOnly: false, reason: 'WordPress login or admin' };
  const args = new URLSearchParams(query);
  const acting = ACTING_QUERY_ARGUMENTS.find((name) => args.has(name));
  if (acting) return { readOnly: false, reason: `page with ?${acting}=` };
  return { readOnly: true };
}

/**
 * The payment page's steps 1–3 render fragments; step 4 with "book and pay later" writes the order
 * (payment.md §3.1). Only a detail whose step is exactly 1, 2 or 3 and whose payment method is not
 * `booking` counts as read-only: anything PHP could read as step 4 (`4`, ` 4`, `4.0`) does not.
 */
function readOnlyPaymentStep(body: string): boolean {
  const detail = parsePhpQuery(body).booking_detail;
  if (!detail || typeof detail !== 'object' || Array.isArray(detail)) return false;
  const { step, 'payment-method': method } = detail as Record<string, unknown>;
  return (step === '1' || step === '2' || step === '3') && method !== 'booking';
}
