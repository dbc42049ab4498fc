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

describe('bookingTimes: how long a timed tour lasts', () => {
  it('reads `duration-text` in hours for a timed one-day tour', () => {
    const timed = (text: string) =>
      bookingTimes(tour({ 'start-time': '16:30', 'duration-text': text }), '2027-05-22', '');
    expect(timed('5 Hours')).toEqual({ date: '2027-05-22', startTime: '16:30', hours: 5 });
    expect(timed('1 hour').hours).toBe(1);
    expect(timed('2.5 hrs').hours).toBe(2.5);
    expect(timed('2,5 h').hours).toBe(2.5);
  });

  it('gives no length for text that is not just hours, more than a day, or a tour without a start time', () => {
    for (const text of [
      '3 Days 2 Nights',
      'Half a day',
      '',
      '0 Hours',
      '25 Hours',
      '5 Hours 30 Minutes',
      'x'.repeat(5000),
    ]) {
      const times = bookingTimes(tour({ 'start-time': '16:30', 'duration-text': text }), '2027-05-22', '');
      expect(times.hours, text.slice(0, 20)).toBeUndefined();
    }
    expect(bookingTimes(tour({ 'duration-text': '5 Hours' }), '2027-05-22', '').hours).toBeUndefined();
    const multi = tour({
      'tour-type': 'multiple',
      'multiple-duration': '3',
      'start-time': '08:00',
      'duration-text': '5 Hours',
    });
    expect(bookingTimes(multi, '2027-05-22', '').hours).toBeUndefined();
  });
});
