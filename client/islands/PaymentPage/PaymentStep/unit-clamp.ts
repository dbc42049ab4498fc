/**
 * The unit amount of an additional service (payment.md §2.2: `input[name="service-amount[]"]` with
 * `data-max-unit`), kept within 1…max. While typing, only a number over the maximum is replaced (an
 * empty or half-typed value is left alone); when the field is left, anything that is not a whole
 * number of at least 1 becomes 1, and decimals are cut.
 */
export function maxUnitOf(attribute: string | null | undefined): number | undefined {
  if (!attribute || !/^\s*\d+\s*$/.test(attribute)) return undefined;
  const max = Number(attribute);
  return max >= 1 && Number.isSafeInteger(max) ? max : undefined;
}

export function clampUnits(value: string, max: number, final: boolean): string {
  const text = value.trim();
  const number = Number(text);
  if (!final) return text !== '' && Number.isFinite(number) && number > max ? String(max) : value;
  if (!/^[+-]?\d+(\.\d*)?$/.test(text)) return '1';
  const whole = Math.trunc(number);
  return String(Math.min(max, Math.max(1, whole)));
}
