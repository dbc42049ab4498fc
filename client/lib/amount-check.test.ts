import { describe, expect, it } from 'vitest';
import { amountCheckRequest, missingRequired } from './amount-check';

const field = (name: string, value: string) => ({ name, type: name === 'group' ? 'hidden' : 'select-one', value });
const ids = { tourId: '4', tourDate: '2027-05-22', tid: '' };

describe('amountCheckRequest (booking.md §4.3)', () => {
  it('fixed price: the people select of the step-4 block', () => {
    const { ok, request } = amountCheckRequest({
      ...ids,
      blocks: [
        { step: '1', fields: [{ name: 'tour-date', type: 'hidden', value: '2027-05-22' }] },
        { step: '4', fields: [field('tour-people', '2')] },
        { step: '5', fields: [] },
      ],
      extraFields: [],
    });
    expect(ok).toBe(true);
    expect(request).toEqual({
      tour_id: '4',
      tour_date: '2027-05-22',
      tid: '',
      package: '',
      traveller: 2,
      adult_amount: 2,
      male_amount: 0,
      female_amount: 0,
      max_traveller_per_room: 2,
    });
  });

  it('variable price with a package: the package from step 2, the cumulative adult amount', () => {
    const { ok, request } = amountCheckRequest({
      ...ids,
      blocks: [
        { step: '2', fields: [{ name: 'package', type: 'hidden', value: 'Afternoon Premium' }] },
        { step: '4', fields: [field('tour-adult', '2'), field('tour-children', '1')] },
      ],
      extraFields: [],
    });
    expect(ok).toBe(true);
    expect(request).toMatchObject({
      package: 'Afternoon Premium',
      traveller: 3,
      adult_amount: 2,
      max_traveller_per_room: 3,
    });
  });

  it('male and female selects count as adults too (the legacy running sum)', () => {
    const { request } = amountCheckRequest({
      ...ids,
      blocks: [{ step: '4', fields: [field('tour-male', '1'), field('tour-female', '2')] }],
      extraFields: [],
    });
    expect(request).toMatchObject({ traveller: 3, male_amount: 1, female_amount: 3, adult_amount: 4 });
  });

  it('room mode: one step-4 block per room, the largest room, empty template selects not counted', () => {
    const { ok, request } = amountCheckRequest({
      ...ids,
      blocks: [
        { step: '3', fields: [field('tour-room', '2')] },
        { step: '999', fields: [field('tour-people[]', '2'), field('tour-people[]', '1')] },
        { step: '4', fields: [field('tour-people[]', '2')] },
        { step: '4', fields: [field('tour-people[]', '1')] },
        { step: '999', fields: [field('tour-people[]', '')] },
      ],
      extraFields: [],
    });
    expect(ok).toBe(true);
    expect(request).toMatchObject({ traveller: 3, max_traveller_per_room: 2, adult_amount: 3 });
  });

  it('a room with nobody, or an empty step 1–3 field, stops the submit', () => {
    expect(
      amountCheckRequest({
        ...ids,
        blocks: [
          { step: '4', fields: [field('tour-people[]', '2')] },
          { step: '4', fields: [field('tour-people[]', '')] },
        ],
        extraFields: [],
      }).ok,
    ).toBe(false);
    expect(
      amountCheckRequest({
        ...ids,
        blocks: [
          { step: '3', fields: [field('tour-room', '')] },
          { step: '4', fields: [field('tour-people', '1')] },
        ],
        extraFields: [],
      }).ok,
    ).toBe(false);
  });

  it('group pricing sends "group" and needs nobody', () => {
    const { ok, request } = amountCheckRequest({
      ...ids,
      blocks: [{ step: '4', fields: [field('group', '1')] }],
      extraFields: [],
    });
    expect(ok).toBe(true);
    expect(request).toMatchObject({ traveller: 'group', adult_amount: 'group', max_traveller_per_room: 0 });
  });

  it('extra booking info by name, left out when there is none', () => {
    const { request } = amountCheckRequest({
      ...ids,
      blocks: [{ step: '4', fields: [field('tour-people', '1')] }],
      extraFields: [
        { name: 'pickup-hotel', type: 'text', value: 'Hotel Kastro' },
        { name: 'notify-email', type: 'email', value: '' },
      ],
    });
    expect(request.extra_booking_info).toEqual({ 'pickup-hotel': 'Hotel Kastro', 'notify-email': '' });
  });

  it('required fields', () => {
    expect(missingRequired([{ value: '', required: true }])).toBe(true);
    expect(
      missingRequired([
        { value: '', required: false },
        { value: 'x', required: true },
      ]),
    ).toBe(false);
  });
});
