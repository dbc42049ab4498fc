import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDump } from '../data/mysql-dump';
import { unserialize } from '../php/serialize';
import {
  allTourDates,
  bookableDates,
  dateSeconds,
  expandDates,
  filterBookable,
  findDateEntry,
  isOfferedDate,
  isWellFormedDate,
  localSeconds,
  phpTrim,
} from './dates';
import { type DatePriceEntry, parseTourOption, type TourOption } from './tour-option';

const FIXTURES = new URL('../../legacy-fixtures/', import.meta.url);
/** The capture clock (legacy-fixtures README): 2026-11-21, UTC site. */
const CAPTURE_NOW = '2026-11-21 12:00';

/** Post meta of the fixture tours (posts 4–11), by post id and key. */
const postMeta = new Map<number, Map<string, string>>();
for (const s of parseDump(readFileSync(new URL('wp-legacy.sql', FIXTURES), 'utf8'))) {
  if (s.kind !== 'insert' || s.table !== 'wp_postmeta') continue;
  for (const [, postId, key, value] of s.rows) {
    const id = Number(postId);
    if (id < 4 || id > 11) continue;
    if (!postMeta.has(id)) postMeta.set(id, new Map());
    postMeta.get(id)!.set(String(key), String(value));
  }
}
const TOUR_IDS = [4, 5, 6, 7, 8, 9, 10, 11];
const optionOf = (id: number): TourOption =>
  parseTourOption(unserialize(postMeta.get(id)!.get('tourmaster-tour-option')!));
const metaOf = (id: number, key: string) => postMeta.get(id)?.get(key) ?? '';

const entry = (over: Partial<DatePriceEntry>): DatePriceEntry => ({ day: [], month: [], year: [], ...over });

describe('expandDates', () => {
  it.each([
    ['single timing → the date', entry({ date: '2027-05-01' }), 'single', ['2027-05-01']],
    ['single timing, no date', entry({ date: '' }), 'single', []],
    [
      'single timing ignores recurring keys',
      entry({ date: '2027-05-01', 'extra-date': '2027-06-01' }),
      'single',
      ['2027-05-01'],
    ],
    [
      'recurring: every weekday of the month',
      entry({ year: ['2027'], month: ['2'], day: ['monday'] }),
      'recurring',
      ['2027-02-01', '2027-02-08', '2027-02-15', '2027-02-22'],
    ],
    [
      'a missing timing method reads as recurring (the plugin passes null)',
      entry({ year: ['2027'], month: ['2'], day: ['sunday'] }),
      undefined,
      ['2027-02-07', '2027-02-14', '2027-02-21', '2027-02-28'],
    ],
    [
      'zero-padded months and a leap year',
      entry({ year: ['2028'], month: ['02'], day: ['tuesday'] }),
      'recurring',
      ['2028-02-01', '2028-02-08', '2028-02-15', '2028-02-22', '2028-02-29'],
    ],
    [
      'several years, months and days: sorted and unique',
      entry({ year: ['2028', '2027'], month: ['12'], day: ['friday', 'friday'] }),
      'recurring',
      [
        '2027-12-03',
        '2027-12-10',
        '2027-12-17',
        '2027-12-24',
        '2027-12-31',
        '2028-12-01',
        '2028-12-08',
        '2028-12-15',
        '2028-12-22',
        '2028-12-29',
      ],
    ],
    ['no year → no weekday dates', entry({ month: ['2'], day: ['monday'] }), 'recurring', []],
    [
      'unknown or capitalised day names match nothing',
      entry({ year: ['2027'], month: ['2'], day: ['Monday', 'mon'] }),
      'recurring',
      [],
    ],
    ['month 13 matches nothing', entry({ year: ['2027'], month: ['13'], day: ['monday'] }), 'recurring', []],
    [
      'extra dates: trimmed, pattern-checked, unpadded kept as written, sorted',
      entry({ 'extra-date': ' 2027-06-12 ,2027-5-1,2027-13-01,2027-02-32,abc,,2027-05-15' }),
      'recurring',
      ['2027-05-15', '2027-06-12', '2027-5-1'],
    ],
    [
      'extra dates merge with weekday dates without duplicates',
      entry({ year: ['2027'], month: ['2'], day: ['monday'], 'extra-date': '2027-02-08,2027-02-09' }),
      'recurring',
      ['2027-02-01', '2027-02-08', '2027-02-09', '2027-02-15', '2027-02-22'],
    ],
    [
      'exclusions are exact strings (trimmed): 2027-2-8 does not remove 2027-02-08',
      entry({ year: ['2027'], month: ['2'], day: ['monday'], 'exclude-extra-date': '2027-02-01, 2027-2-8' }),
      'recurring',
      ['2027-02-08', '2027-02-15', '2027-02-22'],
    ],
    [
      'an excluded extra date is removed too',
      entry({ 'extra-date': '2027-05-15,2027-05-22', 'exclude-extra-date': '2027-05-22' }),
      'recurring',
      ['2027-05-15'],
    ],
  ] as const)('%s', (_name, e, timing, expected) => {
    expect(expandDates(e, timing)).toEqual(expected);
  });

  it('expands Athens to every Monday and Thursday of April–June 2027 except 2027-04-05', () => {
    const [athens] = optionOf(5)['date-price'];
    const dates = expandDates(athens!, 'recurring');
    expect(dates).toHaveLength(25);
    expect(dates).not.toContain('2027-04-05');
    expect(dates.slice(0, 3)).toEqual(['2027-04-01', '2027-04-08', '2027-04-12']);
    expect(dates.at(-1)).toBe('2027-06-28');
    for (const d of dates) {
      expect([1, 4]).toContain(new Date(`${d}T00:00:00Z`).getUTCDay());
      expect(d >= '2027-04-01' && d <= '2027-06-30').toBe(true);
    }
    // Every Monday and Thursday of the quarter is there but the excluded one.
    const all: string[] = [];
    for (let t = Date.UTC(2027, 3, 1); t < Date.UTC(2027, 6, 1); t += 86_400_000) {
      const day = new Date(t);
      if (day.getUTCDay() === 1 || day.getUTCDay() === 4) all.push(day.toISOString().slice(0, 10));
    }
    expect(dates).toEqual(all.filter((d) => d !== '2027-04-05'));
  });

  it("expands Santorini's three entries, the past 2026-09-12 included", () => {
    const entries = optionOf(4)['date-price'].map((e) => expandDates(e, 'recurring'));
    expect(entries).toEqual([['2027-05-15', '2027-05-22', '2027-05-29', '2027-06-12'], ['2027-06-05'], ['2026-09-12']]);
  });
});

