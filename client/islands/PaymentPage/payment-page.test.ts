import { describe, expect, it } from 'vitest';
import { readSidebarVars } from './adapter/sidebar-vars';
import { EMAIL_PATTERN, firstProblem, problemOf } from './ContactStep/validation';
import { bookingDetailCookie, overlayFields, parseBookingDetail, replyOutcome, stepItemState, textOf } from './detail';
import { paypalAmount, windowAssignments } from './window-vars';

describe('the booking detail', () => {
  it('reads data-booking-detail: an object, else empty', () => {
    expect(parseBookingDetail('{"tour-id":"4","tour-people":"2"}')).toEqual({ 'tour-id': '4', 'tour-people': '2' });
    expect(parseBookingDetail('[]')).toEqual({});
    expect(parseBookingDetail('""')).toEqual({});
    expect(parseBookingDetail('{oops')).toEqual({});
    expect(parseBookingDetail(null)).toEqual({});
  });

  it('overlays the named fields as the legacy script did', () => {
    const detail = overlayFields({ 'tour-id': '4', traveller_first_name: ['Old'], step: '2' }, [
      { name: 'traveller_first_name[]', kind: 'other', value: 'Peter', checked: false },
      { name: 'traveller_first_name[]', kind: 'other', value: 'Jana', checked: false },
      { name: 'email', kind: 'other', value: 'p@example.test', checked: false },
      { name: 'term-and-service', kind: 'checkbox', value: 'on', checked: false },
      { name: 'service[]', kind: 'checkbox', value: '51', checked: true },
      { name: 'service[]', kind: 'checkbox', value: '52', checked: false },
      { name: 'payment-type', kind: 'radio', value: 'full', checked: false },
      { name: 'payment-type', kind: 'radio', value: 'partial', checked: true },
    ]);
    expect(detail).toEqual({
      'tour-id': '4',
      traveller_first_name: ['Peter', 'Jana'],
      step: '2',
      email: 'p@example.test',
      'term-and-service': 0,
      service: ['51', 0],
      'payment-type': 'partial',
    });
  });

  it('writes the cookie as the legacy script wrote it, for one day', () => {
    expect(bookingDetailCookie({ 'tour-id': '4', name: 'A & B' })).toBe(
      'tourmaster-booking-detail=%7B%22tour-id%22%3A%224%22%2C%22name%22%3A%22A%20%26%20B%22%7D; max-age=86400; path=/; SameSite=Lax',
    );
    expect(bookingDetailCookie('')).toMatch(/^tourmaster-booking-detail=%22%22;/);
  });
});

describe('the step bar', () => {
  it('marks step 1 checked, the current one, earlier ones clickable, later ones not', () => {
    expect([1, 2, 3, 4].map((n) => stepItemState(n, 3, true))).toEqual([
      { className: 'tourmaster-checked', current: false, clickable: false },
      { className: 'tourmaster-enable', current: false, clickable: true },
      { className: 'tourmaster-current', current: true, clickable: false },
      { className: '', current: false, clickable: false },
    ]);
  });

  it('checks every step once the booking is complete', () => {
    expect([1, 2, 3, 4].map((n) => stepItemState(n, 4, true).className)).toEqual(Array(4).fill('tourmaster-checked'));
    expect(stepItemState(4, 4, true).current).toBe(true);
  });

  it('an order being paid cannot go back to its contact step', () => {
    expect(stepItemState(2, 3, false)).toEqual({ className: 'tourmaster-checked', current: false, clickable: false });
  });
});

