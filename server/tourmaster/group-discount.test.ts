import { describe, expect, it } from 'vitest';
import { applyGroupDiscount, type GroupDiscountRules } from './group-discount';
import { Money } from './money';
import type { PriceBreakdown } from './price-breakdown';
import type { GroupDiscountRow } from './tour-option';

const row = (n: string, discount: string): GroupDiscountRow => ({ 'traveller-number': n, discount });
const rules = (rows: GroupDiscountRow[], more: Partial<GroupDiscountRules> = {}): GroupDiscountRules => ({
  rows,
  category: [],
  apply: [],
  perPerson: 'disable',
  ...more,
});

/** Variable non-room breakdown: 2 adults at 100, 1 child at 60, a service of 45 → sub-total 305. */
function variable(): PriceBreakdown {
  return {
    'adult-base-price': Money.of(100),
    'adult-amount': '2',
    'children-base-price': Money.of(60),
    'children-amount': '1',
    'sub-total-price': Money.of(305),
  };
}
/** Fixed non-room breakdown: 4 travellers at 50 → 200. */
function fixed(): PriceBreakdown {
  return { 'traveller-base-price': Money.of(50), 'traveller-amount': '4', 'sub-total-price': Money.of(200) };
}

function run(
  b: PriceBreakdown,
  r: GroupDiscountRules,
  method: string,
  traveller: number,
  d = Money.of(1),
): { total: string; b: PriceBreakdown } {
  const total = applyGroupDiscount(b['sub-total-price'], b, r, method, traveller, d);
  return { total: total.toString(), b };
}
const keys = ['group-discount-traveller', 'group-discount-rate', 'group-discounted-price'] as const;
const gd = (b: PriceBreakdown) =>
  keys.map((k) => {
    const v = b[k];
    return v instanceof Money ? v.toString() : v;
  });

describe('group discount (pricing.md §5)', () => {
  it('no rows: nothing happens', () => {
    const { total, b } = run(variable(), rules([]), 'variable', 3);
    expect(total).toBe('305');
    expect(gd(b)).toEqual([undefined, undefined, undefined]);
  });

  it('threshold not reached: nothing happens', () => {
    const { total, b } = run(variable(), rules([row('4', '10%')]), 'variable', 3);
    expect(total).toBe('305');
    expect(b['group-discount-rate']).toBeUndefined();
  });

  it('percent of the whole total (services included) for fixed pricing, even per person', () => {
    const { total, b } = run(fixed(), rules([row('3', '10%')], { perPerson: 'enable' }), 'fixed', 4);
    expect(total).toBe('180');
    expect(gd(b)).toEqual([4, '20', '180']);
  });

  it('percent of the whole total for variable pricing when per-person is off and no apply list', () => {
    for (const perPerson of ['disable', '', undefined]) {
      const { total, b } = run(variable(), rules([row('3', '10%')], { perPerson }), 'variable', 3);
      expect(total).toBe('274.5');
      expect(gd(b)).toEqual([3, '30.5', '274.5']);
    }
  });

  it('per person: base prices only (no services), people re-counted with intval', () => {
    const { total, b } = run(variable(), rules([row('3', '10%')], { perPerson: 'enable' }), 'variable', 3);
    // 10 % of 2 × 100 + 1 × 60
    expect(gd(b)).toEqual([3, '26', '279']);
    expect(total).toBe('279');
  });

  it('per person, only the types in the apply list (variable pricing)', () => {
    const { b } = run(variable(), rules([row('3', '10%')], { apply: ['children'] }), 'variable', 3);
    expect(gd(b)).toEqual([1, '6', '299']);
  });

  it('counts only the listed categories for variable pricing', () => {
    const counted = run(variable(), rules([row('3', '10%')], { category: ['adult'] }), 'variable', 3);
    expect(counted.b['group-discount-rate']).toBeUndefined();
    const two = run(variable(), rules([row('2', '10%')], { category: ['adult'] }), 'variable', 3);
    expect(gd(two.b)).toEqual([2, '30.5', '274.5']);
  });

  it('group pricing per person discounts nothing (no base prices)', () => {
    const b: PriceBreakdown = { 'group-price': Money.of(900), 'sub-total-price': Money.of(900) };
    const { total } = run(b, rules([row('1', '10%')], { perPerson: 'enable' }), 'group', 2);
    expect(gd(b)).toEqual([0, '0', '900']);
    expect(total).toBe('900');
  });

  it('a fixed amount, divided by the tax divisor', () => {
    const { total, b } = run(fixed(), rules([row('2', '22')]), 'fixed', 4, Money.of('1.1'));
    expect(gd(b)).toEqual([4, '20', '180']);
    expect(total).toBe('180');
  });

  it('the last qualifying row wins, scanning in order (a lower threshold after a higher one does not)', () => {
    const { b } = run(fixed(), rules([row('2', '5%'), row('4', '20%'), row('3', '10%')]), 'fixed', 4);
    expect(b['group-discount-rate']?.toString()).toBe('40');
    const equal = run(fixed(), rules([row('2', '5%'), row('2', '15%')]), 'fixed', 4);
    expect(equal.b['group-discount-rate']?.toString()).toBe('30');
  });

  it('a zero fixed amount is no discount', () => {
    const { b } = run(fixed(), rules([row('1', '0')]), 'fixed', 4);
    expect(b['group-discount-rate']).toBeUndefined();
  });

  describe('legacy quirk: the LAST row decides whether the discount is a percent', () => {
    it('winning fixed amount 25 under a last "%" row is taken as 25 %', () => {
      // 4 travellers: row 3 wins (25), row 10 does not qualify but is last and has '%'
      const { total, b } = run(fixed(), rules([row('3', '25'), row('10', '50%')]), 'fixed', 4);
      expect(gd(b)).toEqual([4, '50', '150']);
      expect(total).toBe('150');
    });

    it('a winning tax-divided amount is read back through PHP float-to-string (14 digits)', () => {
      const { b } = run(fixed(), rules([row('3', '10'), row('10', '50%')]), 'fixed', 4, Money.of('1.1'));
      // 10 / 1.1 = 9.0909… → '9.0909090909091' % of 200
      expect(b['group-discount-rate']?.toString()).toBe('18.1818181818182');
    });

    it('winning "10%" under a last fixed row is subtracted as 10 money, kept as the string', () => {
      const { total, b } = run(fixed(), rules([row('3', '10%'), row('10', '50')]), 'fixed', 4);
      expect(gd(b)).toEqual([4, '10%', '190']);
      expect(total).toBe('190');
    });
  });
});