describe('allTourDates and bookableDates against the dump', () => {
  it.each(TOUR_IDS)('tour %i: all dates = meta tourmaster-tour-date', (id) => {
    expect(allTourDates(optionOf(id)).join(',')).toBe(metaOf(id, 'tourmaster-tour-date'));
  });

  it.each(TOUR_IDS)('tour %i: bookable on 2026-11-21 = meta tourmaster-tour-date-avail', (id) => {
    const meta = { bookInAdvance: metaOf(id, 'tourmaster-book-in-advance') };
    expect(bookableDates(optionOf(id), meta, CAPTURE_NOW).join(',')).toBe(metaOf(id, 'tourmaster-tour-date-avail'));
  });

  it('offers Santorini 2027-06-05 (full, but offered) and not the past 2026-09-12', () => {
    const santorini = optionOf(4);
    expect(isOfferedDate(santorini, { bookInAdvance: '' }, '2027-06-05', CAPTURE_NOW)).toBe(true);
    expect(isOfferedDate(santorini, { bookInAdvance: '' }, '2026-09-12', CAPTURE_NOW)).toBe(false);
    expect(isOfferedDate(santorini, { bookInAdvance: '' }, '2027-6-5', CAPTURE_NOW)).toBe(false);
    expect(isOfferedDate(santorini, { bookInAdvance: '' }, ['2027-06-05'], CAPTURE_NOW)).toBe(false);
  });
});

describe('filterBookable (§6)', () => {
  it.each([
    ['the day itself, early', '2027-05-15', '', '2027-05-15 08:00', true],
    ['until the day ends (midnight + 1 day is still in)', '2027-05-15', '', '2027-05-16 00:00', true],
    ['seconds are ignored', '2027-05-15', '', '2027-05-16 00:00:59', true],
    ['gone a minute later', '2027-05-15', '', '2027-05-16 00:01', false],
    ['an unpadded date is read as a date', '2027-5-15', '', '2027-05-16 00:00', true],
    ['an unparsable date is never bookable', 'soon', '', '2026-01-01 00:00', false],
    ['book-in-advance 3 months in November: up to 1 March', '2027-03-01', '3', '2026-11-21 12:00', true],
    ['book-in-advance 3 months in November: not 2 March', '2027-03-02', '3', '2026-11-21 12:00', false],
    ["book-in-advance '0' is not set", '2030-01-01', '0', '2026-11-21 12:00', true],
    ['book-in-advance 5 keeps Delphi 2027-05-01', '2027-05-01', '5', '2026-11-21 12:00', true],
    ['book-in-advance 4 drops Delphi 2027-04-10', '2027-04-10', '4', '2026-11-21 12:00', false],
  ] as const)('%s', (_name, date, months, now, kept) => {
    expect(filterBookable([date], months, now)).toEqual(kept ? [date] : []);
  });

  it('applies book-in-advance to a whole tour', () => {
    expect(bookableDates(optionOf(9), { bookInAdvance: '4' }, CAPTURE_NOW)).toEqual([]);
    expect(bookableDates(optionOf(5), { bookInAdvance: '5' }, CAPTURE_NOW)).toEqual([
      '2027-04-01',
      '2027-04-08',
      '2027-04-12',
      '2027-04-15',
      '2027-04-19',
      '2027-04-22',
      '2027-04-26',
      '2027-04-29',
    ]);
  });

  it('refuses a malformed clock', () => {
    expect(() => filterBookable(['2027-05-15'], '', '21/11/2026')).toThrow(RangeError);
  });
});

