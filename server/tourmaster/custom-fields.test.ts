import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDump } from '../data/mysql-dump';
import { COUNTRIES } from './countries';
import { type CustomField, isEmail, parseCustomFields } from './custom-fields';

const NO_COUNTRY = { userDefaultCountry: '' };

/** Delphi's `tourmaster-extra-booking-info` post meta, as stored in the dump. */
function delphiExtraBookingInfo(): string {
  for (const s of parseDump(readFileSync(new URL('../../legacy-fixtures/wp-legacy.sql', import.meta.url), 'utf8'))) {
    if (s.kind !== 'insert' || s.table !== 'wp_postmeta') continue;
    for (const [, postId, key, value] of s.rows) {
      if (Number(postId) === 9 && key === 'tourmaster-extra-booking-info') return String(value);
    }
  }
  throw new Error('no extra booking info for tour 9');
}

const field = (over: Partial<CustomField> & { slug: string }): CustomField => ({
  title: '',
  type: '',
  required: false,
  options: [],
  default: '',
  width: '',
  attributes: {},
  ...over,
});

describe('parseCustomFields', () => {
  it("reads Delphi's extra booking info", () => {
    const text = delphiExtraBookingInfo();
    expect(text).toContain('\n');
    expect(parseCustomFields(text, NO_COUNTRY)).toEqual([
      field({
        slug: 'pickup-hotel',
        title: 'Pickup hotel',
        type: 'text',
        required: true,
        attributes: { slug: 'pickup-hotel', type: 'text', title: 'Pickup hotel', required: 'true' },
      }),
      field({
        slug: 'notify-email',
        title: 'Email for pickup confirmation',
        type: 'email',
        attributes: { slug: 'notify-email', type: 'email', title: 'Email for pickup confirmation' },
      }),
      field({
        slug: 'diet',
        title: 'Dietary preference',
        type: 'combobox',
        options: [
          { value: '', label: 'Dietary preference' },
          { value: 'None', label: 'None' },
          { value: 'Vegetarian', label: 'Vegetarian' },
          { value: 'Vegan', label: 'Vegan' },
          { value: 'Gluten free', label: 'Gluten free' },
        ],
        attributes: { slug: 'diet', type: 'combobox', title: 'Dietary preference' },
      }),
    ]);
  });

  it.each([
    ['no groups', 'slug=a,title=A', []],
    ['text outside the braces is ignored', 'intro {slug=a} middle {slug=b} end', ['a', 'b']],
    ['a group without slug is left out', '{title=No slug}{slug=b}', ['b']],
    ['an unclosed group yields nothing and ends the scan', '{slug=a}{slug=b', ['a']],
    ['an unclosed first group', '{slug=a', []],
    ['newlines anywhere', '{slug=\na,\r\ntitle=A}\n{slug=b}', ['a', 'b']],
    [
      'a later field with the same slug takes the earlier place',
      '{slug=a,title=1}{slug=b}{slug=a,title=2}',
      ['a', 'b'],
    ],
  ] as const)('%s', (_name, text, slugs) => {
    expect(parseCustomFields(text, NO_COUNTRY).map((f) => f.slug)).toEqual(slugs);
  });

  it('keeps the last definition of a repeated slug', () => {
    expect(parseCustomFields('{slug=a,title=1}{slug=b}{slug=a,title=2}', NO_COUNTRY)[0]?.title).toBe('2');
  });

  it.each([
    ['name=value with more than one "=" is ignored', '{slug=a,title=x=y}', 'title', undefined],
    ['an attribute without "=" is ignored', '{slug=a,required}', 'required', undefined],
    ['names are not trimmed', '{slug=a, title=T}', ' title', 'T'],
    ['values are not trimmed', '{slug=a,title= T }', 'title', ' T '],
    ['a lone carriage return stays', '{slug=a,title=T\r}', 'title', 'T\r'],
    ['other attributes are kept as written', '{slug=a,placeholder=Your hotel,width=50%}', 'placeholder', 'Your hotel'],
    ['an empty value is a value', '{slug=a,default=}', 'default', ''],
  ] as const)('%s', (_name, text, name, value) => {
    const [f] = parseCustomFields(text, NO_COUNTRY);
    expect(f?.attributes[name]).toBe(value);
  });

  it('reads width, default and required=true only', () => {
    const [a, b, c] = parseCustomFields(
      '{slug=a,width=50%,default=x,required=true}{slug=b,required=TRUE}{slug=c,required=1}',
      NO_COUNTRY,
    );
    expect(a).toMatchObject({ width: '50%', default: 'x', required: true });
    expect(b?.required).toBe(false);
    expect(c?.required).toBe(false);
  });

  it.each([
    [
      'title before options → "" labelled with the title first',
      '{slug=a,title=Pick,options=x/y}',
      [
        ['', 'Pick'],
        ['x', 'x'],
        ['y', 'y'],
      ],
    ],
    [
      'options before title → no empty entry',
      '{slug=a,options=x/y,title=Pick}',
      [
        ['x', 'x'],
        ['y', 'y'],
      ],
    ],
    ['an empty title gives no empty entry', '{slug=a,title=,options=x}', [['x', 'x']]],
    ["a '0' title gives no empty entry (PHP empty)", '{slug=a,title=0,options=x}', [['x', 'x']]],
    [
      'a repeated option keeps its first place',
      '{slug=a,options=x/y/x}',
      [
        ['x', 'x'],
        ['y', 'y'],
      ],
    ],
    [
      'an empty option replaces the title entry in place',
      '{slug=a,title=T,options=x//y}',
      [
        ['', ''],
        ['x', 'x'],
        ['y', 'y'],
      ],
    ],
    ['a second options attribute replaces the first', '{slug=a,options=x,options=y}', [['y', 'y']]],
    ['no options → empty list', '{slug=a,type=combobox}', []],
  ] as const)('options: %s', (_name, text, options) => {
    const [f] = parseCustomFields(text, NO_COUNTRY);
    expect(f?.options.map((o) => [o.value, o.label])).toEqual(options);
  });

  it('turns type=country into a combobox of countries with the default country', () => {
    const [f] = parseCustomFields('{slug=country,title=Country,type=country,required=true}', {
      userDefaultCountry: 'Greece',
    });
    expect(f).toMatchObject({ type: 'combobox', default: 'Greece', required: true, title: 'Country' });
    // Our "Select country" prompt, then the plugin's list (DEVIATIONS.md 98).
    expect(f?.options).toHaveLength(COUNTRIES.length + 1);
    expect(f?.options.slice(0, 2)).toEqual([
      { value: '', label: 'Select country' },
      { value: 'Afghanistan', label: 'Afghanistan' },
    ]);
    expect(f?.attributes.type).toBe('combobox');
  });

  it('lets attributes after type=country override its default and options', () => {
    const [f] = parseCustomFields('{slug=c,type=country,default=Italy,options=A/B}', { userDefaultCountry: 'Greece' });
    expect(f?.default).toBe('Italy');
    expect(f?.options.map((o) => o.value)).toEqual(['A', 'B']);
    const [g] = parseCustomFields('{slug=c,default=Italy,type=country}', { userDefaultCountry: '' });
    expect(g?.default).toBe('');
  });
});

