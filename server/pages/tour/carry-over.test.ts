import { describe, expect, it } from 'vitest';
import { carriedFieldValues, carriedHiddenFields, formFieldNames, readTourTemp } from './carry-over';

describe('tour_temp carry-over', () => {
  it('reads the JSON the payment page posts, with or without WordPress slashes', () => {
    expect(readTourTemp('{"tour-date":"2027-05-22"}')).toEqual({ 'tour-date': '2027-05-22' });
    expect(readTourTemp('{\\"tour-date\\":\\"2027-05-22\\"}')).toEqual({ 'tour-date': '2027-05-22' });
    expect(readTourTemp('[1,2]')).toBeUndefined();
    expect(readTourTemp('nope')).toBeUndefined();
    expect(readTourTemp(undefined)).toBeUndefined();
    expect(readTourTemp(['{}'])).toBeUndefined();
  });

  it('pre-selects people, rooms and the package, per room as lists', () => {
    expect(
      carriedFieldValues({
        'tour-people': ['2', '1', ''],
        'tour-room': '2',
        package: 'VIP',
        'tour-adult': 3,
        other: 'x',
      }),
    ).toEqual({ 'tour-people': ['2', '1', ''], 'tour-room': '2', package: 'VIP', 'tour-adult': '3' });
  });

  it('re-posts every other value once, never the tour, the date or a field the form has', () => {
    const hidden = carriedHiddenFields(
      {
        'tour-id': '4',
        'tour-date': '2027-05-22',
        'tour-people': '2',
        step: '3',
        'coupon-code': 'X',
        pickup: 'Hotel',
        names: ['a', 'b'],
        nested: { first: '1' },
      },
      new Set(['pickup']),
    );
    expect(hidden).toEqual([
      { name: 'step', value: '3' },
      { name: 'coupon-code', value: 'X' },
      { name: 'names[]', value: 'a' },
      { name: 'names[]', value: 'b' },
      { name: 'nested[first]', value: '1' },
    ]);
  });

  it('finds the names of a fragment', () => {
    expect(formFieldNames('<select name="tour-people" ></select><input name="a&amp;b" />')).toEqual(
      new Set(['tour-people', 'a&b']),
    );
  });
});
