import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PhpJsonError, phpJsonDecode, phpJsonEncode } from './json';
import type { PhpValue } from './values';
import { PhpFloat, PhpObject, PhpOrderedMap } from './values';

// ---------------------------------------------------------------------------------------------
// JSON PHP wrote: the plugin's order table (legacy dump) and recorded admin-ajax replies
// ---------------------------------------------------------------------------------------------

const fixtures = new URL('../../legacy-fixtures/', import.meta.url);

/** MySQL-unescaped JSON cells (`{…}` / `[…]`) of the wp_tourmaster_order rows in the dump. */
function orderJsonCells(): [string, string][] {
  const sql = readFileSync(new URL('wp-legacy.sql', fixtures), 'utf8');
  const cells: [string, string][] = [];
  for (const line of sql.split('\n')) {
    if (!line.startsWith('INSERT INTO `wp_tourmaster_order` VALUES (')) continue;
    const id = /VALUES \((\d+),/.exec(line)?.[1];
    // Quoted SQL strings: '…' with backslash escapes.
    for (const match of line.matchAll(/'((?:[^'\\]|\\.)*)'/g)) {
      const text = (match[1] ?? '').replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === '0' ? '\0' : c));
      if (text.startsWith('{') || text.startsWith('[')) cells.push([`order ${id}: ${text.slice(0, 40)}`, text]);
    }
  }
  return cells;
}

/** Raw bodies of the recorded JSON replies (PHP json_encode output). */
function exchangeJsonBodies(): [string, string][] {
  const dir = new URL('exchanges/', fixtures);
  const bodies: [string, string][] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json')) continue;
    const exchange = JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as {
      response?: { body_kind?: string; raw_body?: string | null };
    };
    const raw = exchange.response?.raw_body;
    if (exchange.response?.body_kind === 'json' && typeof raw === 'string') bodies.push([name, raw]);
  }
  return bodies;
}

describe('phpJsonEncode ∘ JSON.parse on JSON that PHP produced', () => {
  const orderCells = orderJsonCells();
  const replies = exchangeJsonBodies();

  it('finds the vectors', () => {
    expect(orderCells.length).toBeGreaterThan(30);
    expect(replies.length).toBeGreaterThan(30);
  });

  it.each(orderCells)('%s', (_label, text) => {
    expect(phpJsonEncode(phpJsonDecode(text))).toBe(text);
  });

  it.each(replies)('admin-ajax reply %s', (_label, text) => {
    expect(phpJsonEncode(phpJsonDecode(text))).toBe(text);
  });
});

// ---------------------------------------------------------------------------------------------
// Hand-written vectors
// ---------------------------------------------------------------------------------------------

describe('phpJsonEncode', () => {
  it.each<[string, PhpValue | undefined, string]>([
    ['slashes escaped', { url: 'http://x.test/a' }, '{"url":"http:\\/\\/x.test\\/a"}'],
    ['non-ASCII as lowercase \\u', 'café', '"caf\\u00e9"'],
    ['Greek', 'Καλη', '"\\u039a\\u03b1\\u03bb\\u03b7"'],
    ['emoji as a surrogate pair', '😀', '"\\ud83d\\ude00"'],
    ['BOM / U+2028', '\ufeff\u2028', '"\\ufeff\\u2028"'],
    ['control char', '\u001f', '"\\u001f"'],
    ['NUL', '\0', '"\\u0000"'],
    ['DEL is not escaped', '\x7f', '"\x7f"'],
    ['short escapes', '\b\f\n\r\t"\\', '"\\b\\f\\n\\r\\t\\"\\\\"'],
    ['no HTML escaping by default', "<a href='x'>&amp;</a>", '"<a href=\'x\'>&amp;<\\/a>"'],
    ['empty list', [], '[]'],
    ['empty plain object is an empty array', {}, '[]'],
    ['empty PhpOrderedMap', new PhpOrderedMap(), '[]'],
    ['empty stdClass', new PhpObject('stdClass', {}), '{}'],
    ['string keys in insertion order', { b: 1, a: 2, c: 'x' }, '{"b":1,"a":2,"c":"x"}'],
    ['object with keys 0..n-1 is a list', { 0: 'a', 1: 'b' }, '["a","b"]'],
    ['keys not starting at 0', { 1: 'a' }, '{"1":"a"}'],
    ['keys with a gap', { 0: 'a', 2: 'b' }, '{"0":"a","2":"b"}'],
    [
      'PhpOrderedMap order kept',
      new PhpOrderedMap([
        ['b', 1],
        [0, 2],
      ]),
      '{"b":1,"0":2}',
    ],
    [
      'PhpOrderedMap 0..n-1 is a list',
      new PhpOrderedMap([
        [0, 'x'],
        ['1', 'y'],
      ]),
      '["x","y"]',
    ],
    [
      'PhpOrderedMap 1,0 is an object',
      new PhpOrderedMap([
        [1, 'x'],
        [0, 'y'],
      ]),
      '{"1":"x","0":"y"}',
    ],
    ['object with numeric property', new PhpObject('stdClass', { 0: 'a' }), '{"0":"a"}'],
    ['object hides private/protected', new PhpObject('Foo', { '\0Foo\0x': 1, '\0*\0y': 2, z: 3 }), '{"z":3}'],
    ['nested', { a: [1, { b: null }], c: true, d: false }, '{"a":[1,{"b":null}],"c":true,"d":false}'],
    ['__proto__ key', JSON.parse('{"__proto__":1}') as PhpValue, '{"__proto__":1}'],
    ['int', 480, '480'],
    ['negative zero is the int 0', -0, '0'],
    ['integral float (no .0 by default)', new PhpFloat(5), '5'],
    ['float', 0.1, '0.1'],
    ['float sum', 0.1 + 0.2, '0.30000000000000004'],
    ['1e25', 1e25, '1.0e+25'],
    ['small float', 0.00001, '1.0e-5'],
    ['bigint', 12345678901234567890n, '12345678901234567890'],
    ['null', null, 'null'],
    ['undefined is null', undefined, 'null'],
    ['undefined in a list', [undefined] as unknown as PhpValue, '[null]'],
    ['undefined in an object', { a: undefined } as unknown as PhpValue, '{"a":null}'],
  ])('%s', (_label, value, expected) => {
    expect(phpJsonEncode(value)).toBe(expected);
  });

  it.each<[string, PhpValue, string]>([
    ['integral PhpFloat', new PhpFloat(5), '5.0'],
    ['float in a map', { amount: new PhpFloat(480), n: 480 }, '{"amount":480.0,"n":480}'],
    ['exponent form already has a dot', 1e25, '1.0e+25'],
    ['non-integral unchanged', 0.5, '0.5'],
  ])('JSON_PRESERVE_ZERO_FRACTION: %s', (_label, value, expected) => {
    expect(phpJsonEncode(value, { preserveZeroFraction: true })).toBe(expected);
  });

  it('accepts 512 levels and rejects 513, like PHP', () => {
    const nest = (depth: number): PhpValue => {
      let value: PhpValue = [];
      for (let i = 1; i < depth; i++) value = [value];
      return value;
    };
    expect(phpJsonEncode(nest(512))).toBe(`${'['.repeat(512)}${']'.repeat(512)}`);
    expect(() => phpJsonEncode(nest(513))).toThrow(PhpJsonError);
  });

  it.each<[string, unknown]>([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity inside an array', [Number.NEGATIVE_INFINITY]],
    ['PhpFloat INF', new PhpFloat(Number.POSITIVE_INFINITY)],
    ['lone high surrogate', '\ud83d'],
    ['lone low surrogate', 'a\ude00b'],
    ['a function', () => 1],
    ['a Date', new Date(0)],
  ])('throws PhpJsonError for %s', (_label, value) => {
    expect(() => phpJsonEncode(value as PhpValue)).toThrow(PhpJsonError);
  });
});

