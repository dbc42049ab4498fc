import type { SidebarVars } from '../../../client/common/islands/payment-sidebar';
import { phpFloatToString } from '../../php/float';
import { type Money, numberFormat } from '../../tourmaster/money';
import type { TourPrice } from '../../tourmaster/pricing';

/** The PayPal JS SDK settings (payment option `paypal-method == js-sdk`). */
export interface PaypalSdk {
  clientId: string;
  currency: string;
  /** `paypal-service-fee` as stored ('' for none). */
  serviceFee: string;
}

/**
 * What the sidebar's scripts set on `window` (payment.md §2.2): the order's number when the detail
 * pays one (`tid`, only as a whole number), the total as PHP prints a float (when not 0), and for the
 * PayPal JS SDK its URL, the currency and the amounts its buttons charge. Only `[A-Za-z0-9_.+-]`
 * reaches these values (numbers, PHP's `1.0E+25`, the sanitised ids): total.ts prints them in inline scripts.
 */
export function sidebarVars(price: TourPrice, tid: number | undefined, sdk: PaypalSdk | undefined): SidebarVars {
  return {
    ...(tid !== undefined && tid > 0 ? { transactionId: String(Math.trunc(tid)) } : {}),
    ...(!price.total.isZero() ? { totalPrice: phpFloatToString(price.total.toNumber()) } : {}),
    ...(sdk ? { paypal: paypalVars(price, sdk) } : {}),
  };
}

/** The SDK's URL and the amounts its buttons charge: the fee added to the amount before any fee, 2 decimals, `.`. */
function paypalVars(price: TourPrice, sdk: PaypalSdk): NonNullable<SidebarVars['paypal']> {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '');
  const clientId = safe(sdk.clientId);
  const currency = safe(sdk.currency);
  const fee = Number(sdk.serviceFee) || 0;
  const withFee = (m: Money) => numberFormat(m.times(1 + fee / 100), 2, '.', '');
  const charged = price.serviceFee;
  const rawPay = charged?.on === 'pay-amount' && charged.raw ? charged.raw : price.payAmount;
  const rawDeposit = charged?.on === 'deposit' ? charged.raw : price.depositPrice;
  return {
    sdkUrl: `https://www.paypal.com/sdk/js?client-id=${clientId}&currency=${currency}&disable-funding=card`,
    clientId,
    currency,
    ...(!rawPay.isZero() ? { fullAmount: withFee(rawPay) } : {}),
    ...(rawDeposit && !rawDeposit.isZero() ? { depositAmount: withFee(rawDeposit) } : {}),
    paymentType: price.payment.type === 'partial' ? 'partial' : 'full',
  };
}
