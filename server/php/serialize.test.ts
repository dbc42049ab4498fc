import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CorruptSerializedValue,
  isSerialized,
  maybeSerialize,
  maybeUnserialize,
  serialize,
  unserialize,
} from './serialize';
import type { PhpValue } from './values';
import { PhpFloat, PhpObject, PhpOrderedMap } from './values';

// ---------------------------------------------------------------------------------------------
// Values PHP wrote, read from the legacy site's MySQL dump
// ---------------------------------------------------------------------------------------------

const MYSQL_ESCAPES: Record<string, string> = { '0': '\0', b: '\b', n: '\n', r: '\r', t: '\t', Z: '\x1a' };

/** The cells of every `INSERT INTO `table` VALUES (…),(…);` row; strings MySQL-unescaped, NULL as null. */
function dumpRows(table: string): (string | null)[][] {
  const sql = readFileSync(new URL('../../legacy-fixtures/wp-legacy.sql', import.meta.url), 'utf8');
  const prefix = `INSERT INTO \`${table}\` VALUES `;
  const rows: (string | null)[][] = [];
  for (const line of sql.split('\n')) {
    if (!line.startsWith(prefix)) continue;
    let i = prefix.length;
    while (line[i] === '(') {
      i++;
      const row: (string | null)[] = [];
      for (;;) {
        if (line[i] === "'") {
          let cell = '';
          for (i++; line[i] !== "'"; i++) {
            const c = line[i] ?? '';
            if (c === '\\') {
              const next = line[++i] ?? '';
              cell += MYSQL_ESCAPES[next] ?? (next === '%' || next === '_' ? `\\${next}` : next);
            } else {
              cell += c;
            }
          }
          i++;
          row.push(cell);
        } else {
          const end = line.slice(i).search(/[,)]/);
          const token = line.slice(i, i + end);
          row.push(token === 'NULL' ? null : token);
          i += end;
        }
        if (line[i] === ',') {
          i++;
          continue;
        }
        i++; // ')'
        break;
      }
      rows.push(row);
      if (line[i] === ',') i++;
    }
  }
  return rows;
}

const options = new Map(dumpRows('wp_options').map((r) => [r[1], r[2]]));
const postMeta = dumpRows('wp_postmeta');
const userMeta = dumpRows('wp_usermeta');

function meta(rows: (string | null)[][], ownerId: string, key: string): string {
  const value = rows.find((r) => r[1] === ownerId && r[2] === key)?.[3];
  if (typeof value !== 'string') throw new Error(`no meta ${key} for ${ownerId} in the dump`);
  return value;
}

function option(name: string): string {
  const value = options.get(name);
  if (typeof value !== 'string') throw new Error(`no option ${name} in the dump`);
  return value;
}

function roundTrip(text: string): PhpValue {
  const value = unserialize(text);
  expect(serialize(value)).toBe(text);
  return value;
}

