import { isEmpty, str } from '../../php/coerce';
import { formatMoney, type Money, type MoneyFormat } from '../../tourmaster/money';
import type { PriceBreakdown, RoomPrice } from '../../tourmaster/price-breakdown';
import { breakdownMoney } from '../../tourmaster/pricing';
import { phpMoney } from '../../tourmaster/pricing-settings';
import { html, type SafeHtml } from '../html';

/** Breakdown labels: note "Child" here, "Children" in the summary. */
const TYPES = [
  ['traveller', 'Traveller'],
  ['adult', 'Adult'],
  ['male', 'Male'],
  ['female', 'Female'],
  ['children', 'Child'],
  ['student', 'Student'],
  ['infant', 'Infant'],
] as const;

export interface BreakdownInput {
  breakdown: PriceBreakdown;
  format: MoneyFormat;
  /** `apply-coupon-after-tax == enable`: the coupon rows follow the tax rows. */
  couponAfterTax: boolean;
  /** Service post titles by id. */
  serviceTitles: ReadonlyMap<string, string>;
}

type Amounts = Readonly<Record<string, unknown>>;

/** BREAKDOWN (pricing.md §10): `.tourmaster-price-breakdown` of the sidebar. */
export function priceBreakdown(input: BreakdownInput): SafeHtml {
  const b = input.breakdown;
  const money = (m: Money, digits = -1) => formatMoney(m, input.format, digits);
  const amounts = b as Amounts;
  const baseRows = TYPES.map(([type, label]) => {
    const amount = amounts[`${type}-amount`];
    if (isEmpty(amount)) return '';
    const base = (amounts[`${type}-base-price`] as Money | undefined) ?? breakdownMoney(undefined);
    return detailRow('tourmaster-price-breakdown-base-price', `${label} Base Price`, amount, base, input.format);
  });
  const coupon = present(b['coupon-amount']) && couponRows(b, input.format);
  return html`<div class="tourmaster-price-breakdown" ><div class="tourmaster-price-breakdown-base-price-wrap" >${
    b['group-price'] &&
    present(b['group-price']) &&
    summaryRow('tourmaster-price-breakdown-group-price', 'Group Price :', money(b['group-price']))
  }${baseRows}</div>${(b.room ?? []).map((room, i) => roomRows(room, i + 1, input.format))}${servicesBlock(input)}<div class="tourmaster-price-breakdown-summary" >${summaryRow(
    'tourmaster-price-breakdown-sub-total ',
    'Sub Total Price',
    money(b['sub-total-price']),
  )}${groupDiscount(b, input.format)}${!input.couponAfterTax && coupon}${
    !isEmpty(b['tax-rate']) && summaryRow('tourmaster-price-breakdown-tax-rate', 'Tax Rate', `${str(b['tax-rate'])}%`)
  }${b['tax-due'] && present(b['tax-due']) && summaryRow('tourmaster-price-breakdown-tax-due', 'Tax Due', money(b['tax-due']))}${
    input.couponAfterTax && coupon
  }</div><div class="clear"></div></div>`;
}

/** PHP `!empty()` on a breakdown amount: money that is not zero, or a non-empty string. */
function present(value: Money | string | undefined): boolean {
  if (value === undefined) return false;
  return typeof value === 'string' ? !isEmpty(value) : !value.isZero();
}

function summaryRow(className: string, head: string, tail: string | SafeHtml): SafeHtml {
  return html`<div class="${className}" ><span class="tourmaster-head" >${head}</span><span class="tourmaster-tail tourmaster-right" >${tail}</span></div>`;
}

/** `{amount} x {MONEY(price,-2)}` and `MONEY(amount × price)`. */
function detailRow(className: string, head: string, amount: unknown, price: Money, format: MoneyFormat): SafeHtml {
  return html`<div class="${className}" ><span class="tourmaster-head" >${head}</span><span class="tourmaster-tail" ><span class="tourmaster-price-detail" >${str(amount)} x ${formatMoney(price, format, -2)}</span><span class="tourmaster-price" >${formatMoney(price.times(phpMoney(amount)), format)}</span></span></div>`;
}

