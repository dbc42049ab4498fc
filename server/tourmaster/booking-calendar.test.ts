import { describe, expect, it } from 'vitest';
import { bookingTimes } from './booking-calendar';
import { parseTourOption, type TourOption } from './tour-option';

/** A tour option as the site stores it, parsed as every reader parses it. */
const tour = (option: Record<string, unknown>): TourOption => parseTourOption(option);

const withPackages = (option: Record<string, unknown>): TourOption =>
  tour({
    'date-price': [
      {
        'extra-date': '2027-05-22',
        package: [
          { title: 'Morning', 'start-time': '9:30' },
          { title: 'Sunset', 'start-time': '18:15' },
        ],
      },
    ],
    ...option,
  });

describe('bookingTimes', () => {
  it("takes the booked package's start time before the tour's", () => {
    const option = withPackages({ 'start-time': '07:00' });
    expect(bookingTimes(option, '2027-05-22', 'Sunset')).toEqual({ date: '2027-05-22', startTime: '18:15' });
    expect(bookingTimes(option, '2027-05-22', 'Morning').startTime).toBe('09:30');
  });

  it("falls back to the tour's start time, and to an all-day single day without one", () => {
    expect(bookingTimes(tour({ 'start-time': '07:00' }), '2027-05-22', '')).toEqual({
      date: '2027-05-22',
      startTime: '07:00',
    });
    expect(bookingTimes(tour({}), '2027-05-22', '')).toEqual({ date: '2027-05-22', lastDay: '2027-05-22' });
    // An unreadable time is no time.
    expect(bookingTimes(tour({ 'start-time': '25:00' }), '2027-05-22', '').startTime).toBeUndefined();
    expect(bookingTimes(tour({ 'start-time': 'morning' }), '2027-05-22', '').startTime).toBeUndefined();
  });

  it('a multi-day tour ends on its last day (`multiple-duration`); an absurd duration is not used', () => {
    const multi = { 'tour-type': 'multiple', 'multiple-duration': '3' };
    expect(bookingTimes(tour(multi), '2027-05-30', '')).toEqual({ date: '2027-05-30', lastDay: '2027-06-01' });
    expect(bookingTimes(tour({ ...multi, 'start-time': '08:00' }), '2027-05-30', '')).toEqual({
      date: '2027-05-30',
      startTime: '08:00',
      lastDay: '2027-06-01',
    });
    expect(bookingTimes(tour({ ...multi, 'multiple-duration': '100000' }), '2027-05-30', '').lastDay).toBeUndefined();
  });
});
