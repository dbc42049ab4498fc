import { describe, expect, it } from 'vitest';
import { MAX_TRAVELLERS, parseCount, readTravellerCounts } from './traveller-counts';

describe('traveller counts', () => {
  it.each([
    ['', null],
    [undefined, null],
    ['0', 0],
    ['2', 2],
    [' 3 ', 3],
    ['-1', 'invalid'],
    ['1.5', 'invalid'],
    ['abc', 'invalid'],
    ['1e3', 'invalid'],
    ['99999999999', 'invalid'],
    [['2'], 'invalid'],
  ] as const)('parses %j as %j', (value, expected) => {
    expect(parseCount(value)).toBe(expected);
  });

  it('adds the people of every category, per room only up to tour-room', () => {
    expect(readTravellerCounts({ 'tour-adult': '2', 'tour-children': '1', 'tour-infant': '' })).toEqual({
      ok: true,
      total: 3,
      rooms: null,
    });
    expect(readTravellerCounts({ 'tour-room': '2', 'tour-people': ['2', '1', ''] })).toEqual({
      ok: true,
      total: 3,
      rooms: 2,
    });
    expect(readTravellerCounts({ 'tour-room': '1', 'tour-people': ['2', '9'] })).toEqual({
      ok: true,
      total: 2,
      rooms: 1,
    });
    expect(readTravellerCounts({})).toEqual({ ok: true, total: 0, rooms: null });
  });

  it('refuses negative, fractional and non-numeric counts with a clear message', () => {
    for (const detail of [
      { 'tour-people': '-2' },
      { 'tour-adult': '1.5' },
      { 'tour-room': 'x' },
      { 'tour-people': ['1', '-1'], 'tour-room': '2' },
    ]) {
      expect(readTravellerCounts(detail)).toEqual({
        ok: false,
        reason: 'INVALID_COUNT',
        message: 'Please enter a valid number of travellers.',
      });
    }
  });

  it(`refuses more than ${MAX_TRAVELLERS} travellers in one booking`, () => {
    expect(readTravellerCounts({ 'tour-people': '1000000' })).toMatchObject({ ok: false, reason: 'TOO_MANY' });
    expect(readTravellerCounts({ 'tour-adult': '1500', 'tour-children': '501' })).toMatchObject({
      ok: false,
      reason: 'TOO_MANY',
    });
    expect(readTravellerCounts({ 'tour-adult': '1500', 'tour-children': '500' })).toMatchObject({
      ok: true,
      total: 2000,
    });
  });
});
