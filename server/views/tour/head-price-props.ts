import type { HeadPriceProps } from '../../../client/common/islands/BookingForm';
import { formatMoney, type MoneyFormat } from '../../tourmaster/money';
import type { TourPrice } from '../../tourmaster/pricing';
import { breakdownProps } from '../payment/breakdown-props';
import { totalProps } from '../payment/total-props';

export interface HeadPricePropsInput {
  price: TourPrice;
  format: MoneyFormat;
  /** `apply-coupon-after-tax == enable` (no coupon is priced here; the breakdown's order follows it). */
  couponAfterTax: boolean;
  /** Service post titles by id. */
  serviceTitles: ReadonlyMap<string, string>;
}

/**
 * The tour page's price box (issue 18): the lines of the payment page's breakdown and its deposit
 * box, built by the same view code from the same `TourPrice`, so the box and the payment page
 * never disagree.
 */
export function headPriceProps(input: HeadPricePropsInput): HeadPriceProps {
  const { price, format } = input;
  const total = totalProps(price, format);
  return {
    total: formatMoney(price.total, format),
    breakdown: breakdownProps({
      breakdown: price.breakdown,
      format,
      couponAfterTax: input.couponAfterTax,
      serviceTitles: input.serviceTitles,
    }),
    ...(total.deposit ? { deposit: { percent: total.depositPercent, price: total.deposit.price } } : {}),
  };
}
