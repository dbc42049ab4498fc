import { describe, expect, it } from 'vitest';
import { quoteRequest } from './booking-request';

const quote = (date: unknown) => ({ tour_id: 11, date, travellers: { people: 2 } });

describe('quoteRequest date', () => {
  it.each(['', '2027-5-1', '1e3', '__proto__', '\u0000', '٢٠٢٧-٠٥-١٦'])(
    'refuses %j as a date, never throwing',
    (date) => {
      const parsed = quoteRequest.safeParse(quote(date));
      expect(parsed.success).toBe(false);
    },
  );

  it('refuses a day that is not in the calendar and takes one that is', () => {
    expect(quoteRequest.safeParse(quote('2027-02-30')).success).toBe(false);
    expect(quoteRequest.safeParse(quote('2027-02-28')).success).toBe(true);
  });
});
