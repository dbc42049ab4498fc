import { describe, expect, it } from 'vitest';
import { isPersonalField, Masker, maskValue } from './anonymise';

describe('personal data masking', () => {
  it.each([
    'email',
    'booking_detail[email]',
    'data[email-address]',
    'booking_detail[traveller_first_name][]',
    'data[full-name]',
    'phone',
    'billing_phone',
    'pwd',
    'log',
    'confirm-password',
    'booking_detail[contact_address]',
    'data[your-enquiry]',
    'birth_date',
  ])('masks %s', (key) => expect(isPersonalField(key)).toBe(true));

  it.each([
    'action',
    'tour_id',
    'booking_detail[tour-date]',
    'option[name]',
    'settings[title]',
    'coupon_code',
    'country',
    'gender',
  ])('keeps %s', (key) => expect(isPersonalField(key)).toBe(false));

  it("keeps each value's shape", () => {
    expect(maskValue('peter.novak@example.test')).toBe('xxxxx.xxxxx@example.com');
    expect(maskValue('+420 (777) 000-111')).toBe('+555 (555) 555-555');
    expect(maskValue('Ζωή Παπαδοπούλου')).toBe('Xxx Xxxxxxxxxxxx');
    expect(maskValue('1985-03-12')).toBe('1990-01-01');
    expect(maskValue('not-an-email@')).toBe('xxx-xx-xxxxx@');
  });

  it('masks a form byte for byte where it must, and the replies that echo it', () => {
    const masker = new Masker();
    const body = 'action=x&data%5Bfull-name%5D=Laura+Bianchi&data%5Btour-id%5D=11';
    expect(masker.maskUrlEncoded(body)).toBe('action=x&data%5Bfull-name%5D=Xxxxx+Xxxxxxx&data%5Btour-id%5D=11');
    expect(masker.maskEchoes('{"name":"Laura Bianchi","q":"Laura+Bianchi","h":"<b>Laura Bianchi</b>"}')).toBe(
      '{"name":"Xxxxx Xxxxxxx","q":"Xxxxx+Xxxxxxx","h":"<b>Xxxxx Xxxxxxx</b>"}',
    );
    expect(masker.maskJson({ email: 'a.b@c.de', 'tour-id': '4', traveller_last_name: ['Novak'] })).toEqual({
      email: 'x.x@example.com',
      'tour-id': '4',
      traveller_last_name: ['Xxxxx'],
    });
  });
});
