import flatpickr from 'flatpickr';
import { describe, expect, it } from 'vitest';
import { calendarBounds, dayDiff, formatFlatpickr, jqueryUiToFlatpickr, parseYmd, ymd } from './date-format';

describe('jqueryUiToFlatpickr', () => {
  it.each([
    ['d M yy', 'j M Y'],
    ['dd/mm/yy', 'd/m/Y'],
    ['mm/dd/yy', 'm/d/Y'],
    ['yy-mm-dd', 'Y-m-d'],
    ['DD, d MM yy', 'l, j F Y'],
    ['D, M d, y', 'D, M j, y'],
    ['m/d/yy', 'n/j/Y'],
  ])('%s → %s', (jq, fp) => {
    expect(jqueryUiToFlatpickr(jq)).toBe(fp);
  });

  it('escapes quoted literal text and keeps a doubled quote', () => {
    expect(jqueryUiToFlatpickr("'day' d 'of' MM")).toBe('\\da\\y j of F');
    expect(jqueryUiToFlatpickr("d''M")).toBe("j'M");
  });

  it('formats as the legacy page showed its dates', () => {
    const format = flatpickr.formatDate;
    const date = new Date(2027, 4, 15);
    expect(format(date, jqueryUiToFlatpickr('d M yy'))).toBe('15 May 2027');
    expect(format(date, jqueryUiToFlatpickr("'day' d 'of' MM"))).toBe('day 15 of May');
    expect(format(date, jqueryUiToFlatpickr('DD, dd/mm/y'))).toBe('Saturday, 15/05/27');
  });

  it('writes dates as flatpickr does, before it is loaded', () => {
    for (const jq of ['d M yy', 'dd/mm/yy', 'DD, d MM yy', 'D, M d, y', 'm/d/yy', "'day' d 'of' MM", '@']) {
      for (const date of [new Date(2027, 4, 15), new Date(2026, 0, 3), new Date(2030, 11, 31)]) {
        const format = jqueryUiToFlatpickr(jq);
        expect(formatFlatpickr(date, format)).toBe(flatpickr.formatDate(date, format));
      }
    }
  });

  it('drops tokens flatpickr has no equivalent for (day of year, ticks)', () => {
    expect(jqueryUiToFlatpickr('yy-oo')).toBe('Y-');
    expect(jqueryUiToFlatpickr('!d')).toBe('j');
  });
});

describe('dates', () => {
  it('reads and writes Y-m-d as local dates', () => {
    const date = parseYmd('2027-06-05');
    expect(date?.getFullYear()).toBe(2027);
    expect(date?.getMonth()).toBe(5);
    expect(date?.getDate()).toBe(5);
    expect(ymd(date as Date)).toBe('2027-06-05');
    expect(ymd(new Date(2027, 0, 9))).toBe('2027-01-09');
  });

  it('refuses what is not a calendar date', () => {
    expect(parseYmd('2027-02-30')).toBeUndefined();
    expect(parseYmd('15 May 2027')).toBeUndefined();
    expect(parseYmd('')).toBeUndefined();
  });

  it('counts whole days across months and DST changes', () => {
    expect(dayDiff('2027-06-11', '2027-06-13')).toBe(2);
    expect(dayDiff('2027-03-27', '2027-03-29')).toBe(2);
    expect(dayDiff('2027-06-11', '2027-06-10')).toBe(-1);
    expect(dayDiff('', '2027-06-10')).toBeNaN();
  });

  it('bounds the calendar by the first and last date, never before today', () => {
    expect(calendarBounds(['2027-05-22', '2027-05-15', '2027-06-12'], '2026-11-21')).toEqual({
      min: '2027-05-15',
      max: '2027-06-12',
    });
    expect(calendarBounds(['2026-09-12', '2027-05-15'], '2026-11-21')).toEqual({
      min: '2026-11-21',
      max: '2027-05-15',
    });
    expect(calendarBounds([], '2026-11-21')).toEqual({});
  });
});
