import { describe, expect, it } from 'vitest';
import { type PhpInput, parsePhpQuery, parsePhpQueryEntries } from './form-body';

/** Plain-prototype deep copy, so `toEqual` compares shapes (our objects have a null prototype). */
function plain(value: PhpInput): unknown {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(plain);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
}

const parsed = (body: string, limits?: Parameters<typeof parsePhpQuery>[1]) => plain(parsePhpQuery(body, limits));

describe('parsePhpQuery', () => {
  // [what, body, expected $_POST]
  const cases: [string, string, unknown][] = [
    [
      'Tour Master booking step (jQuery $.param)',
      'action=tourmaster_tour_booking&data[tour-id]=4&data[tour-date]=2027-05-15&data[tour-people][]=2&data[tour-people][]=1&data[step]=1',
      {
        action: 'tourmaster_tour_booking',
        data: { 'tour-id': '4', 'tour-date': '2027-05-15', 'tour-people': ['2', '1'], step: '1' },
      },
    ],
    [
      'jQuery $.param percent-encodes the brackets',
      'data%5Btour-id%5D=4&data%5Btour-people%5D%5B%5D=2&data%5Btour-people%5D%5B%5D=1',
      { data: { 'tour-id': '4', 'tour-people': ['2', '1'] } },
    ],
    [
      'PayPal order data, deep with int keys',
      'order_data[purchase_units][0][amount][value]=10.00',
      { order_data: { purchase_units: [{ amount: { value: '10.00' } }] } },
    ],
    ['empty value', 'tid=', { tid: '' }],
    ['no "=" gives an empty value', 'tid&x=1', { tid: '', x: '1' }],
    ['"+" is a space, in the name too', 'a+b=c+d', { a_b: 'c d' }],
    ['space and dot in the base name become _', 'a%20b.c=1', { a_b_c: '1' }],
    ['leading spaces of the name are dropped', '++a=1', { a: '1' }],
    ['UTF-8 (Greek)', '%E1%BC%80=%CE%B1', { ἀ: 'α' }],
    ['raw UTF-8 in the body', 'ἀ=α', { ἀ: 'α' }],
    ['lower-case hex', '%ce%b1=%ce%b1', { α: 'α' }],
    ['invalid UTF-8 becomes U+FFFD', 'a=%FF', { a: '\uFFFD' }],
    ['invalid % sequences stay literal', 'a=%zz%4', { a: '%zz%4' }],
    ['a trailing % stays', 'a=100%&b=%2', { a: '100%', b: '%2' }],
    ['encoded "&" and "=" are data', 'a=x%26y%3Dz', { a: 'x&y=z' }],
    ['only the first "=" splits', 'a=b=c', { a: 'b=c' }],
    ['unterminated [ becomes _', 'a[b=1', { a_b: '1' }],
    ['unterminated [ after a dot', 'a.b[c=1', { a_b_c: '1' }],
    ['after an unterminated [ dots, spaces and [ become _', 'a[b.c d[e=1', { a_b_c_d_e: '1' }],
    ['an unterminated [ at a deeper level is dropped', 'a[b][c=1', { a: { b: '1' } }],
    ['text after ] is ignored', 'a[b]c=1', { a: { b: '1' } }],
    ['text after ] is ignored, later brackets too', 'a[b]c[d]=1', { a: { b: '1' } }],
    ['PHP test 027: "]]" ends the index part', 'e[][]][]=3', { e: [['3']] }],
    ['index keeps dots, spaces and hyphens', 'a[b.c]=1&a[ d]=2&a[e-f]=3', { a: { 'b.c': '1', ' d': '2', 'e-f': '3' } }],
    ['"[ ]" (one space) appends like "[]"', 'a[ ]=1&a[ ]=2', { a: ['1', '2'] }],
    ['"[  ]" (two spaces) is a key', 'a[  ]=1', { a: { '  ': '1' } }],
    ['an empty base name is ignored', '=nokey&[x]=1&%20=2', {}],
    ['empty pieces are skipped', '&&a=1&&', { a: '1' }],
    ['only separators', '&&', {}],
    ['empty body', '', {}],
    ['[] of objects', 'a[][x]=1&a[][x]=2', { a: [{ x: '1' }, { x: '2' }] }],
    ['[] continues after the largest int key', 'a[5]=x&a[]=y', { a: { 5: 'x', 6: 'y' } }],
    ['[] after a negative key (PHP 8.3)', 'a[-5]=x&a[]=y', { a: { '-5': 'x', '-4': 'y' } }],
    ['keys 1,0 in that order stay an object', 'a[1]=x&a[0]=y', { a: { 1: 'x', 0: 'y' } }],
    ['keys 0,1 in order are an array', 'a[0]=x&a[1]=y', { a: ['x', 'y'] }],
    ['"0" and "00" are different keys', 'a[0]=x&a[00]=y', { a: { 0: 'x', '00': 'y' } }],
    ['a leading zero makes a string key', 'a[01]=x', { a: { '01': 'x' } }],
    ['negative int key', 'a[-1]=x', { a: { '-1': 'x' } }],
    ['"-0" is a string key, [] starts at 0', 'a[-0]=x&a[]=y', { a: { '-0': 'x', 0: 'y' } }],
    ['"1.0" and " 1" are string keys', 'a[1.0]=x&a[%201]=y&a[]=z', { a: { '1.0': 'x', ' 1': 'y', 0: 'z' } }],
    [
      'int key past 64 bits is a string key',
      'a[9223372036854775808]=x&a[]=y',
      { a: { '9223372036854775808': 'x', 0: 'y' } },
    ],
    ['mixed keys', 'a[]=1&a[x]=2&a[]=3', { a: { 0: '1', x: '2', 1: '3' } }],
    ['a later scalar overwrites', 'a=1&a=2', { a: '2' }],
    ['a scalar overwrites an array', 'a[]=1&a=2', { a: '2' }],
    ['an array write replaces a scalar', 'a=1&a[x]=2', { a: { x: '2' } }],
    ['a nested array write replaces a nested scalar', 'a[x]=1&a[x][y]=2', { a: { x: { y: '2' } } }],
    ['overwriting keeps the key position', 'a[x]=1&a[y]=2&a[x]=3', { a: { x: '3', y: '2' } }],
    ['a NUL in the name ends it', 'a%00b=1&c=d%00e', { a: '1', c: 'd\0e' }],
    ['a name mangled into __Host- is dropped', '..Host-x=1&__Host-y=2', { '__Host-y': '2' }],
    [
      'an index spelled __Host- is dropped too (PHP 8.1.30+/8.2.24+/8.3.12+)',
      'a[__Host-x]=1&a[y]=2',
      { a: { y: '2' } },
    ],
    ['a name mangled into __Secure- is dropped', '_.Secure-x=1&__Secure-y=2', { '__Secure-y': '2' }],
    [
      'PHP test 027: nesting over the limit drops the variable',
      'a=1&b=ZYX&c[][][][][][][][][][][]=123&d=123',
      {
        a: '1',
        b: 'ZYX',
        d: '123',
      },
    ],
  ];

  it.each(cases)('%s', (_what, body, expected) => {
    expect(parsed(body, { maxNestingLevel: 10 })).toEqual(expected);
  });

  it('returns arrays for lists and null-prototype objects for maps', () => {
    const post = parsePhpQuery('a[]=1&b[x]=2&c[1]=x&c[0]=y&d[0]=x&d[2]=y');
    expect(Array.isArray(post.a)).toBe(true);
    expect(Array.isArray(post.c)).toBe(false);
    expect(Array.isArray(post.d)).toBe(false);
    expect(Object.getPrototypeOf(post)).toBeNull();
    expect(Object.getPrototypeOf(post.b)).toBeNull();
  });

  it('cannot pollute Object.prototype: __proto__ is an own key', () => {
    const post = parsePhpQuery('__proto__[polluted]=1&constructor[prototype][polluted]=2&hasOwnProperty=3');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(post)).toEqual(['__proto__', 'constructor', 'hasOwnProperty']);
    expect(Object.hasOwn(post, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(post)).toBeNull();
    const own = new Map(Object.entries(post));
    const proto = own.get('__proto__') as { [key: string]: PhpInput };
    expect(Object.getPrototypeOf(proto)).toBeNull();
    expect(proto.polluted).toBe('1');
    expect(own.get('hasOwnProperty')).toBe('3');
    expect(plain(own.get('constructor')!)).toEqual({ prototype: { polluted: '2' } });
  });

  describe('max_input_nesting_level', () => {
    const nested = (levels: number) => `a${'[x]'.repeat(levels)}=1`;

    it('keeps a variable at the default limit (64 levels)', () => {
      let node = parsePhpQuery(nested(64)).a;
      for (let i = 0; i < 64; i++) node = (node as { [key: string]: PhpInput }).x;
      expect(node).toBe('1');
    });

    it('drops a variable past the default limit, with what earlier pairs put under its name', () => {
      expect(parsed(`b=2&a[y]=0&${nested(65)}&c=3`)).toEqual({ b: '2', c: '3' });
    });

    it('PHP bug #63447 case: limit 5', () => {
      expect(parsed('a=1&b[][][]=2&c[][][][][][]=7', { maxNestingLevel: 5 })).toEqual({ a: '1', b: [[['2']]] });
    });

    it('an unterminated [ still counts as a level', () => {
      expect(parsed('a[b=1', { maxNestingLevel: 0 })).toEqual({});
    });
  });

  describe('max_input_vars', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `v${i}=${i}`).join('&');

    it('keeps 1000 variables and ignores the 1001st', () => {
      const post = parsePhpQuery(body(1001));
      expect(Object.keys(post)).toHaveLength(1000);
      expect(post.v999).toBe('999');
      expect(post.v1000).toBeUndefined();
    });

    it('counts pairs that register nothing, not empty pieces', () => {
      expect(parsed('=x&&&a=1&b=2', { maxInputVars: 2 })).toEqual({ a: '1' });
    });

    it('counts every pair of an array', () => {
      expect(parsed('a[]=1&a[]=2&a[]=3', { maxInputVars: 2 })).toEqual({ a: ['1', '2'] });
    });
  });
});

describe('parsePhpQueryEntries', () => {
  it('registers decoded names without url-decoding them again', () => {
    const post = parsePhpQueryEntries([
      ['data[tour-people][]', '2'],
      ['data[tour-people][]', '1'],
      ['a+b%20c', '100%+'],
      ['file name.x', 'y'],
    ]);
    expect(plain(post)).toEqual({ data: { 'tour-people': ['2', '1'] }, 'a+b%20c': '100%+', file_name_x: 'y' });
  });

  it('applies max_input_vars to entries', () => {
    expect(
      plain(
        parsePhpQueryEntries(
          [
            ['a', '1'],
            ['', 'x'],
            ['b', '2'],
          ],
          { maxInputVars: 2 },
        ),
      ),
    ).toEqual({ a: '1' });
  });
});