describe('phpJsonDecode (json_decode($text, true))', () => {
  it.each<[string, string, PhpValue]>([
    ['scalars', '[1,-2,2.5,"x\\/y",true,false,null]', [1, -2, 2.5, 'x/y', true, false, null]],
    ['whitespace', ' { "a" : [ 1 , 2 ] }\n', { a: [1, 2] }],
    ['escapes', '"\\u00e9\\ud83d\\ude00\\n\\t\\"\\\\"', 'é😀\n\t"\\'],
    ['raw non-ASCII', '"Καλη 😀"', 'Καλη 😀'],
    ['object with keys "0".."n-1" is a list', '{"0":"a","1":"b"}', ['a', 'b']],
    ['empty object is an empty array', '{}', []],
    ['gap keys', '{"0":"a","2":"b"}', { 0: 'a', 2: 'b' }],
    ['string keys keep order', '{"b":1,"a":2}', { b: 1, a: 2 }],
    ['repeated key keeps first position, last value', '{"a":1,"b":2,"a":3}', { a: 3, b: 2 }],
    ['int64 beyond 2^53 is a bigint', '9223372036854775807', 9223372036854775807n],
    ['beyond int64 is a float', '9223372036854775808', 2 ** 63],
    ['exponent', '1.0e+25', 1e25],
    ['integral float literal is a plain number', '5.0', 5],
  ])('%s', (_label, text, expected) => {
    expect(phpJsonDecode(text)).toStrictEqual(expected);
  });

  it('keeps a key order JS objects cannot hold (tax_query from a real reply)', () => {
    const text = '{"relation":"AND","0":[{"terms":"islands","taxonomy":"tour_category","field":"slug"}]}';
    const value = phpJsonDecode(text);
    expect(value).toBeInstanceOf(PhpOrderedMap);
    expect([...(value as PhpOrderedMap).keys()]).toEqual(['relation', 0]);
    expect(phpJsonEncode(value)).toBe(text);
  });

  it('keeps __proto__ as an own key', () => {
    const value = phpJsonDecode('{"__proto__":{"admin":true}}') as Record<string, PhpValue>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect((value as { admin?: unknown }).admin).toBeUndefined();
  });

  it.each<[string, string]>([
    ['empty input', ''],
    ['trailing data', '{} x'],
    ['trailing comma', '[1,]'],
    ['single quotes', "{'a':1}"],
    ['unquoted key', '{a:1}'],
    ['leading zero', '01'],
    ['bare minus', '-'],
    ['raw control character', '"a\u0001b"'],
    ['bad escape', '"\\x41"'],
    ['unpaired high surrogate escape', '"\\ud83d"'],
    ['unpaired low surrogate escape', '"\\ude00"'],
    ['unterminated string', '"abc'],
    ['NaN literal', 'NaN'],
    ['too deep', `${'['.repeat(513)}${']'.repeat(513)}`],
  ])('throws PhpJsonError on %s', (_label, text) => {
    expect(() => phpJsonDecode(text)).toThrow(PhpJsonError);
  });
});
