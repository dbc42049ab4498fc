import { describe, expect, it } from 'vitest';
import { parsePhpQuery } from '../php/form-body';
import { FORM_LIST_MAX, FORM_TEXT_MAX } from '../php/form-input';
import { bookingDetailFrom, bookingDetailInput } from './booking-detail';

const posted = (body: string) => bookingDetailInput.safeParse(parsePhpQuery(body).booking_detail);

describe('the booking detail at the edge', () => {
  it('reads text, room lists and keyed arrays as the forms post them', () => {
    const parsed = posted(
      'booking_detail[tour-id]=10&booking_detail[tour-adult][]=2&booking_detail[tour-adult][]=1' +
        '&booking_detail[dropin_attribution][source]=blog&booking_detail[dropin_attribution][content][]=a',
    );
    expect(parsed.success && parsed.data).toEqual({
      'tour-id': '10',
      'tour-adult': ['2', '1'],
      dropin_attribution: { source: 'blog', content: ['a'] },
    });
  });

  it('reads a scalar where the array belongs as the empty detail, as the plugin did', () => {
    expect(posted('booking_detail=1')).toMatchObject({ success: true, data: {} });
  });

  it('refuses text over the bound, lists over the bound and nesting deeper than a keyed list', () => {
    expect(posted(`booking_detail[email]=${'a'.repeat(FORM_TEXT_MAX + 1)}`).success).toBe(false);
    const many = Array.from({ length: FORM_LIST_MAX + 1 }, () => 'booking_detail[service][]=1').join('&');
    expect(bookingDetailInput.safeParse({ service: many.split('&').map(() => '1') }).success).toBe(false);
    expect(posted('booking_detail[a][b][c]=1').success).toBe(false);
    expect(posted('booking_detail[a][b][c]=1').error?.issues[0]).toMatchObject({
      path: ['a'],
      message: 'This field is not text, a list or a keyed list, as the form posts it.',
    });
  });
});

describe('a stored or json-encoded detail', () => {
  it('reads numbers, booleans and nulls as PHP prints them', () => {
    expect(bookingDetailFrom({ tid: 12, deposit: 0.5, group: true, coupon: false, x: null })).toEqual({
      tid: '12',
      deposit: '0.5',
      group: '1',
      coupon: '',
      x: '',
    });
  });

  it('keeps lists and keyed arrays of lists, and reads anything deeper as empty text', () => {
    expect(
      bookingDetailFrom({ 'tour-adult': [2, '1'], extra: { diet: 'vegan', pets: [1], deep: { a: { b: 1 } } } }),
    ).toEqual({
      'tour-adult': ['2', '1'],
      extra: { diet: 'vegan', pets: ['1'], deep: [''] },
    });
  });

  it('reads a non-object as the empty detail', () => {
    expect(bookingDetailFrom('')).toEqual({});
    expect(bookingDetailFrom([1, 2])).toEqual({});
  });
});
