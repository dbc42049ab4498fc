/**
 * Seat holds (ours; the plugin has none): an order written for an online payment keeps its seats
 * for `SEAT_HOLD_MINUTES`; unpaid by then it is cancelled. Pure: time comes in as an argument.
 */

/** The card gateways Tour Master offers (`credit-card-payment-gateway`). */
export const CARD_GATEWAYS = ['stripe', 'authorize', 'paymill'] as const;

/**
 * The online gateways (`payment_method`) whose orders are held: the visitor leaves for a payment
 * that may never come. Pay-later methods (booking, bank transfer, receipt) keep the legacy
 * behaviour: the order keeps its seats until the admin or the customer cancels it.
 */
export const SEAT_HOLD_GATEWAYS = ['paypal', ...CARD_GATEWAYS] as const;

/** Whether a new order for this payment method, in this status, gets a seat hold. */
export function takesSeatHold(paymentMethod: string | undefined, status: string): boolean {
  return status === 'pending' && (SEAT_HOLD_GATEWAYS as readonly string[]).includes(paymentMethod ?? '');
}

/** What a hold says about a payment arriving now (`nowUtc` and `expiresAt` as UTC `Y-m-d H:i:s`). */
export type HoldTiming = 'no-hold' | 'in-time' | 'late';

export function paymentTiming(hold: { state: string; expiresAt: string } | undefined, nowUtc: string): HoldTiming {
  if (!hold) return 'no-hold';
  // Settled already (a second instalment, an order paid before): the hold has nothing to say.
  if (hold.state !== 'held' && hold.state !== 'expired') return 'no-hold';
  if (hold.state === 'held' && hold.expiresAt > nowUtc) return 'in-time';
  return 'late';
}
