import { describe, expect, it } from 'vitest';
import { choosesTravellers, keepSteps, resizeRooms, selectLabel, travellerTotal } from './booking-rules';

describe('keepSteps', () => {
  const blocks = [{ step: undefined }, { step: 1 }, { step: 2 }, { step: 3 }, { step: 4 }, { step: 999 }];
  it('keeps the blocks up to the step and those without one', () => {
    expect(keepSteps(blocks, 1)).toEqual([{ step: undefined }, { step: 1 }]);
    expect(keepSteps(blocks, 2)).toEqual([{ step: undefined }, { step: 1 }, { step: 2 }]);
  });
});

describe('resizeRooms', () => {
  let made = 0;
  const make = () => `new${++made}`;
  it('adds copies at the end and removes rooms from the end', () => {
    expect(resizeRooms(['a'], 3, make)).toEqual(['a', 'new1', 'new2']);
    expect(resizeRooms(['a', 'b', 'c'], 1, make)).toEqual(['a']);
    expect(resizeRooms(['a'], 0, make)).toEqual([]);
  });
  it('only removes without a template', () => {
    expect(resizeRooms(['a'], 3, undefined)).toEqual(['a']);
    expect(resizeRooms(['a', 'b'], 1, undefined)).toEqual(['a']);
  });
});

describe('travellerTotal', () => {
  it('adds the counts, what is not a number counting 0', () => {
    expect(travellerTotal(['2', '1', ''])).toBe(3);
    expect(travellerTotal(['', undefined, 'x'])).toBe(0);
  });
});

describe('selectLabel', () => {
  it("is the placeholder option's text, else a name for the date list or the field", () => {
    expect(
      selectLabel('tour-people', [
        { value: '', label: 'Number Of People' },
        { value: '1', label: '1' },
      ]),
    ).toBe('Number Of People');
    expect(selectLabel('tour-date', [{ value: '2027-04-10', label: '10 Apr 2027' }])).toBe('Travel date');
    expect(selectLabel('tour-room[]', [{ value: '1', label: '1' }])).toBe('room');
  });
});

describe('choosesTravellers', () => {
  it('is true once a count is above 0 or a private group is booked, in any room', () => {
    expect(choosesTravellers({ 'tour-id': '4', 'tour-date': '2027-05-15', 'tour-people': '2' })).toBe(true);
    expect(choosesTravellers({ 'tour-room': '2', 'tour-adult': ['', '1', ''] })).toBe(true);
    expect(choosesTravellers({ group: '1' })).toBe(true);
  });

  it('is false while nobody is counted (placeholders, zeros, other fields)', () => {
    expect(choosesTravellers({ 'tour-id': '4', 'tour-date': '2027-05-15' })).toBe(false);
    expect(choosesTravellers({ 'tour-people': '', 'tour-adult': ['', ''], 'tour-room': '2' })).toBe(false);
    expect(choosesTravellers({ 'tour-children': '0', package: '3' })).toBe(false);
  });
});
