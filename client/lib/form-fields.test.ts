import { describe, expect, it } from 'vitest';
import { bookingDetail, tourInput } from './form-fields';

const fields = [
  { name: 'tour-id', type: 'hidden', value: '7' },
  { name: 'tour-date', type: 'hidden', value: '2027-06-11' },
  { name: 'tour-room', type: 'select-one', value: '2' },
  { name: 'tour-people[]', type: 'select-one', value: '2' },
  { name: 'tour-people[]', type: 'select-one', value: '1' },
  { name: 'tour-people[]', type: 'select-one', value: '' },
  { name: 'tourmaster-require-acceptance', type: 'checkbox', value: 'on', checked: false },
  { name: 'payment-type', type: 'radio', value: 'full', checked: false },
  { name: 'payment-type', type: 'radio', value: 'partial', checked: true },
];

describe('form fields as the legacy script read them', () => {
  it('tourInput: every named field, arrays for [] names, checkbox and radio state ignored', () => {
    expect(tourInput(fields)).toEqual({
      'tour-id': '7',
      'tour-date': '2027-06-11',
      'tour-room': '2',
      'tour-people': ['2', '1', ''],
      'tourmaster-require-acceptance': 'on',
      'payment-type': 'partial',
    });
  });

  it('bookingDetail: an unchecked box is the number 0, only the checked radio', () => {
    expect(bookingDetail(fields)).toEqual({
      'tour-id': '7',
      'tour-date': '2027-06-11',
      'tour-room': '2',
      'tour-people': ['2', '1', ''],
      'tourmaster-require-acceptance': 0,
      'payment-type': 'partial',
    });
    expect(
      bookingDetail([{ name: 'tourmaster-require-acceptance', type: 'checkbox', value: 'on', checked: true }]),
    ).toEqual({
      'tourmaster-require-acceptance': 'on',
    });
  });
});
