/**
 * PHP `serialize()` / `unserialize()` and WordPress' `is_serialized()`, `maybe_serialize()`,
 * `maybe_unserialize()`, byte-compatible with PHP ≥ 7.1 (`serialize_precision=-1`).
 *
 * Works on the UTF-8 bytes of JS strings: `s:N:` lengths are UTF-8 byte counts.
 * See values.ts for how PHP values map to JS values.
 */
import { phpFloatRepr, phpFloatToString } from './float';
import type { PhpValue } from './values';
import {
  isPhpArrayObject,
  isPhpIntKey,
  PhpFloat,
  PhpObject,
  PhpOrderedMap,
  phpArrayKey,
  phpArrayValue,
  phpPlainObject,
} from './values';

/** Thrown by `unserialize()` / `maybeUnserialize()` on input PHP's `unserialize()` would reject. */
export class CorruptSerializedValue extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    super(`Corrupt serialized PHP value: ${reason} at byte offset ${offset}`);
    this.name = 'CorruptSerializedValue';
  }
}

// ---------------------------------------------------------------------------------------------
// unserialize
// ---------------------------------------------------------------------------------------------

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

/** PHP's default `unserialize_max_depth`. */
const MAX_DEPTH = 4096;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const FLOAT_PATTERN = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

const CH = {
  N: 0x4e,
  O: 0x4f,
  a: 0x61,
  b: 0x62,
  d: 0x64,
  i: 0x69,
  s: 0x73,
  quote: 0x22,
  colon: 0x3a,
  semicolon: 0x3b,
  openBrace: 0x7b,
  closeBrace: 0x7d,
  zero: 0x30,
} as const;

const VALUE_TYPES = new Set<number>([CH.N, CH.b, CH.i, CH.d, CH.s, CH.a, CH.O]);

/** Array/object keys while parsing: an int key is a number (or a decimal string beyond 2^53). */
type Key = string | number;

class Parser {
  pos = 0;

  constructor(readonly bytes: Uint8Array) {}

  fail(reason: string, offset = this.pos): CorruptSerializedValue {
    return new CorruptSerializedValue(reason, offset);
  }

  expect(byte: number): void {
    if (this.bytes[this.pos] !== byte) {
      throw this.fail(`expected '${String.fromCharCode(byte)}'`);
    }
    this.pos++;
  }

  /** ASCII text from the current position up to (not including) `terminator`, which is consumed. */
  readUntil(terminator: number, what: string): string {
    const start = this.pos;
    const end = this.bytes.indexOf(terminator, start);
    if (end === -1) throw this.fail(`unterminated ${what}`, start);
    this.pos = end + 1;
    let text = '';
    for (let i = start; i < end; i++) text += String.fromCharCode(this.bytes[i] ?? 0);
    return text;
  }

  /** PHP's `uiv`: `[0-9]+` followed by `terminator`. */
  readLength(terminator: number): number {
    const start = this.pos;
    const text = this.readUntil(terminator, 'length');
    if (!/^[0-9]+$/.test(text)) throw this.fail('invalid length', start);
    const n = Number(text);
    if (!Number.isSafeInteger(n)) throw this.fail('length out of range', start);
    return n;
  }

  /** PHP's `iv`: `[+-]?[0-9]+` followed by ';', within the int64 range. */
  readInt(): bigint {
    const start = this.pos;
    const text = this.readUntil(CH.semicolon, 'integer');
    if (!/^[+-]?[0-9]+$/.test(text)) throw this.fail('invalid integer', start);
    const n = BigInt(text);
    if (n < INT64_MIN || n > INT64_MAX) throw this.fail('integer out of range', start);
    return n;
  }