describe('COUNTRIES', () => {
  it('is the list the legacy pages print, in order', () => {
    const html = readFileSync(new URL('../../legacy-fixtures/pages/payment-no-booking.html', import.meta.url), 'utf8');
    const select = /<select name="country"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? '';
    const values = [...select.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&#039;', "'"));
    expect(values).toEqual(COUNTRIES);
    expect(COUNTRIES).toHaveLength(198);
    expect(new Set(COUNTRIES).size).toBe(198);
    expect(COUNTRIES).toContain("Cote d'Ivoire");
  });
});

describe('isEmail (WordPress 6.3 is_email)', () => {
  it.each([
    ['guest@example.test', true],
    ['maria.papadopoulou@example.test', true],
    ['a@b.co', true],
    ['A@EXAMPLE.COM', true],
    ["o'neil+tag@mail.example.co.uk", true],
    ["!#$%&'*+/=?^_`{|}~.-@example.com", true],
    ['.a.@example.com', true],
    ['a@1.23', true],
    ['a@xn--bcher-kva.example', true],
    ['a@b-c.example', true],
    // PCRE's "$" also matches before a final newline: WordPress accepts one in the local part.
    ['abc\n@example.com', true],
    ['not-an-email', false],
    ['a@b.c', false],
    ['@example.com', false],
    ['@a@example.com', false],
    ['example.com@', false],
    ['ab@localhost', false],
    ['a b@example.com', false],
    ['a"b@example.com', false],
    ['ü@example.com', false],
    ['a@b@example.com', false],
    ['a@example..com', false],
    ['a@.example.com', false],
    ['a@example.com.', false],
    ['a@ example.com', false],
    ['a@example.com\n', false],
    ['a@-example.com', false],
    ['a@example-.com', false],
    ['a@exa_mple.com', false],
    ['a@exämple.com', false],
    ['a@example.', false],
    ['', false],
  ])('%j → %s', (value, ok) => {
    expect(isEmail(value)).toBe(ok);
  });

  it.each([[null], [undefined], [123456789], [['a@example.com']]])('%j is not an address', (value) => {
    expect(isEmail(value)).toBe(false);
  });
});
