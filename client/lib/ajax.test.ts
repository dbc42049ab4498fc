import { describe, expect, it } from 'vitest';
import { encodeParams } from './ajax';

describe('encodeParams (jQuery $.param)', () => {
  it('encodes nested objects and arrays as the legacy script did', () => {
    expect(
      encodeParams({
        action: 'tourmaster_tour_booking',
        data: { 'tour-id': 4, 'tour-people': ['2', '1'], step: 1, package: 'A B' },
      }),
    ).toBe(
      'action=tourmaster_tour_booking&data%5Btour-id%5D=4&data%5Btour-people%5D%5B%5D=2&data%5Btour-people%5D%5B%5D=1&data%5Bstep%5D=1&data%5Bpackage%5D=A+B',
    );
  });

  it('indexes arrays of objects, writes null as empty, leaves empty arrays out', () => {
    expect(encodeParams({ o: { u: [{ v: 1 }], e: [] }, tid: null })).toBe('o%5Bu%5D%5B0%5D%5Bv%5D=1&tid=');
  });
});
