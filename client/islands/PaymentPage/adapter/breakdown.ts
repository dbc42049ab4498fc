import type { BreakdownLine, BreakdownProps, BreakdownRoom } from '../../../common/islands/payment-sidebar';
import { headTailOf, textOf } from './markup';

/**
 * BREAKDOWN (pricing.md §10) as WordPress printed it in the sidebar, read into BreakdownProps.
 * Heads and amounts are the printed texts; only the discount's sign is the template's.
 */
export function breakdownOf(root: ParentNode): BreakdownProps {
  const box = root.querySelector('.tourmaster-price-breakdown');
  const tail = (selector: string) => textOf(box?.querySelector(selector), '.tourmaster-tail');
  const taxRate = box?.querySelector('.tourmaster-price-breakdown-tax-rate');
  const taxDue = box?.querySelector('.tourmaster-price-breakdown-tax-due');
  const coupon = box?.querySelector('.tourmaster-price-breakdown-coupon-code');
  const groupDiscount = box?.querySelector('.tourmaster-price-breakdown-group-discount');
  const all = (selector: string) => [...(box?.querySelectorAll(selector) ?? [])];
  return {
    base: all('.tourmaster-price-breakdown-base-price-wrap > div').map(lineOf),
    rooms: all('.tourmaster-price-breakdown-room').map(roomOf),
    services: all('.tourmaster-price-breakdown-additional-service-item').map(lineOf),
    subTotal: tail('.tourmaster-price-breakdown-sub-total'),
    ...(groupDiscount && {
      groupDiscount: {
        head: textOf(groupDiscount, '.tourmaster-price-breakdown-group-discount-amount .tourmaster-head'),
        rate: tail('.tourmaster-price-breakdown-group-discount-amount'),
        discounted: tail('.tourmaster-price-breakdown-group-discounted-price'),
      },
    }),
    ...(coupon && {
      coupon: {
        code: textOf(coupon, '.tourmaster-coupon-code'),
        text: textOf(coupon, '.tourmaster-coupon-text'),
        amount: tail('.tourmaster-price-breakdown-coupon-amount').replace(/^-\s*/, ''),
      },
    }),
    couponAfterTax: coupon != null && [taxRate, taxDue].some((tax) => tax && follows(coupon, tax)),
    ...(taxRate && { taxRate: headTailOf(taxRate).tail }),
    ...(taxDue && { taxDue: headTailOf(taxDue).tail }),
  };
}

/** `later` comes after `earlier` in the document. */
function follows(later: Node, earlier: Node): boolean {
  return (earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}

/** A line: a count times a price (`.tourmaster-price-detail` and `.tourmaster-price`), or a head and its amount. */
function lineOf(el: Element): BreakdownLine {
  const head = textOf(el, '.tourmaster-head');
  const detail = el.querySelector('.tourmaster-price-detail');
  if (!detail) return { head, tail: textOf(el, '.tourmaster-tail') };
  return { head, tail: textOf(el, '.tourmaster-price'), detail: detail.textContent ?? '' };
}

function roomOf(room: Element): BreakdownRoom {
  const head = room.querySelector('.tourmaster-price-breakdown-room-head');
  return {
    head: textOf(head, '.tourmaster-head'),
    travellers: textOf(head, '.tourmaster-tail'),
    lines: [...room.querySelectorAll('.tourmaster-price-breakdown-room-price')].map(lineOf),
  };
}
