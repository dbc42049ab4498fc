import type { BreakdownLine, BreakdownProps, BreakdownRoom } from '../../../client/common/islands/payment-sidebar';
import { html, type SafeHtml } from '../html';
import { type BreakdownInput, breakdownProps } from './breakdown-props';

/** BREAKDOWN (pricing.md §10): `.tourmaster-price-breakdown` of the sidebar (and of an order's page). */
export function priceBreakdown(input: BreakdownInput): SafeHtml {
  return priceBreakdownOf(breakdownProps(input));
}

/** The breakdown's markup for its props (breakdown-props.ts decides the lines): the plugin's, byte for byte. */
export function priceBreakdownOf(b: BreakdownProps): SafeHtml {
  // The base prices carry a count (`detail`); the group price, the one line without, is right-aligned.
  const base = b.base.map((line) =>
    line.detail === undefined
      ? rightRow('tourmaster-price-breakdown-group-price', line)
      : detailRow('tourmaster-price-breakdown-base-price', line, line.detail),
  );
  const coupon = b.coupon && couponRows(b.coupon);
  return html`<div class="tourmaster-price-breakdown" ><div class="tourmaster-price-breakdown-base-price-wrap" >${base}</div>${b.rooms.map(
    room,
  )}${servicesBlock(b.services)}<div class="tourmaster-price-breakdown-summary" >${rightRow(
    // The plugin's class attribute ends with a space.
    'tourmaster-price-breakdown-sub-total ',
    { head: 'Sub Total Price', tail: b.subTotal },
  )}${b.groupDiscount && groupDiscount(b.groupDiscount)}${!b.couponAfterTax && coupon}${
    b.taxRate !== undefined && rightRow('tourmaster-price-breakdown-tax-rate', { head: 'Tax Rate', tail: b.taxRate })
  }${b.taxDue !== undefined && rightRow('tourmaster-price-breakdown-tax-due', { head: 'Tax Due', tail: b.taxDue })}${
    b.couponAfterTax && coupon
  }</div><div class="clear"></div></div>`;
}

/** A line whose amount is right-aligned. */
function rightRow(className: string, line: Pick<BreakdownLine, 'head' | 'tail'>): SafeHtml {
  return html`<div class="${className}" ><span class="tourmaster-head" >${line.head}</span><span class="tourmaster-tail tourmaster-right" >${line.tail}</span></div>`;
}

/** A count times a price: "{n} x {price}" beside the amount. */
function detailRow(className: string, line: BreakdownLine, detail: string): SafeHtml {
  return html`<div class="${className}" ><span class="tourmaster-head" >${line.head}</span><span class="tourmaster-tail" ><span class="tourmaster-price-detail" >${detail}</span><span class="tourmaster-price" >${line.tail}</span></span></div>`;
}

function room(r: BreakdownRoom): SafeHtml {
  const className = 'tourmaster-price-breakdown-room-price';
  const lines = r.lines.map((line) =>
    line.detail === undefined ? rightRow(className, line) : detailRow(className, line, line.detail),
  );
  return html`<div class="tourmaster-price-breakdown-room" ><div class="tourmaster-price-breakdown-room-head" ><span class="tourmaster-head" >${r.head}</span><span class="tourmaster-tail" >${r.travellers}</span></div>${lines}</div>`;
}

function servicesBlock(services: BreakdownLine[]): SafeHtml | '' {
  if (services.length === 0) return '';
  // The plugin printed a space after each service's "(n x price)".
  const items = services.map(
    (line) =>
      html`<div class="tourmaster-price-breakdown-additional-service-item clearfix" ><span class="tourmaster-head" >${line.head} </span><span class="tourmaster-tail tourmaster-right" >${line.tail}</span></div>`,
  );
  return html`<div class="tourmaster-price-breakdown-additional-service" ><h3 class="tourmaster-price-breakdown-additional-service-title" >Additional Services</h3>${items}</div>`;
}

function groupDiscount(d: NonNullable<BreakdownProps['groupDiscount']>): SafeHtml {
  return html`<div class="tourmaster-price-breakdown-group-discount" >${rightRow('tourmaster-price-breakdown-group-discount-amount', { head: d.head, tail: d.rate })}${rightRow(
    'tourmaster-price-breakdown-group-discounted-price',
    { head: 'Discounted Price', tail: d.discounted },
  )}</div>`;
}

function couponRows(c: NonNullable<BreakdownProps['coupon']>): SafeHtml {
  return html`<div class="tourmaster-price-breakdown-coupon-code" ><span class="tourmaster-head" >Coupon Code :</span><span class="tourmaster-tail" > <span class="tourmaster-coupon-code" >${c.code}</span>${
    c.text !== '' && html`<span class="tourmaster-coupon-text" >${c.text}</span>`
  }</span></div>${rightRow('tourmaster-price-breakdown-coupon-amount', { head: 'Discount Price', tail: `- ${c.amount}` })}`;
}
