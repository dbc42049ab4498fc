import { describe, expect, it } from 'vitest';
import {
  addslashes,
  decodeBookingDetailCookie,
  encodeBookingDetailCookie,
  stripslashes,
} from './booking-detail-cookie';

describe('the tourmaster-booking-detail cookie', () => {
  const detail = {
    'tour-id': '4',
    'tour-date': '2027-05-29',
    'tour-people': ['2', '1'],
    note: `O'Brien "quoted" \\ é/`,
  };

  it('writes what the PHP payment page wrote: json_encode of add-slashed strings', () => {
    expect(encodeBookingDetailCookie(detail)).toBe(
      '{"tour-id":"4","tour-date":"2027-05-29","tour-people":["2","1"],"note":"O\\\\\'Brien \\\\\\"quoted\\\\\\" \\\\\\\\ \\u00e9\\/"}',
    );
  });

  it('reads back what it wrote', () => {
    expect(decodeBookingDetailCookie(encodeBookingDetailCookie(detail))).toEqual(detail);
  });

  it("reads the booking bar script's cookie (plain JSON.stringify), stripping slashes as PHP did", () => {
    const written = JSON.stringify({ 'tour-id': '12', package: 'Standard', 'tour-adult': '2', group: '1' });
    expect(decodeBookingDetailCookie(written)).toEqual({
      'tour-id': '12',
      package: 'Standard',
      'tour-adult': '2',
      group: '1',
    });
    expect(
      decodeBookingDetailCookie(decodeURIComponent(encodeURIComponent(JSON.stringify({ name: 'A+B C' })))),
    ).toEqual({
      name: 'A+B C',
    });
  });

  it('reads a missing, broken, cleared or non-object cookie as an empty detail', () => {
    for (const value of [undefined, '', '""', '{broken', '[1,2]', '42', 'null'])
      expect(decodeBookingDetailCookie(value)).toEqual({});
  });

  it('adds and strips slashes as PHP does', () => {
    expect(addslashes(`a'b"c\\d\0`)).toBe(`a\\'b\\"c\\\\d\\0`);
    expect(stripslashes(`a\\'b\\"c\\\\d\\0e\\`)).toBe(`a'b"c\\d\0e`);
  });
});