describe('findDateEntry against every date of the captured exchanges', () => {
  type Case = { file: string; tourId: number; date: unknown; hasEntry: boolean };
  const cases: Case[] = [];
  for (const file of readdirSync(new URL('exchanges/', FIXTURES)).sort()) {
    if (!/^(tour_booking|head_price|amount_check)-/.test(file)) continue;
    const ex = JSON.parse(readFileSync(new URL(`exchanges/${file}`, FIXTURES), 'utf8'));
    const form = ex.request.form_nested ?? {};
    const fields = file.startsWith('amount_check') ? form : form.data;
    if (!fields || typeof fields !== 'object') continue;
    const tourId = Number(fields['tour-id'] ?? fields.tour_id);
    if (!postMeta.has(tourId)) continue; // the unknown tour: no option to search
    const reply = ex.response.json;
    let hasEntry: boolean;
    if (file.startsWith('tour_booking')) hasEntry = reply.content !== false;
    else if (file.startsWith('head_price')) hasEntry = !Array.isArray(reply);
    else hasEntry = true; // every amount-check date of a known tour has an entry (the past one too)
    cases.push({ file, tourId, date: fields['tour-date'] ?? fields.tour_date, hasEntry });
  }

  it('covers the captured booking, head-price and amount-check exchanges', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
    expect(cases.some((c) => c.file === 'tour_booking-s1-garbage-date.json')).toBe(true);
    expect(cases.some((c) => c.file === 'tour_booking-s1-athens-recurring-excluded.json')).toBe(true);
  });

  it.each(cases)('$file: tour $tourId, $date → entry: $hasEntry', ({ tourId, date, hasEntry }) => {
    expect(findDateEntry(optionOf(tourId), date) !== undefined).toBe(hasEntry);
  });

  it.each([
    [4, '2027-06-05', '6'],
    [4, '2027-05-29', '20'],
    [4, '2026-09-12', '20'],
  ])('tour %i on %s → the entry whose package max-people is %s', (id, date, max) => {
    expect(findDateEntry(optionOf(id), date)?.package?.[0]?.['max-people']).toBe(max);
  });

  it('picks the 110 price entry for the past Santorini date', () => {
    expect(findDateEntry(optionOf(4), '2026-09-12')?.package?.[0]?.['person-price']).toBe('110');
  });

  it.each([
    ['not-a-date'],
    ['2027-04-05'],
    ['2027-05-11'],
    ['2027-05-10 '],
    ['2027-5-10'],
    [''],
    [undefined],
    [20270510],
    [['2027-05-10']],
  ])('Athens %j has no entry', (date) => {
    expect(findDateEntry(optionOf(5), date)).toBeUndefined();
  });

  it('matches an unpadded extra date only as written', () => {
    const option: TourOption = { ...optionOf(4), 'date-price': [entry({ 'extra-date': '2027-5-1' })] };
    expect(findDateEntry(option, '2027-5-1')).toBeDefined();
    expect(findDateEntry(option, '2027-05-01')).toBeUndefined();
  });

  it('returns the first entry that lists the date', () => {
    const first = entry({ 'extra-date': '2027-05-01', 'pricing-method': 'fixed' });
    const second = entry({ 'extra-date': '2027-05-01,2027-05-02', 'pricing-method': 'variable' });
    const option: TourOption = { ...optionOf(4), 'date-price': [first, second] };
    expect(findDateEntry(option, '2027-05-01')).toBe(first);
    expect(findDateEntry(option, '2027-05-02')).toBe(second);
  });
});

describe('date helpers', () => {
  it.each([
    ['2027-05-15', true],
    ['2027-5-1', true],
    ['2027-00-01', false],
    ['2027-05-32', false],
    ['27-05-15', false],
    [' 2027-05-15', false],
    [null, false],
  ])('isWellFormedDate(%j) = %s', (value, ok) => {
    expect(isWellFormedDate(value)).toBe(ok);
  });

  it('reads dates and clocks in one frame, overflowing days like PHP', () => {
    expect(dateSeconds('2027-02-30')).toBe(dateSeconds('2027-03-02'));
    expect(dateSeconds('2027-05-15')).toBe(Date.UTC(2027, 4, 15) / 1000);
    expect(localSeconds('2027-05-15 16:30:59')).toBe(Date.UTC(2027, 4, 15, 16, 30) / 1000);
    expect(localSeconds('2027-05-15')).toBeUndefined();
  });

  it('trims like PHP', () => {
    expect(phpTrim(' \t\n\r\0\x0Bx y\x0B ')).toBe('x y');
    expect(phpTrim('-a-', '-')).toBe('a');
  });
});
