import { describe, expect, it } from 'vitest';
import { bookingDetailCookieValue, cookieString, readCookie } from './cookies';

describe('cookies', () => {
  const now = Date.UTC(2026, 10, 21, 23, 30);

  it('writes the legacy cookie: URI-encoded value, expiry in seconds, path /', () => {
    expect(cookieString('tourmaster-urgency-message', '1', 3600, now)).toBe(
      'tourmaster-urgency-message=1; expires=Sun, 22 Nov 2026 00:30:00 GMT; path=/',
    );
  });

  it('0 seconds means one day', () => {
    expect(cookieString('a', 'b', 0, now)).toContain('expires=Sun, 22 Nov 2026 23:30:00 GMT');
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
    expect(cookieString('tourmaster-booking-detail', JSON.stringify(detail), 0, now)).toBe(
      `tourmaster-booking-detail=${value}; expires=Sun, 22 Nov 2026 23:30:00 GMT; path=/`,
    );
    expect(
      JSON.parse(readCookie('tourmaster-booking-detail', `x=1; tourmaster-booking-detail=${value}`) ?? ''),
    ).toEqual(detail);
  });
});
