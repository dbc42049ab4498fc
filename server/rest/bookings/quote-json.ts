import { z } from 'zod';
import { str } from '../../php/coerce';
import type { ApiQuote } from '../../services/booking/api-quote';
import { Money } from '../../tourmaster/money';
import type { PriceBreakdown, RoomPrice } from '../../tourmaster/price-breakdown';
import { PERSON_TYPES, phpNumber } from '../../tourmaster/pricing-settings';
import { amount, decimal } from './booking-json';

/**
 * A quote as JSON: the lines of the price breakdown the payment page shows (pricing.ts builds it,
 * nothing is re-computed here but a line's count × unit), the discounts, the tax, the total, and
 * the deposit the site offers for it. Money as decimal strings with the currency.
 */

const line = z.object({
  kind: z.string().describe('people, adult, child, student, infant, male, female, group, room, single-supplement…'),
  room: z.number().int().nullable(),
  count: z.number(),
  unit_price: decimal,
  amount: decimal,
});

export const quoteJson = z.object({
  tour_id: z.number().int(),
  date: z.string(),
  package: z.string().nullable(),
  currency: z.string(),
  travellers: z.number().int(),
  lines: z.array(line),
  services: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      per: z.string(),
      count: z.number(),
      unit_price: decimal,
      amount: decimal,
    }),
  ),
  subtotal: decimal,
  group_discount: z.object({ rate: z.string(), amount: decimal }).nullable(),
  coupon: z.object({ code: z.string(), amount: decimal }).nullable(),
  tax: z.object({ rate: z.string(), amount: decimal }).nullable(),
  total: decimal,
  deposit: z.object({ rate: z.number(), amount: decimal }).nullable(),
});

type Line = z.output<typeof line>;

const API_KIND: Readonly<Record<string, string>> = { children: 'child' };

function lineOf(kind: string, count: number, unit: Money, room: number | null = null): Line {
  return { kind: API_KIND[kind] ?? kind, room, count, unit_price: amount(unit), amount: amount(unit.times(count)) };
}

function personLines(b: PriceBreakdown | RoomPrice, room: number | null, prefix = ''): Line[] {
  const out: Line[] = [];
  const parts = b as Record<string, unknown>;
  for (const type of PERSON_TYPES) {
    const unit = parts[`${prefix}${type}-${prefix ? 'price' : 'base-price'}`];
    if (unit instanceof Money) out.push(lineOf(type, phpNumber(parts[`${prefix}${type}-amount`]), unit, room));
  }
  return out;
}

function roomLines(rooms: readonly RoomPrice[]): Line[] {
  return rooms.flatMap((r, i) => [
    lineOf('room', 1, r['base-price'], i + 1),
    ...(r['single-supplement-price'] ? [lineOf('single-supplement', 1, r['single-supplement-price'], i + 1)] : []),
    ...(r['triple-supplement-price'] ? [lineOf('triple-supplement', 1, r['triple-supplement-price'], i + 1)] : []),
    ...(r['additional-traveller-price']
      ? [lineOf('people', phpNumber(r['additional-traveller-amount']), r['additional-traveller-price'], i + 1)]
      : []),
    ...personLines(r, i + 1, 'additional-'),
  ]);
}

function linesOf(b: PriceBreakdown): Line[] {
  if (b['group-price']) return [lineOf('group', 1, b['group-price'])];
  if (b.room) return roomLines(b.room);
  if (b['traveller-base-price']) return [lineOf('people', phpNumber(b['traveller-amount']), b['traveller-base-price'])];
  return personLines(b, null);
}

const moneyOf = (v: unknown) => (v instanceof Money ? v : undefined);

export function toQuoteJson(q: ApiQuote): z.output<typeof quoteJson> {
  const b = q.price.breakdown;
  const groupAmount = moneyOf(b['group-discounted-price']);
  const couponAmount = moneyOf(b['coupon-amount']);
  return {
    tour_id: q.booking.tourId,
    date: q.booking.travelDate,
    package: q.booking.packageTitle || null,
    currency: q.currency,
    travellers: q.price.travellerAmount,
    lines: linesOf(b),
    services: [...(b['additional-service'] ?? new Map()).entries()].map(([id, s]) => ({
      id: Number(id),
      title: q.serviceTitles.get(id) ?? '',
      per: s.per,
      count: phpNumber(s.amount),
      unit_price: amount(s['price-one']),
      amount: amount(s.price),
    })),
    subtotal: amount(b['sub-total-price']),
    group_discount: groupAmount ? { rate: str(b['group-discount-rate']), amount: amount(groupAmount) } : null,
    coupon: couponAmount && b['coupon-code'] ? { code: str(b['coupon-code']), amount: amount(couponAmount) } : null,
    tax: b['tax-due'] ? { rate: str(b['tax-rate']), amount: amount(b['tax-due']) } : null,
    total: amount(q.price.total),
    deposit:
      q.price.depositRate !== undefined && q.price.depositPrice
        ? { rate: q.price.depositRate, amount: amount(q.price.depositPrice) }
        : null,
  };
}
