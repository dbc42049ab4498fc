/**
 * PHP value semantics the plugin's rules depend on, in one place: `empty()`, numeric-string
 * coercion and `intval`. Plugin data arrives as strings (post meta, options, request fields).
 */

/** PHP `empty()`: '', '0', 0, null, undefined, false, and an empty array or object are empty. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '' || value === '0' || value === 0)
    return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

/** The plugin's "is this option set" test: non-empty, or exactly '0'. */
export function isSet(value: unknown): boolean {
  return !isEmpty(value) || value === '0';
}

/**
 * PHP's numeric reading of a string (`(float)` / arithmetic on a numeric string): the leading
 * decimal number, else 0. `'10%'` → 10, `' 2'` → 2, `'abc'` → 0, `'1e3'` → 1000.
 */
export function phpFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return 0;
  const m = /^[ \t\n\r\v\f]*([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?)/.exec(value);
  return m ? Number(m[1]) : 0;
}

/** PHP `intval` of a string or number (truncates toward zero; non-numeric → 0). */
export function phpInt(value: unknown): number {
  const n = phpFloat(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** A request or option value as a string ('' for anything that is not a scalar). */
export function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return '';
}

/** A value that should be a list: arrays as they are, scalars or maps as their values, else []. */
export function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') return Object.values(value);
  return [];
}

/** A value that should be a keyed array: objects as they are, anything else (lists included) as {}. */
export function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
