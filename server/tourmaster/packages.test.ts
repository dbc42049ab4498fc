import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDump } from '../data/mysql-dump';
import { unserialize } from '../php/serialize';
import { findDateEntry } from './dates';
import {
  bookingMode,
  chosenPackageForForm,
  defaultPackageTitle,
  isRoomMode,
  mergePackage,
  PACKAGE_MERGE_KEYS,
  packageGroupSlug,
  phpLooseEquals,
  resolveDatePrice,
} from './packages';
import { type DatePriceEntry, parseTourOption, type TourOption, type TourPackage } from './tour-option';

const options = new Map<number, TourOption>();
for (const s of parseDump(readFileSync(new URL('../../legacy-fixtures/wp-legacy.sql', import.meta.url), 'utf8'))) {
  if (s.kind !== 'insert' || s.table !== 'wp_postmeta') continue;
  for (const [, postId, key, value] of s.rows) {
    if (key === 'tourmaster-tour-option') options.set(Number(postId), parseTourOption(unserialize(String(value))));
  }
}
const option = (id: number) => options.get(id)!;
const entryOf = (id: number, date: string) => findDateEntry(option(id), date)!;
const entry = (over: Partial<DatePriceEntry>): DatePriceEntry => ({ day: [], month: [], year: [], ...over });

describe('mergePackage', () => {
  const mykonos = () => entryOf(8, '2027-06-10');

  it.each([
    ['no title → the first package', '', 'Morning Standard', 'morning', '95', '30', '08:30'],
    ["'0' counts as no title (PHP empty)", '0', 'Morning Standard', 'morning', '95', '30', '08:30'],
    ['a missing title → the first package', undefined, 'Morning Standard', 'morning', '95', '30', '08:30'],
    ['the named package', 'Afternoon Premium', 'Afternoon Premium', 'afternoon', '140', '12', '13:00'],
    ['the VIP package', 'Private Yacht VIP', 'Private Yacht VIP', 'vip', '320', '8', '10:00'],
  ] as const)('Mykonos: %s', (_name, requested, title, slug, adult, max, start) => {
    const merged = mergePackage(mykonos(), requested);
    expect(merged.isOld).toBe(false);
    expect(merged.merged).toBe(true);
    expect(merged.package?.title).toBe(title);
    expect(merged.entry.package).toBeUndefined();
    expect(merged.entry['group-slug']).toBe(slug);
    expect(merged.entry['adult-price']).toBe(adult);
    expect(merged.entry['max-people']).toBe(max);
    expect(merged.entry['start-time']).toBe(start);
    // Title, caption and the default flag are not package settings: never copied.
    expect(merged.entry.title).toBeUndefined();
    expect(merged.entry.caption).toBeUndefined();
    expect(merged.entry['default-package']).toBeUndefined();
    expect(merged.entry['select-package-text']).toBe('Choose your boat');
    expect(merged.entry['extra-date']).toBe('2027-06-03,2027-06-10,2027-06-17');
  });

  it.each([['Sunset Cruise'], ['afternoon premium'], [' Afternoon Premium']])(
    'Mykonos: the unknown title %j merges nothing and keeps the packages',
    (requested) => {
      const merged = mergePackage(mykonos(), requested);
      expect(merged).toMatchObject({ isOld: false, merged: false, package: undefined });
      expect(merged.entry.package).toHaveLength(3);
      expect(merged.entry['adult-price']).toBeUndefined();
      expect(packageGroupSlug(merged.entry)).toBe('');
    },
  );

  it.each([4, 5, 6, 7, 9, 10, 11])('tour %i: the single package is merged whatever the title', (id) => {
    const first = option(id)['date-price'][0]!;
    for (const requested of ['', 'Anything']) {
      const merged = mergePackage(first, requested);
      expect(merged).toMatchObject({ isOld: false, merged: true });
      expect(merged.entry.package).toBeUndefined();
      for (const [key, value] of Object.entries(first.package![0]!)) {
        if (key !== 'title') expect(merged.entry[key as keyof TourPackage]).toBe(value);
      }
    }
  });

  it('Santorini 2027-06-05: 6 seats, start 16:30, pool ""', () => {
    const merged = mergePackage(entryOf(4, '2027-06-05'), '');
    expect(merged.entry).toMatchObject({ 'max-people': '6', 'start-time': '16:30', 'person-price': '120' });
    expect(packageGroupSlug(merged.entry)).toBe('');
  });

  it('never mutates the option', () => {
    const before = structuredClone(option(8));
    const merged = mergePackage(entryOf(8, '2027-06-10'), 'Private Yacht VIP');
    merged.entry.day.push('monday');
    expect(option(8)).toEqual(before);
    const kept = mergePackage(entryOf(8, '2027-06-10'), 'nope');
    kept.entry.package![0]!.title = 'changed';
    expect(option(8)).toEqual(before);
  });

  it('old data (no package list) is copied unchanged and flagged', () => {
    const old = entry({ 'extra-date': '2027-05-01', 'person-price': '50', 'max-people': '9' });
    const merged = mergePackage(old, 'whatever');
    expect(merged).toEqual({ entry: old, isOld: true, merged: false, package: undefined });
    expect(merged.entry).not.toBe(old);
    expect(mergePackage(entry({ package: [] }), '').isOld).toBe(true);
  });

  it('copies exactly the merge keys the package defines, overriding the entry', () => {
    const full: TourPackage = { title: 'All', caption: 'c', 'default-package': 'enable' };
    for (const key of PACKAGE_MERGE_KEYS) full[key] = `v-${key}`;
    const merged = mergePackage(entry({ 'person-price': 'old', 'max-people': 'old', package: [full] }), '');
    for (const key of PACKAGE_MERGE_KEYS) expect(merged.entry[key]).toBe(`v-${key}`);
    expect(PACKAGE_MERGE_KEYS).toHaveLength(30);
    expect(PACKAGE_MERGE_KEYS).toContain('maximum-people-per-booking');
    const partial = mergePackage(entry({ 'person-price': 'old', package: [{ 'max-people': '3' }] }), '');
    expect(partial.entry).toMatchObject({ 'person-price': 'old', 'max-people': '3' });
  });

  it('compares titles with PHP ==: numeric titles match numerically', () => {
    const two = entry({
      package: [
        { title: '10', 'max-people': 'a' },
        { title: '20', 'max-people': 'b' },
      ],
    });
    expect(mergePackage(two, '2e1').entry['max-people']).toBe('b');
    expect(mergePackage(two, '020').entry['max-people']).toBe('b');
    expect(mergePackage(two, '20x').merged).toBe(false);
  });

  it('resolves the entry and the package in one step', () => {
    expect(resolveDatePrice(option(8), '2027-06-10', 'Private Yacht VIP')?.entry['group-slug']).toBe('vip');
    expect(resolveDatePrice(option(8), '2027-06-11', '')).toBeUndefined();
    expect(resolveDatePrice(option(5), '2027-04-05', '')).toBeUndefined();
  });
});

