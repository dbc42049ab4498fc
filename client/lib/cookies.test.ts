import { describe, expect, it } from 'vitest';
import { bookingDetailCookieValue, cookieString, readCookie } from './cookies';

describe('cookies', () => {
  it('writes the legacy cookie: URI-encoded value, lifetime in seconds, path /', () => {
    expect(cookieString('tourmaster-urgency-message', '1', 3600)).toBe(
      'tourmaster-urgency-message=1; max-age=3600; path=/; SameSite=Lax',
    );
  });

  it('0 seconds means one day', () => {
    expect(cookieString('a', 'b', 0)).toContain('max-age=86400;');
  });

  it('never writes a date, which the page computes from its own clock and the browser checks against its own', () => {
    expect(cookieString('a', 'b', 0)).not.toMatch(/expires/i);
  });

  it('the booking detail is encodeURIComponent(JSON.stringify(detail))', () => {
    const detail = {
      'tour-id': '4',
      'tour-date': '2027-05-22',
      'tour-people': ['2', '1', ''],
      note: 'a "b" + c',
      box: 0,
    };
    const value = bookingDetailCookieValue(detail);
    expect(value).toBe(encodeURIComponent(JSON.stringify(detail)));
    expect(value).toContain('%22tour-people%22%3A%5B%222%22%2C%221%22%2C%22%22%5D');
    expect(value).toContain('a%20%5C%22b%5C%22%20%2B%20c');
    expect(cookieString('tourmaster-booking-detail', JSON.stringify(detail), 0)).toBe(
      `tourmaster-booking-detail=${value}; max-age=86400; path=/; SameSite=Lax`,
    );
    expect(
      JSON.parse(readCookie('tourmaster-booking-detail', `x=1; tourmaster-booking-detail=${value}`) ?? ''),
    ).toEqual(detail);
  });
});
