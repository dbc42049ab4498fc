/**
 * PHP's value semantics for the scalars a config file computes: truthiness, string and number
 * conversion, loose comparison and the operators. Where PHP's answer cannot be reproduced
 * exactly (a float whose PHP spelling differs from JavaScript's, division, bitwise operators),
 * the answer is `UNKNOWN`, never a guess.
 */

import type { WpConstantValue } from './types';

export const UNKNOWN: unique symbol = Symbol('unknown');
/** A PHP value, or UNKNOWN when it cannot be worked out without running PHP. */
export type Value = WpConstantValue | typeof UNKNOWN;

/** A string PHP reads as a number ("1", " 2.5", "1e3"), as in `==` and unary minus. */
const NUMERIC_STRING = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;
/** The number at the start of a string, as `(int)` and `(float)` read it. */
const LEADING_NUMBER = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;

export function truthy(v: WpConstantValue): boolean {
  return !(v === null || v === false || v === '' || v === '0' || v === 0);
}

/** PHP's string conversion; UNKNOWN for floats whose PHP spelling differs from JavaScript's. */
export function phpString(v: WpConstantValue): string | typeof UNKNOWN {
  if (typeof v === 'string') return v;
  if (v === true) return '1';
  if (v === false || v === null) return '';
  if (Number.isSafeInteger(v)) return String(v);
  if (Number.isFinite(v) && Math.abs(v) >= 1e-4 && Math.abs(v) < 1e15) return String(v);
  return UNKNOWN;
}

/** PHP's `.` operator. */
export function concat(a: WpConstantValue, b: WpConstantValue): Value {
  const sa = phpString(a);
  const sb = phpString(b);
  return sa === UNKNOWN || sb === UNKNOWN ? UNKNOWN : sa + sb;
}

/** `!`, `@`, unary `-` and `+`; UNKNOWN for the others (`~`, `&`). */
export function unaryOperation(op: string, v: WpConstantValue): Value {
  if (op === '!') return !truthy(v);
  if (op === '@') return v;
  if ((op === '-' || op === '+') && (typeof v === 'number' || NUMERIC_STRING.test(String(v)))) {
    const n = Number(v);
    return op === '-' ? 0 - n : n;
  }
  return UNKNOWN;
}

/** A cast to `int`, `float`, `string` or `bool`; UNKNOWN for the others (array, object, unset). */
export function castTo(type: string, v: WpConstantValue): Value {
  if (type === 'int') return toNumber(v, true);
  if (type === 'float') return toNumber(v, false);
  if (type === 'string') return phpString(v);
  if (type === 'bool') return truthy(v);
  return UNKNOWN;
}

/** A binary operator other than the short-circuiting ones (`&&`, `||`, `??`) on known operands. */
export function binaryOperation(op: string, a: WpConstantValue, b: WpConstantValue): Value {
  switch (op) {
    case '.':
      return concat(a, b);
    case '===':
      return a === b;
    case '!==':
      return a !== b;
    case '==':
      return looseEquals(a, b);
    case '!=':
    case '<>': {
      const eq = looseEquals(a, b);
      return eq === UNKNOWN ? UNKNOWN : !eq;
    }
    case 'xor':
      return truthy(a) !== truthy(b);
    default:
      return arithmetic(op, a, b);
  }
}

function toNumber(v: WpConstantValue, integer: boolean): number | typeof UNKNOWN {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string') n = Number(LEADING_NUMBER.exec(v)?.[0] ?? 0);
  else n = v === true ? 1 : 0;
  if (!integer) return n;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** PHP 8's `==`. */
function looseEquals(a: WpConstantValue, b: WpConstantValue): boolean | typeof UNKNOWN {
  if (a === null && typeof b === 'string') return b === '';
  if (b === null && typeof a === 'string') return a === '';
  if (typeof a === 'boolean' || typeof b === 'boolean' || a === null || b === null) return truthy(a) === truthy(b);
  if (typeof a === 'string' && typeof b === 'string') {
    return NUMERIC_STRING.test(a) && NUMERIC_STRING.test(b) ? Number(a) === Number(b) : a === b;
  }
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  const num = (typeof a === 'number' ? a : b) as number;
  const str = (typeof a === 'string' ? a : b) as string;
  if (NUMERIC_STRING.test(str)) return num === Number(str);
  const spelled = phpString(num);
  return spelled === UNKNOWN ? UNKNOWN : spelled === str;
}

/** `+`, `-` and `*` on numbers; anything else is UNKNOWN. */
function arithmetic(op: string, a: WpConstantValue, b: WpConstantValue): Value {
  if (typeof a !== 'number' || typeof b !== 'number') return UNKNOWN;
  if (op === '+') return a + b;
  if (op === '-') return a - b;
  if (op === '*') return a * b;
  return UNKNOWN;
}