  /** The body of `s:N:"…"` after `s:`; does not consume the trailing ';'. */
  readStringBody(): string {
    const length = this.readLength(CH.colon);
    this.expect(CH.quote);
    const start = this.pos;
    const end = start + length;
    if (end >= this.bytes.length || this.bytes[end] !== CH.quote) {
      throw this.fail(`string length ${length} does not match`, start);
    }
    this.pos = end + 1;
    try {
      return utf8Decoder.decode(this.bytes.subarray(start, end));
    } catch {
      throw this.fail('string is not valid UTF-8', start);
    }
  }

  /** The type letter at the current position (not consumed). */
  readType(): number {
    const type = this.bytes[this.pos];
    if (type === undefined) throw this.fail('unexpected end of data');
    return type;
  }

  value(depth: number): PhpValue {
    const start = this.pos;
    const type = this.readType();
    if (!VALUE_TYPES.has(type)) throw this.fail(`unsupported type '${String.fromCharCode(type)}'`, start);
    this.pos++;
    if (type === CH.N) {
      this.expect(CH.semicolon);
      return null;
    }
    this.expect(CH.colon);
    switch (type) {
      case CH.b: {
        const b = this.bytes[this.pos];
        if (b !== CH.zero && b !== CH.zero + 1) throw this.fail('invalid boolean');
        this.pos++;
        this.expect(CH.semicolon);
        return b === CH.zero + 1;
      }
      case CH.i: {
        const n = this.readInt();
        const asNumber = Number(n);
        return Number.isSafeInteger(asNumber) ? asNumber : n;
      }
      case CH.d: {
        const textStart = this.pos;
        const text = this.readUntil(CH.semicolon, 'float');
        let f: number;
        if (text === 'INF') f = Number.POSITIVE_INFINITY;
        else if (text === '-INF') f = Number.NEGATIVE_INFINITY;
        else if (text === 'NAN') f = Number.NaN;
        else if (FLOAT_PATTERN.test(text)) f = Number(text);
        else throw this.fail('invalid float', textStart);
        return Number.isInteger(f) ? new PhpFloat(f) : f;
      }
      case CH.s: {
        const s = this.readStringBody();
        this.expect(CH.semicolon);
        return s;
      }
      case CH.a: {
        if (depth >= MAX_DEPTH) throw this.fail('maximum depth exceeded', start);
        return phpArrayValue(this.entries(depth, false));
      }
      case CH.O: {
        if (depth >= MAX_DEPTH) throw this.fail('maximum depth exceeded', start);
        const className = this.readStringBody();
        if (className === '') throw this.fail('empty class name', start);
        this.expect(CH.colon);
        const properties = this.entries(depth, true);
        return new PhpObject(className, phpPlainObject(properties) ?? properties);
      }
      default:
        throw this.fail(`unsupported type '${String.fromCharCode(type)}'`, start);
    }
  }

  /** `N:{key;value…}` after the type prefix; duplicate keys overwrite in place, like PHP. */
  entries(depth: number, isObject: boolean): PhpOrderedMap {
    const count = this.readLength(CH.colon);
    this.expect(CH.openBrace);
    const map = new PhpOrderedMap();
    for (let i = 0; i < count; i++) {
      const key = this.key(isObject);
      map.set(key, this.value(depth + 1));
    }
    this.expect(CH.closeBrace);
    return map;
  }

  key(isObject: boolean): Key {
    const start = this.pos;
    const type = this.readType();
    if (type !== CH.i && type !== CH.s) throw this.fail('array key must be an int or a string', start);
    this.pos++;
    this.expect(CH.colon);
    if (type === CH.i) {
      const n = this.readInt();
      // PHP ≥ 7.2 turns int property names into strings.
      if (isObject) return n.toString();
      const asNumber = Number(n);
      return Number.isSafeInteger(asNumber) ? asNumber : n.toString();
    }
    const s = this.readStringBody();
    this.expect(CH.semicolon);
    // `a:1:{s:1:"5";…}` gives the int key 5 in PHP too.
    return isObject ? s : phpArrayKey(s);
  }
}

