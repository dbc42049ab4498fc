import { readPaypalSettings } from '../../payments/paypal-settings';
import { record, str } from '../../php/coerce';
import { Money } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';
import type { TourmasterSettings } from '../../tourmaster/settings';
import { orderAmounts } from './confirmation';

/** Statuses on which nothing is collected any more, whatever was left unpaid. */
const CLOSED_STATUSES = new Set(['cancel', 'rejected']);

/**
 * An order's money as the API and its webhooks tell it to other systems: total, paid, what is still
 * due (nothing on a cancelled or rejected order: nobody collects it, and a channel manager must not
 * chase it) and the currency of all three.
 */
export function orderMoney(
  order: TourOrder,
  settings: Pick<TourmasterSettings, 'payment'>,
): { total: Money; paid: Money; due: Money; currency: string } {
  const { total, paid, due } = orderAmounts(order);
  return {
    total,
    paid,
    due: CLOSED_STATUSES.has(order.status ?? '') ? Money.ZERO : due,
    currency: orderCurrency(order, settings),
  };
}

/** The order's display currency when one was active, else the currency the site charges in. */
function orderCurrency(order: TourOrder, settings: Pick<TourmasterSettings, 'payment'>): string {
  const stored = str(record(order.currency).currency);
  return /^[A-Z]{3}$/.test(stored) ? stored : readPaypalSettings(settings.payment).currencyCode;
}
