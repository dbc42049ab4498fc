import { phpFloat, phpInt } from '../php/coerce';
import { phpFloatToString } from '../php/float';
import { Money } from './money';
import type { PriceBreakdown } from './price-breakdown';
import { PERSON_TYPES, phpMoney, phpNumber } from './pricing-settings';
import type { GroupDiscountRow } from './tour-option';

export interface GroupDiscountRules {
  /** `group-discount`: rows in the admin's order. */
  rows: readonly GroupDiscountRow[];
  /** `group-discount-category`: person types counted (variable pricing only). */
  category: readonly string[];
  /** `group-discount-apply`: person types discounted per person (variable pricing only). */
  apply: readonly string[];
  /** `group-discount-per-person`: enable | disable | empty. */
  perPerson: unknown;
}

/**
 * pricing.md §5: applies the tour's group discount to `total` (the sub-total, services included),
 * writes `group-discount-traveller`, `group-discount-rate` and `group-discounted-price` into the
 * breakdown and returns the discounted total. `traveller` is the counter T of §3, `d` the tax divisor.
 */
export function applyGroupDiscount(
  total: Money,
  breakdown: PriceBreakdown,
  rules: GroupDiscountRules,
  pricingMethod: string,
  traveller: number,
  d: Money,
): Money {
  const { rows, category, apply } = rules;
  const last = rows[rows.length - 1];
  if (last === undefined) return total;

  // 1. Who counts: the listed categories (variable pricing), else every traveller.
  let counted = 0;
  if (pricingMethod === 'variable' && category.length > 0) {
    for (const type of PERSON_TYPES) if (category.includes(type)) counted += phpNumber(breakdown[`${type}-amount`]);
  } else {
    counted = traveller;
  }

  // 2. The last row whose threshold is reached and not below the best so far wins.
  let best: unknown = 0;
  let rate: Money | string | undefined;
  for (const row of rows) {
    const threshold = phpNumber(row['traveller-number']);
    if (counted >= threshold && threshold >= phpNumber(best)) {
      best = row['traveller-number'];
      rate = row.discount.includes('%') ? row.discount : phpMoney(row.discount).dividedBy(d);
    }
  }
  if (rate === undefined || (rate instanceof Money && rate.isZero())) return total;

  breakdown['group-discount-traveller'] = counted;
  breakdown['group-discount-rate'] = Money.ZERO;

  let amount: Money | string;
  // LEGACY QUIRK, kept on purpose (prices must match the legacy site): whether the discount is a
  // percentage is decided by the LAST row of the list (PHP's foreach variable `$gd` leaks out of the
  // loop), not by the row that won. A winning fixed amount under a last '%' row is read as a percent
  // of its own (tax-divided) value; a winning '10%' under a last fixed row is subtracted as 10 money.
  if (last.discount.includes('%')) {
    const percent = percentOf(rate);
    const perPersonOff = rules.perPerson === undefined || rules.perPerson === '' || rules.perPerson === 'disable';
    if (pricingMethod === 'fixed' || (perPersonOff && apply.length === 0)) {
      amount = total.percent(percent);
    } else {
      // Per person: each discounted type's base price; room prices and services are not discounted.
      let people = 0;
      amount = Money.ZERO;
      for (const type of ['traveller', ...PERSON_TYPES] as const) {
        if (pricingMethod === 'variable' && apply.length > 0 && !apply.includes(type)) continue;
        const base = breakdown[`${type}-base-price`];
        if (base === undefined || base.isZero()) continue;
        const count = phpInt(breakdown[`${type}-amount`]);
        people += count;
        amount = amount.plus(base.percent(percent).times(count));
      }
      breakdown['group-discount-traveller'] = people;
    }
  } else {
    // The winning rate as it is: a (tax-divided) amount, or a '10%' string PHP subtracts as 10.
    amount = rate;
  }
  breakdown['group-discount-rate'] = amount;
  const discounted = total.minus(typeof amount === 'string' ? phpMoney(amount) : amount);
  breakdown['group-discounted-price'] = discounted;
  return discounted;
}

/**
 * `floatval(str_replace('%', '', $gd_rate))`. A winning fixed amount is a PHP float here, turned into
 * a string with `precision` = 14 significant digits before being read back.
 */
function percentOf(rate: Money | string): Money {
  if (typeof rate === 'string') return phpMoney(rate.replaceAll('%', ''));
  return Money.of(phpFloat(phpFloatToString(rate.toNumber())));
}
