/**
 * PHP `json_encode()` (default flags, PHP ≥ 7.1 with `serialize_precision=-1`), byte for byte:
 * `/` is written `\/`, every non-ASCII character is a lowercase `\uxxxx` escape (astral
 * characters as surrogate pairs), integral floats have no `.0`.
 *
 * PHP arrays: a JS array, or a plain object / `PhpOrderedMap` whose keys are 0..n-1 in order,
 * is a JSON list; any other array is a JSON object; an EMPTY array of any kind is `[]`.
 * To get `{}` (PHP `new stdClass`, `(object) []`) use `new PhpObject('stdClass', {})`: a
 * `PhpObject` always encodes as a JSON object, with only its public properties.
 */
import { phpFloatRepr } from './float';
import type { PhpValue } from './values';
import {
  isPhpArrayObject,
  isPhpIntKey,
  PhpFloat,
  PhpObject,
  PhpOrderedMap,
  phpArrayKey,
  phpArrayValue,
} from './values';

/** `json_encode()` would fail (returning false): NAN/INF, invalid UTF-8, depth > 512, unsupported value. */
export class PhpJsonError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhpJsonError';
  }
}

export interface PhpJsonEncodeOptions {
  /** `JSON_PRESERVE_ZERO_FRACTION`: write integral floats (`PhpFloat`, `1e25`) as `5.0` / `1.0e+25`. */
  readonly preserveZeroFraction?: boolean;
}

/** PHP's default `$depth` argument. */
const MAX_DEPTH = 512;
const HEX = '0123456789abcdef';

function hex4(code: number): string {
  return `\\u${HEX[(code >> 12) & 0xf]}${HEX[(code >> 8) & 0xf]}${HEX[(code >> 4) & 0xf]}${HEX[code & 0xf]}`;
}