describe('booking mode', () => {
  it.each([
    ['Meteora (multiple, room base enabled)', 7, '2027-05-14', 'room'],
    ['Santorini (single day)', 4, '2027-05-15', 'people'],
    ['Athens (variable)', 5, '2027-05-06', 'people'],
    ['Crete (group)', 6, '2027-05-08', 'group'],
    ['Mykonos (packages)', 8, '2027-06-10', 'people'],
  ] as const)('%s → %s', (_name, id, date, mode) => {
    expect(bookingMode(option(id), entryOf(id, date))).toBe(mode);
    expect(isRoomMode(option(id), entryOf(id, date))).toBe(mode === 'room');
  });

  it.each([
    ['multiple', undefined, 'fixed', 'room'],
    ['multiple', 'enable', 'variable', 'room'],
    ['multiple', 'disable', 'fixed', 'people'],
    ['single', 'enable', 'fixed', 'people'],
    [undefined, 'enable', 'fixed', 'room'],
    ['multiple', 'enable', 'group', 'group'],
  ] as const)('tour-type %s, pricing-room-base %s, %s pricing → %s', (type, roomBase, method, mode) => {
    const opt: TourOption = { ...option(7), 'tour-type': type };
    expect(bookingMode(opt, entry({ 'pricing-room-base': roomBase, 'pricing-method': method }))).toBe(mode);
  });
});

describe('package picker helpers', () => {
  it.each([
    [8, 'Afternoon Premium', 'Afternoon Premium'],
    [8, 'Sunset Cruise', ''],
    [8, '', ''],
    [8, undefined, ''],
    [4, 'Sunset Cruise', 'Sunset Cruise'],
    [4, '', ''],
  ] as const)('tour %i, requested %j → %j', (id, requested, chosen) => {
    const date = id === 8 ? '2027-06-10' : '2027-05-15';
    expect(chosenPackageForForm(entryOf(id, date), requested)).toBe(chosen);
  });

  it('ignores untitled packages when checking a requested title', () => {
    const e = entry({ package: [{ 'max-people': '1' }, { title: 'B' }] });
    expect(chosenPackageForForm(e, 'B')).toBe('B');
    expect(chosenPackageForForm(e, 'A')).toBe('');
  });

  it('finds the default package title', () => {
    expect(defaultPackageTitle(entryOf(8, '2027-06-03'))).toBe('Morning Standard');
    expect(defaultPackageTitle(entryOf(4, '2027-05-15'))).toBe('');
    expect(defaultPackageTitle(entry({}))).toBe('');
    expect(defaultPackageTitle(entry({ package: [{ title: 'A' }, { title: 'B', 'default-package': 'enable' }] }))).toBe(
      'B',
    );
  });

  it.each([
    [{ 'group-slug': 'vip' }, 'vip'],
    [{ 'group-slug': '' }, ''],
    [{ 'group-slug': '0' }, ''],
    [{}, ''],
  ] as const)('pool of %j is %j', (pkg, slug) => {
    expect(packageGroupSlug(pkg)).toBe(slug);
  });

  it.each([
    ['1', '01', true],
    ['1e1', '10', true],
    [' 5', '5', true],
    ['abc', 'abc', true],
    ['abc', 'ABC', false],
    ['1', '1a', false],
  ])('PHP %j == %j is %s', (a, b, equal) => {
    expect(phpLooseEquals(a, b)).toBe(equal);
  });
});
