import type { TotalLine, TotalProps } from '../../../common/islands/payment-sidebar';
import { headTailOf, textOf } from './markup';

/**
 * The sidebar's total box as WordPress printed it (`.tourmaster-tour-booking-bar-total-price-wrap`
 * and the deposit's box, inside it in style-2, after it in style-1), read into TotalProps.
 */
export function totalOf(root: ParentNode): TotalProps {
  const wrap = root.querySelector('.tourmaster-tour-booking-bar-total-price-wrap');
  const chosen = wrap?.querySelector<HTMLInputElement>(
    'input[name="payment-type"][checked], input[type="hidden"][name="payment-type"]',
  );
  const partialLabel = textOf(wrap, '.tourmaster-deposit-payment-partial');
  const { lines, fee } = infoLines(wrap?.querySelector('.tourmaster-tour-booking-bar-total-price-container'));
  const deposit = root.querySelector('.tourmaster-tour-booking-bar-deposit-text');
  return {
    partial: chosen?.value === 'partial',
    offerChoice: wrap?.querySelector('input[type="radio"][name="payment-type"]') != null,
    depositPercent: Number(/(\d+)%/.exec(partialLabel)?.[1] ?? 0),
    lines,
    ...(fee && { fee }),
    payAmount: textOf(wrap, '.tourmaster-tour-booking-bar-total-price'),
    ...(deposit && {
      deposit: {
        lines: [...deposit.querySelectorAll('.tourmaster-tour-booking-bar-deposit-info')].map(headTailOf),
        title: textOf(deposit, '.tourmaster-tour-booking-bar-deposit-title'),
        price: textOf(deposit, '.tourmaster-tour-booking-bar-deposit-price'),
      },
    }),
  };
}

/**
 * The `title / content` pairs above the total. An order partly paid prints three (total, paid,
 * remaining); a gateway's fee adds one after them, so a fourth pair, or a lone one, is the fee.
 */
function infoLines(container: Element | null | undefined): { lines: TotalLine[]; fee?: TotalLine } {
  const titles = container?.querySelectorAll('.tourmaster-tour-booking-bar-total-price-info-title') ?? [];
  const lines = [...titles].map((title) => ({
    head: title.textContent ?? '',
    tail: title.nextElementSibling?.textContent ?? '',
  }));
  const fee = lines.length % 3 === 1 ? lines.pop() : undefined;
  return fee ? { lines, fee } : { lines };
}
