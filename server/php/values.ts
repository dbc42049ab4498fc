/**
 * In-memory model of PHP values, shared by the `serialize()` codec (serialize.ts) and the
 * `json_encode()` emulation (json.ts).
 *
 * | PHP                                   | JS                                                   |
 * |---------------------------------------|------------------------------------------------------|
 * | null                                  | `null` (`undefined` is accepted and treated as null) |
 * | bool                                  | `boolean`                                            |
 * | int                                   | safe-integer `number`, or `bigint` beyond 2^53       |
 * | float                                 | non-integral `number`, or `PhpFloat` (any value)     |
 * | string                                | `string` (PHP bytes = its UTF-8 encoding)            |
 * | array with keys 0..n-1 in order       | `PhpValue[]`                                         |
 * | array whose order JS objects keep     | plain object (`PhpArrayObject`)                      |
 * | any other array                       | `PhpOrderedMap`                                      |
 * | object                                | `PhpObject` (empty one = `new stdClass`)             |
 */

export type PhpValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | PhpFloat
  | PhpValue[]
  | PhpArrayObject
  | PhpOrderedMap
  | PhpObject;

/**
 * A PHP array as a plain JS object. JS iterates integer-like keys (array indices) first in
 * ascending order, then the other keys in insertion order; use `PhpOrderedMap` when PHP's order
 * differs. A key `isPhpIntKey()` accepts stands for a PHP int key, any other key for a string key.
 */
export type PhpArrayObject = { [key: string]: PhpValue };

/**
 * A PHP float. Needed only for integral values: the JS number `5` means the PHP int 5
 * (`i:5;`, json `5`); `new PhpFloat(5)` means the PHP float 5.0 (`d:5;`, json `5`, `(string)` `5`).
 * A non-integral JS number is always a float, so `new PhpFloat(0.5)` and `0.5` are the same value.
 */
export class PhpFloat {
  constructor(readonly value: number) {}
}

/**
 * A PHP array with an explicit key order, for orders a JS object cannot hold (e.g. `['b' => 1, 0 => 2]`).
 * Number keys are PHP int keys; string keys follow PHP's rule, so `'5'` is the int key 5
 * (as `$a['5']` is `$a[5]` in PHP). Int keys beyond 2^53 are kept as decimal strings.
 */
export class PhpOrderedMap extends Map<string | number, PhpValue> {}

/**
 * A PHP object. `properties` uses PHP's serialized property names (private ones are
 * `"\0Class\0name"`, protected ones `"\0*\0name"`). `new PhpObject('stdClass', {})` is `new stdClass`,
 * which `json_encode()` writes as `{}` (an empty array is `[]`).
 */
export class PhpObject {
  constructor(
    readonly className: string,
    readonly properties: PhpOrderedMap | PhpArrayObject,
  ) {}
}

const INT_KEY_PATTERN = /^(0|-?[1-9][0-9]*)$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * PHP's `ZEND_HANDLE_NUMERIC_STR` rule: does this string array key become an int key?
 * `'0'`, `'12'`, `'-3'` yes; `'012'`, `'-0'`, `'1.5'`, `' 1'`, `'9223372036854775808'` no.
 */
export function isPhpIntKey(key: string): boolean {
  if (!INT_KEY_PATTERN.test(key)) return false;
  if (key.length < 18) return true;
  const n = BigInt(key);
  return n >= INT64_MIN && n <= INT64_MAX;
}

/** True for `{}`-style objects (prototype `Object.prototype` or `null`), i.e. `PhpArrayObject`. */
export function isPhpArrayObject(value: unknown): value is PhpArrayObject {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The key PHP uses for the string `key` in an array: an int (a number, or a decimal string beyond 2^53) or the string. */
export function phpArrayKey(key: string): string | number {
  if (!isPhpIntKey(key)) return key;
  const n = Number(key);
  return Number.isSafeInteger(n) ? n : key;
}

function setOwn(target: PhpArrayObject, key: string, value: PhpValue): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * The PHP array `map` as a plain object, or undefined when JS would iterate the object's keys in
 * another order (integer-like keys first). A `__proto__` key becomes an own property.
 */
export function phpPlainObject(map: PhpOrderedMap): PhpArrayObject | undefined {
  const object: PhpArrayObject = {};
  const expected: string[] = [];
  for (const [key, value] of map) {
    const name = String(key);
    expected.push(name);
    setOwn(object, name, value);
  }
  const actual = Object.keys(object);
  for (let i = 0; i < expected.length; i++) {
    if (actual[i] !== expected[i]) return undefined;
  }
  return object;
}

/**
 * The most natural JS form of a PHP array (keys already normalised, see `phpArrayKey`): a JS array
 * when the keys are exactly 0..n-1 in order, else a plain object when JS keeps the key order,
 * else `map` itself.
 */
export function phpArrayValue(map: PhpOrderedMap): PhpValue[] | PhpArrayObject | PhpOrderedMap {
  let index = 0;
  for (const key of map.keys()) {
    if (key !== index) return phpPlainObject(map) ?? map;
    index++;
  }
  return [...map.values()];
}
