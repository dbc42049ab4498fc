import type { BreakdownLine, BreakdownProps, BreakdownRoom } from '../../../client/common/islands/payment-sidebar';
import { isEmpty, str } from '../../php/coerce';
import { formatMoney, type Money, type MoneyFormat } from '../../tourmaster/money';
import type { PriceBreakdown, RoomPrice } from '../../tourmaster/price-breakdown';
import { breakdownMoney } from '../../tourmaster/pricing';
import { phpMoney } from '../../tourmaster/pricing-settings';

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

/** Where a count's amount and price are: `{type}-amount` × `{type}-base-price`, or the room's additional people. */
const BASE = { prefix: '', price: 'base-price' } as const;
const ADDITIONAL = { prefix: 'additional-', price: 'price' } as const;

/**
 * BREAKDOWN (pricing.md §10) as data: which lines the breakdown `B` shows and their amounts, as the
 * plugin decides them (an amount shows when PHP's `!empty()` holds for it).
 */
export function breakdownProps(input: BreakdownInput): BreakdownProps {
  const b = input.breakdown;
  const { format } = input;
  const groupPrice = b['group-price'];
  const base: BreakdownLine[] = [
    ...(groupPrice && present(groupPrice) ? [{ head: 'Group Price :', tail: formatMoney(groupPrice, format) }] : []),
    ...countedLines(b as Amounts, BASE, (label) => `${label} Base Price`, format),
  ];
  const taxDue = b['tax-due'];
  return {
    base,
    rooms: (b.room ?? []).map((room, i) => roomProps(room, i + 1, format)),
    services: serviceLines(input),
    subTotal: formatMoney(b['sub-total-price'], format),
    ...groupDiscount(b, format),
    ...(present(b['coupon-amount']) ? { coupon: couponProps(b, format) } : {}),
    couponAfterTax: input.couponAfterTax,
    ...(!isEmpty(b['tax-rate']) ? { taxRate: `${str(b['tax-rate'])}%` } : {}),
    ...(taxDue && present(taxDue) ? { taxDue: formatMoney(taxDue, format) } : {}),
  };
}

/** PHP `!empty()` on a breakdown amount: money that is not zero, or a non-empty string. */
function present(value: Money | string | undefined): boolean {
  if (value === undefined) return false;
  return typeof value === 'string' ? !isEmpty(value) : !value.isZero();
}

/**
 * A line per traveller type with an amount: `{prefix}{type}-amount` times `{prefix}{type}-{price}`,
 * as "{n} x {price}" (no decimals for a whole price) and the product.
 */
function countedLines(
  amounts: Amounts,
  keys: { prefix: '' | 'additional-'; price: 'base-price' | 'price' },
  head: (label: string) => string,
  format: MoneyFormat,
): BreakdownLine[] {
  return TYPES.flatMap(([type, label]) => {
    const amount = amounts[`${keys.prefix}${type}-amount`];
    if (isEmpty(amount)) return [];
    const each = (amounts[`${keys.prefix}${type}-${keys.price}`] as Money | undefined) ?? breakdownMoney(undefined);
    return [
      {
        head: head(label),
        detail: `${str(amount)} x ${formatMoney(each, format, -2)}`,
        tail: formatMoney(each.times(phpMoney(amount)), format),
      },
    ];
  });
}

function roomProps(room: RoomPrice, number: number, format: MoneyFormat): BreakdownRoom {
  const amounts = room as Amounts;
  const travellers = TYPES.map(([type, label]) => {
    const amount = amounts[`${type}-amount`];
    return isEmpty(amount) ? '' : `${str(amount)} ${label} `;
  }).join('');
  const line = (head: string, value: Money): BreakdownLine => ({ head, tail: formatMoney(value, format) });
  let lines: BreakdownLine[];
  if (room['enable-supplement-price'] === 'enable') {
    const n = str(room['traveller-amount']);
    const single = room['single-supplement-price'];
    const triple = room['triple-supplement-price'];
    lines = [line('Single Person Price :', room['base-price'])];
    if (n === '1' && single) lines.push(line('Single Supplement Price :', single));
    if (n === '3' && triple) lines.push(line('Triple Supplement Price :', triple));
  } else {
    lines = [
      line('Room Base Price :', room['base-price']),
      ...countedLines(amounts, ADDITIONAL, (label) => `Additional ${label} :`, format),
    ];
  }
  return { head: `Room ${number} :`, travellers, lines };
}

/** "{title} ({n} x {price})" and the service's price, in the order the booking lists them. */
function serviceLines(input: BreakdownInput): BreakdownLine[] {
  const lines = input.breakdown['additional-service'] ?? new Map();
  return [...lines].map(([id, line]) => ({
    head: `${input.serviceTitles.get(id) ?? ''} (${str(line.amount)} x ${formatMoney(line['price-one'], input.format, -2)})`,
    tail: formatMoney(line.price, input.format),
  }));
}

/** "Group Discount (N people)", the rate as the admin wrote it ('10%') or as money, and the discounted price. */
function groupDiscount(b: PriceBreakdown, format: MoneyFormat): Pick<BreakdownProps, 'groupDiscount'> {
  const discounted = b['group-discounted-price'];
  if (isEmpty(b['group-discount-traveller']) || !discounted || !present(discounted)) return {};
  const rate = b['group-discount-rate'];
  return {
    groupDiscount: {
      head: `Group Discount (${Math.trunc(Number(b['group-discount-traveller']))} people)`,
      rate: typeof rate === 'string' && rate.includes('%') ? rate : formatMoney(breakdownMoney(rate), format),
      discounted: formatMoney(discounted, format),
    },
  };
}

/** The coupon's code ('-' when none was kept), its percent text ('' for an amount coupon) and the discount. */
function couponProps(b: PriceBreakdown, format: MoneyFormat): NonNullable<BreakdownProps['coupon']> {
  const code = b['coupon-code'];
  const text = b['coupon-text'];
  return {
    code: isEmpty(code) ? '-' : str(code),
    text: isEmpty(text) ? '' : str(text),
    amount: formatMoney(breakdownMoney(b['coupon-amount']), format),
  };
}