describe('unserialize ∘ serialize on values from the legacy database', () => {
  const serializedCells: [string, string][] = [
    ...dumpRows('wp_options').map((r) => [`option ${r[1]}`, r[2]] as const),
    ...postMeta.map((r) => [`post ${r[1]} meta ${r[2]}`, r[3]] as const),
    ...userMeta.map((r) => [`user ${r[1]} meta ${r[2]}`, r[3]] as const),
  ].flatMap(([label, text]) => (typeof text === 'string' && isSerialized(text) ? [[label, text]] : []));

  it('finds the serialized values in the dump', () => {
    expect(serializedCells.length).toBeGreaterThan(40);
  });

  it.each(serializedCells)('%s round-trips byte for byte', (_label, text) => {
    roundTrip(text);
  });

  it('tour 4 option (tourmaster-tour-option)', () => {
    const tour = roundTrip(meta(postMeta, '4', 'tourmaster-tour-option')) as Record<string, PhpValue>;
    expect(tour['tour-price-text']).toBe('120');
    expect(tour['departure-location']).toBe('Ammoudi Bay, Oia');
    expect(Object.keys(tour).slice(0, 3)).toEqual([
      'form-settings',
      'display-single-tour-info',
      'require-each-traveller-info',
    ]);
    expect(Array.isArray(tour['date-price'])).toBe(true);
  });

  it('wp_user_roles (big nested map of booleans)', () => {
    const roles = roundTrip(option('wp_user_roles')) as Record<string, { name: string; capabilities: object }>;
    expect(Object.keys(roles)[0]).toBe('administrator');
    expect(roles.administrator?.name).toBe('Administrator');
    expect(roles.administrator?.capabilities).toMatchObject({ switch_themes: true, edit_themes: true });
    expect(roles.subscriber?.capabilities).toEqual({ read: true, level_0: true });
  });

  it('the wish list (user meta tourmaster-wish-list)', () => {
    const text = meta(userMeta, '2', 'tourmaster-wish-list');
    expect(text).toBe('a:2:{i:0;s:1:"4";i:1;s:1:"7";}');
    expect(roundTrip(text)).toEqual(['4', '7']);
  });

  it('tourmaster_general (multibyte ©, ’ counted in bytes)', () => {
    const general = roundTrip(option('tourmaster_general')) as Record<string, PhpValue>;
    const withMultibyte = Object.values(general).filter((v) => typeof v === 'string' && /[©’]/.test(v));
    expect(withMultibyte.length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Hand-written vectors
// ---------------------------------------------------------------------------------------------

const SESSION_TOKENS =
  'a:1:{s:64:"5f0c3e2a9b8d7c6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e";' +
  'a:4:{s:10:"expiration";i:1795000000;s:2:"ip";s:9:"127.0.0.1";s:2:"ua";s:11:"Mozilla/5.0";s:5:"login";i:1793790400;}}';

describe('unserialize → JS shape, and back', () => {
  it.each<[string, string, PhpValue]>([
    ['null', 'N;', null],
    ['true', 'b:1;', true],
    ['false', 'b:0;', false],
    ['int', 'i:42;', 42],
    ['negative int', 'i:-7;', -7],
    ['int64 max is a bigint', 'i:9223372036854775807;', 9223372036854775807n],
    ['int64 min is a bigint', 'i:-9223372036854775808;', -9223372036854775808n],
    ['float', 'd:0.1;', 0.1],
    ['float with exponent', 'd:1.5E-7;', 1.5e-7],
    ['integral float', 'd:5;', new PhpFloat(5)],
    ['negative zero float', 'd:-0;', new PhpFloat(-0)],
    ['huge float', 'd:1.0E+25;', new PhpFloat(1e25)],
    ['INF', 'd:INF;', Number.POSITIVE_INFINITY],
    ['-INF', 'd:-INF;', Number.NEGATIVE_INFINITY],
    ['NAN', 'd:NAN;', Number.NaN],
    ['empty string', 's:0:"";', ''],
    ['string with quotes, ; and newline', 's:5:"x";}\n";', 'x";}\n'],
    ['Greek and emoji: 16 + 1 + 4 bytes', 's:21:"Καλημέρα 😀";', 'Καλημέρα 😀'],
    ['empty array is an empty list', 'a:0:{}', []],
    ['wish list', 'a:2:{i:0;s:1:"4";i:1;s:1:"7";}', ['4', '7']],
    ['list with gaps stays a plain object', 'a:2:{i:0;s:2:"10";i:2;s:2:"30";}', { 0: '10', 2: '30' }],
    ['negative int key', 'a:1:{i:-1;s:1:"a";}', { '-1': 'a' }],
    ['int64 key', 'a:1:{i:9223372036854775807;s:1:"x";}', { '9223372036854775807': 'x' }],
    ['string keys in PHP order', 'a:2:{s:1:"b";i:1;s:1:"a";i:2;}', { b: 1, a: 2 }],
    ['ascending int keys then strings', 'a:3:{i:3;i:1;i:9;i:2;s:1:"z";N;}', { 3: 1, 9: 2, z: null }],
    [
      'session_tokens-like nested map',
      SESSION_TOKENS,
      {
        '5f0c3e2a9b8d7c6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e': {
          expiration: 1795000000,
          ip: '127.0.0.1',
          ua: 'Mozilla/5.0',
          login: 1793790400,
        },
      },
    ],
    ['stdClass object', 'O:8:"stdClass":2:{s:1:"a";i:1;s:1:"b";a:0:{}}', new PhpObject('stdClass', { a: 1, b: [] })],
    ['object with a private property', 'O:3:"Foo":1:{s:6:"\0Foo\0x";i:1;}', new PhpObject('Foo', { '\0Foo\0x': 1 })],
  ])('%s', (_label, text, expected) => {
    const value = roundTrip(text);
    expect(value).toStrictEqual(expected);
  });

  it.each<[string, string, [string | number, PhpValue][]]>([
    [
      'string key before int key',
      'a:2:{s:1:"b";i:1;i:0;i:2;}',
      [
        ['b', 1],
        [0, 2],
      ],
    ],
    [
      'descending int keys',
      'a:2:{i:1;s:1:"x";i:0;s:1:"y";}',
      [
        [1, 'x'],
        [0, 'y'],
      ],
    ],
    [
      'non-index int key before index key',
      'a:2:{i:-1;s:1:"a";i:5;s:1:"b";}',
      [
        [-1, 'a'],
        [5, 'b'],
      ],
    ],
  ])('%s → PhpOrderedMap', (_label, text, entries) => {
    const value = roundTrip(text);
    expect(value).toBeInstanceOf(PhpOrderedMap);
    expect([...(value as PhpOrderedMap)]).toEqual(entries);
  });

  it('keeps __proto__ as an own key, not the prototype', () => {
    const value = roundTrip('a:2:{s:9:"__proto__";a:1:{s:5:"admin";b:1;}s:1:"x";i:1;}') as Record<string, PhpValue>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'x']);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ admin: true });
    expect((value as { admin?: unknown }).admin).toBeUndefined();
  });

  it('turns a numeric string key into an int key, as PHP does', () => {
    const value = unserialize('a:2:{s:1:"1";s:1:"a";s:2:"01";s:1:"b";}');
    expect(value).toEqual({ 1: 'a', '01': 'b' });
    expect(serialize(value)).toBe('a:2:{i:1;s:1:"a";s:2:"01";s:1:"b";}');
  });

  it('accepts the number spellings PHP accepts', () => {
    expect(unserialize('i:+5;')).toBe(5);
    expect(unserialize('i:007;')).toBe(7);
    expect(unserialize('i:-0;')).toBe(0);
    expect(unserialize('d:.5;')).toBe(0.5);
    expect(unserialize('d:1.;')).toEqual(new PhpFloat(1));
    expect(unserialize('d:2e3;')).toEqual(new PhpFloat(2000));
  });

  it('lets a duplicate key overwrite in place, as PHP does', () => {
    expect(unserialize('a:3:{s:1:"a";i:1;s:1:"b";i:2;s:1:"a";i:3;}')).toEqual({ a: 3, b: 2 });
  });

  it.each<[string, string, RegExp]>([
    ['string shorter than its length', 's:5:"abc";', /offset 5/],
    ['string longer than its length', 's:2:"abc";', /offset 5/],
    ['length splitting a UTF-8 character', 's:1:"é";', /./],
    ['array entry without a value', 'a:1:{i:0;}', /unsupported type '}' at byte offset 9/],
    ['too few array entries', 'a:2:{i:0;i:1;}', /./],
    ['truncated array', 'a:1:{i:0;i:1;', /unexpected end|expected '}'/],
    ['trailing bytes', 'i:1;x', /trailing data.*offset 4/],
    ['trailing whitespace', 'a:0:{} ', /trailing data/],
    ['missing ;', 's:3:"abc"', /./],
    ['reference r:', 'a:2:{i:0;a:0:{}i:1;r:2;}', /unsupported type 'r'/],
    ['reference R:', 'R:1;', /unsupported type 'R'/],
    ['custom serialisation C:', 'C:3:"Foo":0:{}', /unsupported type 'C'/],
    ['enum E:', 'E:7:"Foo:Bar";', /unsupported type 'E'/],
    ['empty input', '', /unexpected end.*offset 0/],
    ['bad boolean', 'b:2;', /invalid boolean/],
    ['bad integer', 'i:1.5;', /invalid integer/],
    ['integer overflow', 'i:9223372036854775808;', /out of range/],
    ['bad float', 'd:abc;', /invalid float/],
    ['float key', 'a:1:{d:0.5;i:1;}', /key must be an int or a string/],
    ['array key', 'a:1:{a:0:{}i:1;}', /key must be an int or a string/],
    ['negative length', 's:-1:"";', /invalid length/],
    ['lowercase n', 'n;', /unsupported type/],
  ])('rejects %s', (_label, text, message) => {
    expect(() => unserialize(text)).toThrow(CorruptSerializedValue);
    expect(() => unserialize(text)).toThrow(message);
  });
});

describe('serialize of JS-built values', () => {
  const cycle: PhpValue[] = [];
  cycle.push(cycle);

  it.each<[string, PhpValue, string]>([
    ['int', 5, 'i:5;'],
    ['negative zero is the int 0', -0, 'i:0;'],
    ['float', 0.5, 'd:0.5;'],
    ['integral float', new PhpFloat(5), 'd:5;'],
    ['non-integral PhpFloat', new PhpFloat(0.25), 'd:0.25;'],
    ['number beyond 2^53 is a float', 1e20, 'd:1.0E+20;'],
    ['INF', Number.POSITIVE_INFINITY, 'd:INF;'],
    ['NAN', Number.NaN, 'd:NAN;'],
    ['bigint', 9007199254740993n, 'i:9007199254740993;'],
    ['booleans', [true, false], 'a:2:{i:0;b:1;i:1;b:0;}'],
    ['null', null, 'N;'],
    ['nested map keeps insertion order', { b: 1, a: [true, null] }, 'a:2:{s:1:"b";i:1;s:1:"a";a:2:{i:0;b:1;i:1;N;}}'],
    [
      'int-like keys become i:, others s:',
      { '10': 'x', '-1': 'y', '01': 'z', '1.5': 'w' },
      'a:4:{i:10;s:1:"x";i:-1;s:1:"y";s:2:"01";s:1:"z";s:3:"1.5";s:1:"w";}',
    ],
    [
      'PhpOrderedMap in its own order, numeric strings as ints',
      new PhpOrderedMap([
        ['b', 1],
        [0, 2],
        ['7', 3],
      ]),
      'a:3:{s:1:"b";i:1;i:0;i:2;i:7;i:3;}',
    ],
    ['empty object is an empty array', {}, 'a:0:{}'],
    ['empty stdClass', new PhpObject('stdClass', {}), 'O:8:"stdClass":0:{}'],
    [
      'object properties are always strings',
      new PhpObject('stdClass', new PhpOrderedMap([[0, 'a']])),
      'O:8:"stdClass":1:{s:1:"0";s:1:"a";}',
    ],
    ['UTF-8 byte length (é 2 bytes, ☕ 3 bytes)', 'café ☕', 's:9:"café ☕";'],
    ['undefined in an object is null', { a: undefined } as unknown as PhpValue, 'a:1:{s:1:"a";N;}'],
  ])('%s', (_label, value, expected) => {
    expect(serialize(value)).toBe(expected);
  });

  it.each<[string, unknown]>([
    ['a function', () => 1],
    ['a symbol', Symbol('x')],
    ['a Date', new Date(0)],
    ['a plain Map', new Map([['a', 1]])],
    ['a lone surrogate', '\ud800'],
    ['a bigint beyond int64', 2n ** 64n],
    ['a non-integer map key', new PhpOrderedMap([[1.5, 1]])],
    [
      'duplicate map keys',
      new PhpOrderedMap([
        [5, 1],
        ['5', 2],
      ]),
    ],
    ['a cycle', cycle],
  ])('rejects %s', (_label, value) => {
    expect(() => serialize(value as PhpValue)).toThrow(TypeError);
  });
});

describe('isSerialized (WordPress is_serialized)', () => {
  it.each<[string, unknown, boolean, boolean]>([
    ['empty array', 'a:0:{}', true, true],
    ['array', 'a:1:{i:0;i:1;}', true, true],
    ['string', 's:2:"ab";', true, true],
    ['string without ;', 's:2:"ab"', false, false],
    ['string, junk after ;', 's:3:"a";b', false, true],
    ['int', 'i:5;', true, true],
    ['int then junk', 'i:5;x', false, true],
    ['bool pattern only', 'b:2;', true, true],
    ['float', 'd:1.5E+25;', true, true],
    ['object', 'O:8:"stdClass":0:{}', true, true],
    ['N;', 'N;', true, true],
    ['N; with spaces', ' N; ', true, true],
    ['array with surrounding whitespace', ' \n a:0:{} \t', true, true],
    ['plain word', 'foo', false, false],
    ['too short', 'a:1', false, false],
    ['brace too early', 'a:1}', false, false],
    ['unknown token', 'x:1;', false, false],
    ['int without digits', 'i:abc;', false, false],
    ['number string', '5', false, false],
    ['empty', '', false, false],
    ['non-string', 42, false, false],
    ['null', null, false, false],
  ])('%s', (_label, data, strict, loose) => {
    expect(isSerialized(data)).toBe(strict);
    expect(isSerialized(data, true)).toBe(strict);
    expect(isSerialized(data, false)).toBe(loose);
  });
});

describe('maybeSerialize (maybe_serialize + $wpdb scalar text)', () => {
  it.each<[string, PhpValue, string]>([
    ['serialized-looking string is serialized again', 'a:1:{i:0;i:1;}', 's:14:"a:1:{i:0;i:1;}";'],
    ['loosely serialized-looking string too', 'i:5;x', 's:5:"i:5;x";'],
    ['plain string unchanged', 'hello', 'hello'],
    ['unterminated string value unchanged', 's:2:"ab"', 's:2:"ab"'],
    ['float uses precision=14', 26 / 3, '8.6666666666667'],
    ['0.1 + 0.2', 0.1 + 0.2, '0.3'],
    ['integral PhpFloat', new PhpFloat(5), '5'],
    ['number beyond 2^53', 1e20, '1.0E+20'],
    ['int', 5, '5'],
    ['negative int', -12, '-12'],
    ['bigint', 10n, '10'],
    ['true', true, '1'],
    ['false', false, ''],
    ['null', null, ''],
    ['list', ['4', '7'], 'a:2:{i:0;s:1:"4";i:1;s:1:"7";}'],
    ['empty object', {}, 'a:0:{}'],
    ['object', new PhpObject('stdClass', {}), 'O:8:"stdClass":0:{}'],
  ])('%s', (_label, value, expected) => {
    expect(maybeSerialize(value)).toBe(expected);
  });
});

describe('maybeUnserialize (maybe_unserialize)', () => {
  it.each<[string, string, PhpValue]>([
    ['array', 'a:1:{i:0;i:1;}', [1]],
    ['trimmed before parsing', '  i:5; ', 5],
    ['plain string', 'hello', 'hello'],
    ['number string', '5', '5'],
    ['empty', '', ''],
    ['double-serialized string', 's:14:"a:1:{i:0;i:1;}";', 'a:1:{i:0;i:1;}'],
  ])('%s', (_label, text, expected) => {
    expect(maybeUnserialize(text)).toStrictEqual(expected);
  });

  it('throws CorruptSerializedValue where WordPress would return false', () => {
    expect(() => maybeUnserialize('a:1:{i:0;}')).toThrow(CorruptSerializedValue);
  });

  it('undoes maybeSerialize', () => {
    for (const value of ['a:1:{i:0;i:1;}', 'hello', ['4', '7'], { b: 1, a: 'x' }] as PhpValue[]) {
      expect(maybeUnserialize(maybeSerialize(value))).toStrictEqual(value);
    }
  });
});
