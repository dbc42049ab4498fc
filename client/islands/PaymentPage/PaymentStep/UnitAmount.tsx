import { clampUnits, maxUnitOf } from './unit-clamp';

/**
 * A unit service's amount (`service-amount[]`), kept within its maximum (unit-clamp.ts): a number
 * over it while typing, anything not a whole number of 1…max when the field is left. This is the
 * browser's side only: the server prices the amount it is sent (pricing.md §4).
 */
export function UnitAmount({
  title,
  amount,
  maxUnit,
  onAmount,
}: {
  title: string;
  amount: string;
  maxUnit: string | undefined;
  onAmount: (amount: string) => void;
}) {
  const max = maxUnitOf(maxUnit);
  // Each change is passed on, even one the maximum undoes: the page's render then puts the field's
  // value back (Preact only writes a controlled value when it renders).
  const type = (value: string, final: boolean) => {
    const next = max === undefined ? value : clampUnits(value, max, final);
    if (!final || next !== value || next !== amount) onAmount(next);
  };
  return (
    <input
      type="text"
      name="service-amount[]"
      value={amount}
      inputMode={max === undefined ? undefined : 'numeric'}
      title={max === undefined ? undefined : `At most ${max}`}
      aria-label={`${title}: amount`}
      onChange={(event) => type(event.currentTarget.value, false)}
      onBlur={(event) => type(event.currentTarget.value, true)}
    />
  );
}