function roomRows(room: RoomPrice, number: number, format: MoneyFormat): SafeHtml {
  const amounts = room as Amounts;
  const head = TYPES.map(([type, label]) => {
    const amount = amounts[`${type}-amount`];
    return isEmpty(amount) ? '' : `${str(amount)} ${label} `;
  }).join('');
  const price = (head: string, value: Money) =>
    html`<div class="tourmaster-price-breakdown-room-price" ><span class="tourmaster-head" >${head}</span><span class="tourmaster-tail tourmaster-right" >${formatMoney(value, format)}</span></div>`;
  let body: SafeHtml;
  if (room['enable-supplement-price'] === 'enable') {
    const n = str(room['traveller-amount']);
    const single = room['single-supplement-price'];
    const triple = room['triple-supplement-price'];
    body = html`${price('Single Person Price :', room['base-price'])}${n === '1' && single && price('Single Supplement Price :', single)}${
      n === '3' && triple && price('Triple Supplement Price :', triple)
    }`;
  } else {
    body = html`${price('Room Base Price :', room['base-price'])}${TYPES.map(([type, label]) => {
      const extra = amounts[`additional-${type}-amount`];
      if (isEmpty(extra)) return '';
      const each = (amounts[`additional-${type}-price`] as Money | undefined) ?? breakdownMoney(undefined);
      return detailRow('tourmaster-price-breakdown-room-price', `Additional ${label} :`, extra, each, format);
    })}`;
  }
  return html`<div class="tourmaster-price-breakdown-room" ><div class="tourmaster-price-breakdown-room-head" ><span class="tourmaster-head" >Room ${number} :</span><span class="tourmaster-tail" >${head}</span></div>${body}</div>`;
}

function servicesBlock(input: BreakdownInput): SafeHtml | '' {
  const lines = input.breakdown['additional-service'];
  if (!lines || lines.size === 0) return '';
  const items = [...lines].map(
    ([id, line]) =>
      html`<div class="tourmaster-price-breakdown-additional-service-item clearfix" ><span class="tourmaster-head" >${input.serviceTitles.get(id) ?? ''} (${str(line.amount)} x ${formatMoney(line['price-one'], input.format, -2)}) </span><span class="tourmaster-tail tourmaster-right" >${formatMoney(line.price, input.format)}</span></div>`,
  );
  return html`<div class="tourmaster-price-breakdown-additional-service" ><h3 class="tourmaster-price-breakdown-additional-service-title" >Additional Services</h3>${items}</div>`;
}

function groupDiscount(b: PriceBreakdown, format: MoneyFormat): SafeHtml | '' {
  const discounted = b['group-discounted-price'];
  if (isEmpty(b['group-discount-traveller']) || !discounted || !present(discounted)) return '';
  const rate = b['group-discount-rate'];
  const shown = typeof rate === 'string' && rate.includes('%') ? rate : formatMoney(breakdownMoney(rate), format);
  return html`<div class="tourmaster-price-breakdown-group-discount" ><div class="tourmaster-price-breakdown-group-discount-amount" ><span class="tourmaster-head" >Group Discount (${Math.trunc(Number(b['group-discount-traveller']))} people)</span><span class="tourmaster-tail tourmaster-right" >${shown}</span></div><div class="tourmaster-price-breakdown-group-discounted-price" ><span class="tourmaster-head" >Discounted Price</span><span class="tourmaster-tail tourmaster-right" >${formatMoney(discounted, format)}</span></div></div>`;
}

function couponRows(b: PriceBreakdown, format: MoneyFormat): SafeHtml {
  const code = b['coupon-code'];
  return html`<div class="tourmaster-price-breakdown-coupon-code" ><span class="tourmaster-head" >Coupon Code :</span><span class="tourmaster-tail" > <span class="tourmaster-coupon-code" >${isEmpty(code) ? '-' : str(code)}</span>${
    !isEmpty(b['coupon-text']) && html`<span class="tourmaster-coupon-text" >${b['coupon-text']}</span>`
  }</span></div><div class="tourmaster-price-breakdown-coupon-amount" ><span class="tourmaster-head" >Discount Price</span><span class="tourmaster-tail tourmaster-right" >- ${formatMoney(breakdownMoney(b['coupon-amount']), format)}</span></div>`;
}