/**
 * PHP `unserialize()` of a value WordPress stored (options, post/user meta). Supports
 * `N b i d s a O`; references (`r:`/`R:`), `C:` custom serialisation and enums (`E:`) are
 * rejected, as is anything malformed or followed by trailing bytes.
 */
export function unserialize(text: string): PhpValue {
  const parser = new Parser(utf8Encoder.encode(text));
  const value = parser.value(0);
  if (parser.pos !== parser.bytes.length) throw parser.fail('trailing data after the value');
  return value;
}

// ---------------------------------------------------------------------------------------------
// serialize
// ---------------------------------------------------------------------------------------------

/** UTF-8 byte length; rejects lone surrogates (they have no UTF-8 form, PHP strings are bytes). */
function utf8Length(s: string): number {
  let bytes = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      bytes += 1;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) throw new TypeError('Cannot serialize a string with a lone surrogate');
      bytes += 2; // 2 UTF-16 units → 4 bytes
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      throw new TypeError('Cannot serialize a string with a lone surrogate');
    } else {
      bytes += 2;
    }
  }
  return bytes;
}

function serializeString(s: string): string {
  return `s:${utf8Length(s)}:"${s}";`;
}

function serializeArrayKey(key: string | number): string {
  if (typeof key === 'number') {
    if (!Number.isSafeInteger(key)) throw new TypeError(`Invalid PHP array key ${key}`);
    return `i:${key};`;
  }
  return isPhpIntKey(key) ? `i:${key};` : serializeString(key);
}

function normalizedKey(key: string | number): string {
  return typeof key === 'number' ? String(key) : key;
}

class Serializer {
  readonly out: string[] = [];
  private readonly path = new Set<object>();

  enter(container: object): void {
    if (this.path.has(container)) throw new TypeError('Cannot serialize a circular structure');
    this.path.add(container);
  }

  leave(container: object): void {
    this.path.delete(container);
  }

  entries(entries: Iterable<readonly [string | number, PhpValue | undefined]>, size: number, isObject: boolean): void {
    this.out.push(`${size}:{`);
    const seen = new Set<string>();
    for (const [key, value] of entries) {
      const name = normalizedKey(key);
      if (seen.has(name)) throw new TypeError(`Duplicate PHP array key ${name}`);
      seen.add(name);
      // PHP ≥ 7.2 property names are always strings.
      this.out.push(isObject ? serializeString(name) : serializeArrayKey(key));
      this.value(value);
    }
    this.out.push('}');
  }

  value(value: PhpValue | undefined): void {
    if (value === null || value === undefined) {
      this.out.push('N;');
      return;
    }
    switch (typeof value) {
      case 'boolean':
        this.out.push(value ? 'b:1;' : 'b:0;');
        return;
      case 'number':
        this.out.push(Number.isSafeInteger(value) ? `i:${value};` : `d:${phpFloatRepr(value, 'E')};`);
        return;
      case 'bigint':
        if (value < INT64_MIN || value > INT64_MAX) throw new TypeError(`${value} does not fit a PHP int`);
        this.out.push(`i:${value};`);
        return;
      case 'string':
        this.out.push(serializeString(value));
        return;
      case 'object':
        break;
      default:
        throw new TypeError(`Cannot serialize a ${typeof value} as a PHP value`);
    }
    if (value instanceof PhpFloat) {
      this.out.push(`d:${phpFloatRepr(value.value, 'E')};`);
      return;
    }
    this.enter(value);
    if (Array.isArray(value)) {
      this.out.push('a:');
      const list = value;
      this.entries(
        Array.from({ length: list.length }, (_, i) => [i, list[i]] as const),
        list.length,
        false,
      );
    } else if (value instanceof PhpOrderedMap) {
      this.out.push('a:');
      this.entries(value, value.size, false);
    } else if (value instanceof PhpObject) {
      this.out.push(`O:${utf8Length(value.className)}:"${value.className}":`);
      const props = value.properties;
      if (props instanceof PhpOrderedMap) {
        this.entries(props, props.size, true);
      } else {
        const keys = Object.keys(props);
        this.entries(
          keys.map((k) => [k, props[k]] as const),
          keys.length,
          true,
        );
      }
    } else if (isPhpArrayObject(value)) {
      this.out.push('a:');
      const keys = Object.keys(value);
      this.entries(
        keys.map((k) => [k, value[k]] as const),
        keys.length,
        false,
      );
    } else {
      const className = (value as object).constructor?.name ?? 'unknown class';
      throw new TypeError(`Cannot serialize an instance of ${className} as a PHP value`);
    }
    this.leave(value);
  }
}

