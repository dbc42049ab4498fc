import type { TotalLine, TotalProps } from '../../../client/common/islands/payment-sidebar';
import { formatMoney, type Money, type MoneyFormat } from '../../tourmaster/money';
import type { TourPrice } from '../../tourmaster/pricing';

const FEE_LABELS = { paypal: 'Paypal Fee', 'credit-card': 'Credit Card Fee' } as const;

/**
 * The total box of SUMMARY (payment.md §2.2): the full/deposit choice, the total/paid/remaining lines
 * of an order already part paid, the gateway's fee on the amount to pay, the amount to pay, and the
 * deposit's box when a deposit may be paid. A `payment-type` other than `partial` is the full
 * payment (the legacy page echoed any value sent into its hidden input; the price never differed).
 */
export function totalProps(price: TourPrice, format: MoneyFormat): TotalProps {
  const money = (m: Money) => formatMoney(m, format);
  const choice = price.payment;
  const paid = !price.paidAmount.isZero();
  const fee = price.serviceFee?.on === 'pay-amount' ? price.serviceFee : undefined;
  const lines: TotalLine[] = paid
    ? [
        { head: 'Total Amount', tail: money(price.total) },
        { head: 'Paid Amount', tail: money(price.paidAmount) },
        { head: 'Remaining Amount', tail: money(price.total.minus(price.paidAmount)) },
      ]
    : [];
  return {
    partial: choice.type === 'partial',
    offerChoice: choice.offerChoice,
    depositPercent: Math.trunc(price.plan.nextDepositPercent ?? 0),
    lines,
    ...(fee ? { fee: { head: `${FEE_LABELS[fee.gateway]} (${fee.rate}%)`, tail: money(fee.fee) } } : {}),
    payAmount: money(price.payAmount),
    ...(choice.depositPayment ? { deposit: depositProps(price, format) } : {}),
  };
}

/**
 * The deposit's box: the deposit before the gateway's fee and the fee, when a fee applies to it,
 * then the deposit to pay. Its title is the plugin's: "Deposit Price" after those lines, else
 * "{n}% Deposit " (with its space).
 */
function depositProps(price: TourPrice, format: MoneyFormat): NonNullable<TotalProps['deposit']> {
  const fee = price.serviceFee?.on === 'deposit' ? price.serviceFee : undefined;
  const beforeFee = fee?.raw && !fee.raw.isZero() ? fee.raw : undefined;
  const rate = price.depositRate ?? '';
  const lines: TotalLine[] = [];
  if (beforeFee) lines.push({ head: `Deposit Amount (${rate}%)`, tail: formatMoney(beforeFee, format) });
  if (fee && !fee.fee.isZero()) {
    const head =
      fee.gateway === 'paypal'
        ? `${Math.trunc(Number(fee.rate) || 0)}% Paypal Service Fee`
        : `${fee.rate}% Credit Card Service Fee`;
    lines.push({ head, tail: formatMoney(fee.fee, format) });
  }
  const amount = price.depositPrice ?? price.plan.nextDepositAmount;
  return {
    lines,
    title: beforeFee ? 'Deposit Price' : `${rate}% Deposit `,
    price: amount ? formatMoney(amount, format) : '',
  };
}
