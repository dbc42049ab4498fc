/**
 * Money as an exact rational number of currency units (bigint numerator and denominator).
 *
 * The legacy plugin computes in IEEE doubles with no intermediate rounding and rounds only when it
 * formats (PHP `round`, which pre-rounds to 15 significant digits and then rounds half away from
 * zero). Exact arithmetic gives the value PHP's pre-rounding recovers, without float drift: a 30 %
 * deposit of 267.05 is exactly 80.115 and shows as $80.12 (JS `toFixed` on the double says 80.11),
 * and tax-inclusive prices divided by 1.1 come back to their configured value exactly.
 * Rounding to minor units happens only at the edge: `toMinor`, `round`, `formatMoney`.
 */
export class Money {
  private constructor(
    readonly num: bigint,
    readonly den: bigint,
  ) {}

  static readonly ZERO = new Money(0n, 1n);

  /** From a decimal string as stored by WordPress ('120', '95.50', '-3', '1e3') or a JS number. */
  static of(value: string | number | bigint): Money {
    if (typeof value === 'bigint') return new Money(value, 1n);
    const text = typeof value === 'number' ? numberToDecimal(value) : value.trim();
    const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
    if (!m || (!m[2] && !m[3])) throw new RangeError(`Not a decimal amount: ${JSON.stringify(value)}`);
    const digits = `${m[2] ?? ''}${m[3] ?? ''}` || '0';
    const exponent = Number(m[4] ?? 0) - (m[3]?.length ?? 0);
    const sign = m[1] === '-' ? -1n : 1n;
    if (exponent >= 0) return Money.make(sign * BigInt(digits) * 10n ** BigInt(exponent), 1n);
    return Money.make(sign * BigInt(digits), 10n ** BigInt(-exponent));
  }

  /** A whole number of minor units (cents for 2 digits). */
  static fromMinor(minor: number | bigint, digits = 2): Money {
    return Money.make(BigInt(minor), 10n ** BigInt(digits));
  }

  private static make(num: bigint, den: bigint): Money {
    if (den === 0n) throw new RangeError('Division by zero');
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const g = gcd(num < 0n ? -num : num, den);
    return g > 1n ? new Money(num / g, den / g) : new Money(num, den);
  }

  plus(other: Money): Money {
    return Money.make(this.num * other.den + other.num * this.den, this.den * other.den);
  }

  minus(other: Money): Money {
    return Money.make(this.num * other.den - other.num * this.den, this.den * other.den);
  }

  /** Multiplies by a quantity or rate: an integer, a decimal string or another exact value. */
  times(factor: Money | number | string): Money {
    const f = factor instanceof Money ? factor : Money.of(factor);
    return Money.make(this.num * f.num, this.den * f.den);
  }

  dividedBy(divisor: Money | number | string): Money {
    const d = divisor instanceof Money ? divisor : Money.of(divisor);
    return Money.make(this.num * d.den, this.den * d.num);
  }

  /** `this × percent / 100`. */
  percent(percent: Money | number | string): Money {
    return this.times(percent).dividedBy(100);
  }

  compare(other: Money): -1 | 0 | 1 {
    const diff = this.num * other.den - other.num * this.den;
    return diff < 0n ? -1 : diff > 0n ? 1 : 0;
  }

  isZero(): boolean {
    return this.num === 0n;
  }

  isNegative(): boolean {
    return this.num < 0n;
  }

  /** The plugin's price equality: |a − b| ≤ 0.01. */
  closeTo(other: Money): boolean {
    const diff = this.minus(other);
    return (diff.isNegative() ? diff.times(-1) : diff).compare(Money.of('0.01')) <= 0;
  }

  /** Half away from zero at `digits` decimals, as PHP's round() does. */
  round(digits = 2): Money {
    return Money.fromMinor(this.minorUnits(digits), digits);
  }

  /** Integer minor units at `digits` decimals, rounded half away from zero. */
  toMinor(digits = 2): number {
    return Number(this.minorUnits(digits));
  }

  /** As toMinor, exact for any size. */
  minorUnits(digits = 2): bigint {
    const scaled = this.num * 10n ** BigInt(digits);
    const negative = scaled < 0n;
    const abs = negative ? -scaled : scaled;
    const q = abs / this.den;
    const rounded = (abs % this.den) * 2n >= this.den ? q + 1n : q;
    return negative ? -rounded : rounded;
  }

  /**
   * The nearest double (correctly rounded), for JSON the way PHP prints the value it computed:
   * 126.9 stays 126.9. Scales to a 66-bit quotient with a sticky bit for the remainder, lets
   * Number() round it to 53 bits, then scales back by an exact power of two.
   */
  toNumber(): number {
    const negative = this.num < 0n;
    const num = negative ? -this.num : this.num;
    if (num === 0n) return 0;
    const shift = 66 - (bitLength(num) - bitLength(this.den));
    const n = shift >= 0 ? num << BigInt(shift) : num;
    const d = shift >= 0 ? this.den : this.den << BigInt(-shift);
    let q = n / d;
    if (n % d !== 0n) q |= 1n;
    const half = Math.trunc(shift / 2);
    const result = Number(q) * 2 ** -half * 2 ** -(shift - half);
    return negative ? -result : result;
  }

  /** Exact decimal text when the value terminates, else 20 decimals (for logs and tests). */
  toString(): string {
    const negative = this.num < 0n;
    const abs = negative ? -this.num : this.num;
    let int = (abs / this.den).toString();
    let rest = abs % this.den;
    let frac = '';
    while (rest !== 0n && frac.length < 20) {
      rest *= 10n;
      frac += (rest / this.den).toString();
      rest %= this.den;
    }
    if (int === '') int = '0';
    return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
  }
}

function bitLength(n: bigint): number {
  return n.toString(2).length;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

/** A finite double as the decimal text that round-trips to it (JS shortest representation). */
function numberToDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  return String(value);
}

/** How the site prints money (options `money-format`, separators, decimal digits). */
export interface MoneyFormat {
  /** e.g. `$NUMBER` or `NUMBER €`: the literal NUMBER is replaced. */
  format: string;
  decimalSeparator: string;
  thousandSeparator: string;
  /** `price-breakdown-decimal-digit`, the default digits of MONEY(). */
  digits: number;
}

export const DEFAULT_MONEY_FORMAT: MoneyFormat = {
  format: '$NUMBER',
  decimalSeparator: '.',
  thousandSeparator: ',',
  digits: 2,
};

/**
 * The plugin's MONEY(amount, digits): `digits` -1 = the site's default digits, -2 = none when the
 * amount is whole, else the default; then PHP number_format and the site's money format.
 */
export function formatMoney(amount: Money, format: MoneyFormat = DEFAULT_MONEY_FORMAT, digits = -1): string {
  let d = digits;
  if (d === -1) d = format.digits;
  else if (d === -2) d = amount.round(0).compare(amount) === 0 ? 0 : format.digits;
  return format.format.replace('NUMBER', numberFormat(amount, d, format.decimalSeparator, format.thousandSeparator));
}

/** PHP number_format: round half away from zero, group thousands; never "-0". */
export function numberFormat(amount: Money, digits: number, decimalSeparator = '.', thousandSeparator = ','): string {
  const minor = amount.minorUnits(digits);
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const int = text.slice(0, text.length - digits);
  const frac = text.slice(text.length - digits);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, thousandSeparator);
  return `${negative ? '-' : ''}${grouped}${digits > 0 ? `${decimalSeparator}${frac}` : ''}`;
}
