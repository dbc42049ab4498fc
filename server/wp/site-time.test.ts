import { describe, expect, it } from 'vitest';
import { siteLocalTime, siteTimeToUtc } from './site-time';

describe('siteTimeToUtc', () => {
  it("is siteLocalTime's inverse in a named zone, summer and winter", () => {
    const athens = { timezone: 'Europe/Athens', gmtOffsetHours: 0 };
    expect(siteTimeToUtc('2027-05-22 18:15', athens)?.toISOString()).toBe('2027-05-22T15:15:00.000Z');
    expect(siteTimeToUtc('2027-01-10 18:15', athens)?.toISOString()).toBe('2027-01-10T16:15:00.000Z');
    const instant = new Date('2027-03-28T06:30:00Z'); // the day Athens moves its clocks
    expect(siteTimeToUtc(siteLocalTime(instant, athens), athens)?.toISOString()).toBe(instant.toISOString());
  });

  it('uses the fixed gmt_offset without a zone name, UTC for "UTC", and refuses what is not a time', () => {
    expect(siteTimeToUtc('2027-05-22 09:00', { timezone: '', gmtOffsetHours: 5.5 })?.toISOString()).toBe(
      '2027-05-22T03:30:00.000Z',
    );
    expect(siteTimeToUtc('2027-05-22 09:00', { timezone: 'UTC', gmtOffsetHours: 3 })?.toISOString()).toBe(
      '2027-05-22T09:00:00.000Z',
    );
    expect(siteTimeToUtc('22/05/2027 09:00', { timezone: '', gmtOffsetHours: 0 })).toBeUndefined();
  });
});