const SURROGATE = /[\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;

/**
 * V8's JSON.stringify already escapes as PHP does (`\"`, `\\`, `\b \f \n \r \t`, other control
 * characters as lowercase `\u00xx`); PHP also escapes `/` and every non-ASCII UTF-16 unit (a pair
 * for an astral character). Done natively: list replies carry whole pages of HTML.
 */
function encodeString(s: string): string {
  // ASCII text (most replies: the plugin's markup, with entities for typographic characters) needs
  // only the slashes: one scan tells, instead of a scan for surrogates and another for the rest.
  if (!NON_ASCII.test(s)) return JSON.stringify(s).replaceAll('/', '\\/');
  if (SURROGATE.test(s) && LONE_SURROGATE.test(s)) {
    throw new PhpJsonError('Malformed UTF-8 characters (lone surrogate)');
  }
  return JSON.stringify(s)
    .replaceAll('/', '\\/')
    .replace(NON_ASCII_ALL, (c) => hex4(c.charCodeAt(0)));
}

function encodeFloat(f: number, options: PhpJsonEncodeOptions): string {
  if (!Number.isFinite(f)) throw new PhpJsonError('Inf and NaN cannot be JSON encoded');
  const text = phpFloatRepr(f, 'e');
  return options.preserveZeroFraction && !text.includes('.') ? `${text}.0` : text;
}

/** Is this key sequence 0, 1, 2, … (PHP's `zend_array_is_list`)? */
function isListKeys(keys: Iterable<string | number>): boolean {
  let index = 0;
  for (const key of keys) {
    const asInt = typeof key === 'number' ? key : isPhpIntKey(key) ? Number(key) : Number.NaN;
    if (asInt !== index) return false;
    index++;
  }
  return true;
}

class Encoder {
  private depth = 0;

  constructor(private readonly options: PhpJsonEncodeOptions) {}

  value(value: PhpValue | undefined): string {
    if (value === null || value === undefined) return 'null';
    switch (typeof value) {
      case 'boolean':
        return value ? 'true' : 'false';
      case 'number':
        return Number.isSafeInteger(value) ? String(value) : encodeFloat(value, this.options);
      case 'bigint':
        return value.toString();
      case 'string':
        return encodeString(value);
      case 'object':
        break;
      default:
        throw new PhpJsonError(`Type is not supported: ${typeof value}`);
    }
    if (value instanceof PhpFloat) return encodeFloat(value.value, this.options);
    if (++this.depth > MAX_DEPTH) throw new PhpJsonError('Maximum stack depth exceeded');
    let out: string;
    if (Array.isArray(value)) {
      out = this.list(Array.from({ length: value.length }, (_, i) => value[i]));
    } else if (value instanceof PhpOrderedMap) {
      out = isListKeys(value.keys()) ? this.list([...value.values()]) : this.object(value);
    } else if (value instanceof PhpObject) {
      const props = value.properties;
      const entries =
        props instanceof PhpOrderedMap ? [...props] : Object.keys(props).map((k) => [k, props[k]] as const);
      // Mangled names ("\0Class\0prop", "\0*\0prop") are private/protected: json_encode() skips them.
      out = this.object(entries.filter(([key]) => !String(key).startsWith('\0')));
    } else if (isPhpArrayObject(value)) {
      const keys = Object.keys(value);
      out = isListKeys(keys)
        ? this.list(keys.map((k) => value[k]))
        : this.object(keys.map((k) => [k, value[k]] as const));
    } else {
      const className = (value as object).constructor?.name ?? 'unknown class';
      throw new PhpJsonError(`Cannot encode an instance of ${className}`);
    }
    this.depth--;
    return out;
  }

  private list(values: readonly (PhpValue | undefined)[]): string {
    return `[${values.map((v) => this.value(v)).join(',')}]`;
  }

  private object(entries: Iterable<readonly [string | number, PhpValue | undefined]>): string {
    const parts: string[] = [];
    for (const [key, value] of entries) parts.push(`${encodeString(String(key))}:${this.value(value)}`);
    return `{${parts.join(',')}}`;
  }
}

/**
 * PHP `json_encode($value)` with default flags (or `JSON_PRESERVE_ZERO_FRACTION`). `undefined`
 * is treated as `null`. Throws `PhpJsonError` where PHP would return false.
 */
export function phpJsonEncode(value: PhpValue | undefined, options: PhpJsonEncodeOptions = {}): string {
  return new Encoder(options).value(value);
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const NUMBER_PATTERN = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const SHORT_UNESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

class Decoder {
  pos = 0;
  depth = 0;

  constructor(readonly text: string) {}

  fail(reason: string): PhpJsonError {
    return new PhpJsonError(`Syntax error: ${reason} at offset ${this.pos}`);
  }

  skipSpace(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.pos);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.pos++;
    }
  }

  literal(word: string): void {
    if (!this.text.startsWith(word, this.pos)) throw this.fail('unexpected character');
    this.pos += word.length;
  }

  value(): PhpValue {
    this.skipSpace();
    const c = this.text[this.pos];
    switch (c) {
      case '{':
        return this.container('}');
      case '[':
        return this.container(']');
      case '"':
        return this.string();
      case 't':
        this.literal('true');
        return true;
      case 'f':
        this.literal('false');
        return false;
      case 'n':
        this.literal('null');
        return null;
      case undefined:
        throw this.fail('unexpected end of input');
      default:
        return this.number();
    }
  }

  number(): PhpValue {
    NUMBER_PATTERN.lastIndex = this.pos;
    const match = NUMBER_PATTERN.exec(this.text);
    if (!match) throw this.fail('unexpected character');
    this.pos += match[0].length;
    if (match[1] === undefined && match[2] === undefined) {
      const n = Number(match[0]);
      if (Number.isSafeInteger(n)) return n;
      // PHP keeps integers that fit 64 bits and turns larger ones into floats.
      const big = BigInt(match[0]);
      return big >= INT64_MIN && big <= INT64_MAX ? big : n;
    }
    return Number(match[0]);
  }

  string(): string {
    this.pos++; // opening quote
    let out = '';
    let runStart = this.pos;
    for (;;) {
      const c = this.text.charCodeAt(this.pos);
      if (Number.isNaN(c)) throw this.fail('unterminated string');
      if (c === 0x22) {
        out += this.text.slice(runStart, this.pos);
        this.pos++;
        return out;
      }
      if (c < 0x20) throw this.fail('control character in string');
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = this.text.charCodeAt(this.pos + 1);
        if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) throw this.fail('malformed UTF-8');
        this.pos += 2;
        continue;
      }
      if (c !== 0x5c) {
        this.pos++;
        continue;
      }
      out += this.text.slice(runStart, this.pos);
      const escapeLetter = this.text[this.pos + 1] ?? '';
      if (escapeLetter === 'u') {
        const unit = this.hex(this.pos + 2);
        this.pos += 6;
        if (unit >= 0xd800 && unit <= 0xdbff && this.text.startsWith('\\u', this.pos)) {
          const low = this.hex(this.pos + 2);
          if (low < 0xdc00 || low > 0xdfff) throw this.fail('single unpaired UTF-16 surrogate');
          this.pos += 6;
          out += String.fromCharCode(unit, low);
        } else if (unit >= 0xd800 && unit <= 0xdfff) {
          throw this.fail('single unpaired UTF-16 surrogate');
        } else {
          out += String.fromCharCode(unit);
        }
      } else {
        const unescaped = SHORT_UNESCAPES[escapeLetter];
        if (unescaped === undefined) throw this.fail('invalid escape');
        out += unescaped;
        this.pos += 2;
      }
      runStart = this.pos;
    }
  }

  hex(at: number): number {
    const digits = this.text.slice(at, at + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) throw this.fail('invalid \\u escape');
    return Number.parseInt(digits, 16);
  }

  container(close: '}' | ']'): PhpValue {
    if (++this.depth > MAX_DEPTH) throw new PhpJsonError('Maximum stack depth exceeded');
    this.pos++;
    const list: PhpValue[] = [];
    const map = new PhpOrderedMap();
    this.skipSpace();
    if (this.text[this.pos] === close) {
      this.pos++;
    } else {
      for (;;) {
        if (close === '}') {
          this.skipSpace();
          if (this.text[this.pos] !== '"') throw this.fail('expected a string key');
          const key = this.string();
          this.skipSpace();
          if (this.text[this.pos] !== ':') throw this.fail("expected ':'");
          this.pos++;
          // Like PHP: a repeated key keeps its first position and takes the last value.
          map.set(phpArrayKey(key), this.value());
        } else {
          list.push(this.value());
        }
        this.skipSpace();
        const c = this.text[this.pos];
        this.pos++;
        if (c === close) break;
        if (c !== ',') {
          this.pos--;
          throw this.fail(`expected ',' or '${close}'`);
        }
      }
    }
    this.depth--;
    return close === ']' ? list : phpArrayValue(map);
  }
}

/**
 * PHP `json_decode($text, true)`: JSON objects become PHP arrays in the shape `unserialize()`
 * gives them (a JS array for keys "0".."n-1" in order, a plain object when JS keeps the key
 * order, else a `PhpOrderedMap`), so `phpJsonEncode(phpJsonDecode(x))` gives back what PHP's
 * `json_encode(json_decode(x, true))` would. Numbers are JS numbers (integers beyond 2^53 that
 * fit 64 bits are bigints); floats are never `PhpFloat`. Throws `PhpJsonError` where PHP fails.
 */
export function phpJsonDecode(text: string): PhpValue {
  const decoder = new Decoder(text);
  const value = decoder.value();
  decoder.skipSpace();
  if (decoder.pos !== text.length) throw decoder.fail('trailing data');
  return value;
}