describe('what a reply means', () => {
  it('completion, refusal, or the next step as the server stored it', () => {
    const complete = '<div class="tourmaster-payment-complete-wrap" >Booking Completed!</div>';
    expect(replyOutcome({ content: complete, cookie: '' }, 4, false)).toEqual({ kind: 'complete' });
    const refused = '<div class="tourmaster-tour-booking-error" >Please agree to all the terms &amp; conditions.</div>';
    expect(replyOutcome({ content: refused, cookie: { step: '4' } }, 4, false)).toEqual({
      kind: 'refused',
      message: 'Please agree to all the terms & conditions.',
    });
    expect(replyOutcome({ content: '<form>', cookie: { step: '2' } }, 3, false)).toEqual({ kind: 'page', step: 2 });
    expect(replyOutcome({ content: '<form>' }, 3, false)).toEqual({ kind: 'page', step: 3 });
    // The page's own error (no tour) at steps 2–3 replaces the content.
    expect(replyOutcome({ content: refused, cookie: [] }, 3, false)).toEqual({ kind: 'page', step: 3 });
  });

  it('reads the text of the error box', () => {
    expect(textOf('<div class="x" >A<br>B &quot;C&quot; &#039;D&#039;</div>')).toBe('A B "C" \'D\'');
  });
});

describe('the contact step checks', () => {
  const rules = { required: true, email: false, phone: false };
  it('finds missing, malformed e-mail and phone values, a missing one first', () => {
    expect(problemOf('', rules)).toBe('default');
    expect(problemOf('  ', rules)).toBe('default');
    expect(problemOf('x', rules)).toBeUndefined();
    expect(problemOf('peter@', { ...rules, email: true })).toBe('email');
    expect(problemOf('peter@example.test', { ...rules, email: true })).toBeUndefined();
    expect(problemOf('call me', { ...rules, phone: true })).toBe('phone');
    expect(problemOf('+45 (20) 30-40.50', { ...rules, phone: true })).toBeUndefined();
    expect(problemOf('', { required: false, email: true, phone: false })).toBeUndefined();
    expect(firstProblem(['phone', 'email', undefined])).toBe('email');
    expect(firstProblem(['phone', 'default'])).toBe('default');
    expect(firstProblem([undefined])).toBeUndefined();
    expect(EMAIL_PATTERN.test('a.b@c.de')).toBe(true);
    expect(EMAIL_PATTERN.test('a@b')).toBe(false);
  });
});

describe('the sidebar scripts', () => {
  const scripts = [
    { text: 'window.tourmaster_transaction_id = "12"; window.tourmaster_total_price = "261.6"; ', src: '' },
    { text: '', src: 'https://www.paypal.com/sdk/js?client-id=abc-123&currency=EUR&disable-funding=card' },
    {
      text: 'window.tourmaster_paypal_currency_code="EUR"; window.tourmaster_paypal_full_amount="269.45"; window.tourmaster_paypal_deposit_amount="80.84"; window.tourmaster_payment_type="full"; window.tourmaster_paypal_pay_amount = window.tourmaster_paypal_full_amount; ',
      src: '',
    },
  ];

  it('reads the values without running anything', () => {
    expect(readSidebarVars(scripts)).toEqual({
      transactionId: '12',
      totalPrice: '261.6',
      paypal: {
        sdkUrl: 'https://www.paypal.com/sdk/js?client-id=abc-123&currency=EUR&disable-funding=card',
        clientId: 'abc-123',
        currency: 'EUR',
        fullAmount: '269.45',
        depositAmount: '80.84',
        paymentType: 'full',
      },
    });
    expect(readSidebarVars([{ text: 'window.tourmaster_total_price = "1700.4"; ', src: '' }])).toEqual({
      totalPrice: '1700.4',
    });
  });

  it('ignores scripts from anywhere but PayPal', () => {
    expect(readSidebarVars([{ text: '', src: 'https://evil.test/sdk/js?client-id=x' }])).toEqual({});
  });

  it('charges the full or the deposit amount the server computed', () => {
    const { paypal } = readSidebarVars(scripts);
    expect(paypalAmount(paypal, 'full')).toBe('269.45');
    expect(paypalAmount(paypal, 'partial')).toBe('80.84');
    expect(paypalAmount({ fullAmount: 'NaN' }, 'full')).toBeUndefined();
    expect(windowAssignments(readSidebarVars(scripts), 'partial')).toMatchObject({
      tourmaster_payment_type: 'partial',
      tourmaster_paypal_pay_amount: '80.84',
    });
  });
});