/** PHP `serialize()`: the exact inverse of `unserialize()` for the values it returns. */
export function serialize(value: PhpValue): string {
  const serializer = new Serializer();
  serializer.value(value);
  return serializer.out.join('');
}

// ---------------------------------------------------------------------------------------------
// WordPress helpers
// ---------------------------------------------------------------------------------------------

/** PHP `trim()` with its default character list " \t\n\r\0\x0B". */
export function phpTrim(s: string): string {
  const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x00 || c === 0x0b;
  let start = 0;
  let end = s.length;
  while (start < end && isSpace(s.charCodeAt(start))) start++;
  while (end > start && isSpace(s.charCodeAt(end - 1))) end--;
  return s.slice(start, end);
}

/** WordPress 6.3 `is_serialized()`. */
export function isSerialized(data: unknown, strict = true): boolean {
  if (typeof data !== 'string') return false;
  // PHP indexes bytes, we index UTF-16 units; the results cannot differ: every test below looks
  // at ASCII characters that a `true` answer needs to find at the same place in both.
  const text = phpTrim(data);
  if (text === 'N;') return true;
  if (text.length < 4) return false;
  if (text[1] !== ':') return false;
  if (strict) {
    const last = text[text.length - 1];
    if (last !== ';' && last !== '}') return false;
  } else {
    const semicolon = text.indexOf(';');
    const brace = text.indexOf('}');
    if (semicolon === -1 && brace === -1) return false;
    if (semicolon !== -1 && semicolon < 3) return false;
    if (brace !== -1 && brace < 4) return false;
  }
  const token = text[0];
  switch (token) {
    case 's':
      if (strict) {
        if (text[text.length - 2] !== '"') return false;
      } else if (!text.includes('"')) {
        return false;
      }
      return /^s:[0-9]+:/s.test(text);
    case 'a':
    case 'O':
    case 'E':
      return new RegExp(`^${token}:[0-9]+:`, 's').test(text);
    case 'b':
    case 'i':
    case 'd':
      return new RegExp(`^${token}:[0-9.E+-]+;${strict ? '$' : ''}`).test(text);
    default:
      return false;
  }
}

/**
 * WordPress `maybe_unserialize()` for a value read from the database. Where WordPress would
 * silently return `false` for a serialized-looking value that does not parse, this throws
 * `CorruptSerializedValue`.
 */
export function maybeUnserialize(value: string): PhpValue {
  return isSerialized(value) ? unserialize(phpTrim(value)) : value;
}

/**
 * The database text WordPress writes for a value: `maybe_serialize()` plus `$wpdb`'s string
 * conversion of scalars. Arrays and objects are serialized; a string that already looks
 * serialized is serialized again (on purpose, as WordPress does); `true` → `'1'`,
 * `false`/`null` → `''`; floats use PHP's `precision=14` string form.
 */
export function maybeSerialize(value: PhpValue | undefined): string {
  if (value === null || value === undefined) return '';
  switch (typeof value) {
    case 'string':
      return isSerialized(value, false) ? serialize(value) : value;
    case 'boolean':
      return value ? '1' : '';
    case 'number':
      return Number.isSafeInteger(value) ? String(value) : phpFloatToString(value);
    case 'bigint':
      return value.toString();
    default:
      break;
  }
  if (value instanceof PhpFloat) return phpFloatToString(value.value);
  return serialize(value);
}
