/**
 * PHP's two ways of turning a float into text, both ending in `php_gcvt()` / `zend_gcvt()`
 * (main/snprintf.c, Zend/zend_strtod.c):
 *
 * - `phpFloatToString` — `(string)$float`, `echo`, `"$f"`, `sprintf('%s')` under the default
 *   `precision=14`: `zend_dtoa(mode 2, 14 digits)`, exponent form when decpt > 14 or decpt < -3.
 * - `phpFloatRepr` — `serialize()` / `json_encode()` / `var_export()` under the default
 *   `serialize_precision=-1`: `zend_dtoa(mode 0)` (shortest round-trip digits), exponent form
 *   when decpt > 17 or decpt < -3.
 *
 * "decpt" is dtoa's decimal-point position: value = 0.DIGITS × 10^decpt, so the exponent shown
 * in E-notation is decpt - 1. Hence `(string)1e14 === '1.0E+14'`, `serialize(1e17) === 'd:1.0E+17;'`,
 * `json_encode(0.00001) === '1.0e-5'`, `json_encode(0.0001) === '0.0001'`.
 */

/** Significant digits (no leading/trailing zeros, at least one digit) plus dtoa's decpt. */
interface Digits {
  readonly digits: string;
  readonly decpt: number;
}

/** PHP's default `precision` ini value. */
const PHP_PRECISION = 14;
/** `php_gcvt()` uses ndigit = 17 for the exponent-form threshold in mode 0 (`serialize_precision=-1`). */
const REPR_NDIGIT = 17;

/** Exact decimal expansion of a finite, strictly positive double. */
function exactDigits(x: number): Digits {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biasedExp = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp2: number;
  if (biasedExp === 0) {
    exp2 = -1074; // subnormal
  } else {
    mantissa |= 1n << 52n;
    exp2 = biasedExp - 1075;
  }
  let digits: string;
  let decpt: number;
  if (exp2 >= 0) {
    digits = (mantissa << BigInt(exp2)).toString();
    decpt = digits.length;
  } else {
    // m / 2^k === m * 5^k / 10^k
    const k = -exp2;
    digits = (mantissa * 5n ** BigInt(k)).toString();
    decpt = digits.length - k;
  }
  return { digits: stripTrailingZeros(digits), decpt };
}

function stripTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 1 && digits.charCodeAt(end - 1) === 48) end--;
  return digits.slice(0, end);
}

/** `zend_dtoa(x, 2, ndigit)`: correctly rounded to `ndigit` significant digits, ties to even. */
function roundedDigits(x: number, ndigit: number): Digits {
  const exact = exactDigits(x);
  if (exact.digits.length <= ndigit) return exact;
  const head = exact.digits.slice(0, ndigit);
  const next = exact.digits.charCodeAt(ndigit) - 48;
  const restNonZero = exact.digits.length > ndigit + 1; // trailing zeros were stripped
  const lastOdd = (head.charCodeAt(ndigit - 1) - 48) % 2 === 1;
  const roundUp = next > 5 || (next === 5 && (restNonZero || lastOdd));
  if (!roundUp) return { digits: stripTrailingZeros(head), decpt: exact.decpt };
  const bumped = (BigInt(head) + 1n).toString();
  if (bumped.length > ndigit) {
    // 999… rounded up to 1000…
    return { digits: stripTrailingZeros(bumped.slice(0, ndigit)), decpt: exact.decpt + 1 };
  }
  return { digits: stripTrailingZeros(bumped), decpt: exact.decpt };
}

/** `zend_dtoa(x, 0)`: the shortest digit string that reads back as `x` (what JS number→string also computes). */
function shortestDigits(x: number): Digits {
  // toExponential() without an argument gives the shortest round-trip mantissa: "d.ddde+X".
  const text = x.toExponential();
  const ePos = text.indexOf('e');
  const mantissa = text.slice(0, ePos).replace('.', '');
  const exponent = Number(text.slice(ePos + 1));
  return { digits: stripTrailingZeros(mantissa), decpt: exponent + 1 };
}

/** The layout half of `php_gcvt()`. `ndigit` only selects the exponent-form threshold here. */
function gcvtLayout(negative: boolean, { digits, decpt }: Digits, ndigit: number, expChar: 'E' | 'e'): string {
  const sign = negative ? '-' : '';
  if ((decpt >= 0 && decpt > ndigit) || decpt < -3) {
    const exponent = decpt - 1;
    const mantissa = digits.length === 1 ? `${digits}.0` : `${digits[0]}.${digits.slice(1)}`;
    return `${sign}${mantissa}${expChar}${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  if (decpt <= 0) {
    return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  }
  if (digits.length <= decpt) {
    return `${sign}${digits}${'0'.repeat(decpt - digits.length)}`;
  }
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}

function nonFinite(f: number): string {
  if (Number.isNaN(f)) return 'NAN';
  return f > 0 ? 'INF' : '-INF';
}

/**
 * PHP `(string)$float` under `precision=14`: what `update_post_meta()` / `$wpdb` store for a float,
 * and what `echo` prints. `26/3` → `8.6666666666667`, `1e14` → `1.0E+14`, `0.00001` → `1.0E-5`,
 * `9.0` → `9`, `-0.0` → `-0`, INF → `INF`, NAN → `NAN`.
 */
export function phpFloatToString(f: number): string {
  if (!Number.isFinite(f)) return nonFinite(f);
  const negative = f < 0 || Object.is(f, -0);
  if (f === 0) return negative ? '-0' : '0';
  return gcvtLayout(negative, roundedDigits(Math.abs(f), PHP_PRECISION), PHP_PRECISION, 'E');
}

/**
 * PHP float text under `serialize_precision=-1`: `serialize()` uses exponent char `E`
 * (`d:0.1;`, `d:1.0E+25;`, `d:480;`), `json_encode()` uses `e` (`0.1`, `1.0e+25`, `480`).
 * Integral floats get no `.0` here — `json_encode()` only adds it under `JSON_PRESERVE_ZERO_FRACTION`.
 * Non-finite values give `INF` / `-INF` / `NAN` (serialize writes them; json_encode refuses them).
 */
export function phpFloatRepr(f: number, exp: 'E' | 'e'): string {
  if (!Number.isFinite(f)) return nonFinite(f);
  const negative = f < 0 || Object.is(f, -0);
  if (f === 0) return negative ? '-0' : '0';
  return gcvtLayout(negative, shortestDigits(Math.abs(f)), REPR_NDIGIT, exp);
}
