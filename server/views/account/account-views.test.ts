import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { nicenameOf, sanitizeNewLogin } from '../../data/profile';
import { sniffImage } from '../../services/accounts/avatar';
import { birthDateValue, passwordRuleError, validateProfileFields } from '../../services/accounts/profile-form';
import { breakdownFromJson } from '../../tourmaster/price-breakdown';
import { adminContent, wellFormed } from './common';
import { EDIT_PROFILE_FIELDS, PROFILE_FIELDS } from './profile-fields';
import { addQueryArg, removeQueryArg } from './urls';

const parseErrors = (html: string) => {
  const errors: string[] = [];
  parse(`<!DOCTYPE html><html><head><title>x</title></head><body><div>${html}</div></body></html>`, {
    onParseError: (e) => errors.push(e.code),
  });
  return errors;
};

describe('addQueryArg (WordPress add_query_arg on the request URI)', () => {
  it('replaces an argument in place and appends new ones', () => {
    expect(
      addQueryArg('/my-account/?page_type=dashboard', {
        page_type: 'my-booking',
        sub_page: 'single',
        id: 11,
        tour_id: 4,
      }),
    ).toBe('/my-account/?page_type=my-booking&sub_page=single&id=11&tour_id=4');
    expect(addQueryArg('/my-account/?page_type=my-booking&action=remove&id=3', { id: 8, sub_page: 'single' })).toBe(
      '/my-account/?page_type=my-booking&action=remove&id=8&sub_page=single',
    );
  });
  it('removes arguments and re-encodes values as PHP urlencode does', () => {
    expect(
      removeQueryArg('/my-account/?page_type=my-booking&action=remove&id=3&_wpnonce=abc', ['action', 'id', '_wpnonce']),
    ).toBe('/my-account/?page_type=my-booking');
    expect(addQueryArg('/x/?q=a%20b', { r: "it's ~" })).toBe('/x/?q=a+b&r=it%27s+%7E');
    expect(addQueryArg('/x/', {})).toBe('/x/');
  });
});

describe('admin HTML in settings', () => {
  it('renders the navigation text as the captured page, well formed', () => {
    const text =
      '<h5>Need Help?</5>\n[gdlr_core_space height="1px"]\n[gdlr_core_icon icon="fa fa-phone" size="18px" color="#444" margin-right="10px" ] <span style="font-size: 15px; font-weight: 400;"> 1.828.456.345\n<a href="#">Help@traveltourwp.com</a>';
    const html = adminContent(text).value;
    expect(html).toContain('<span class="gdlr-core-space-shortcode" style="margin-top: 1px ;"  ></span>');
    expect(html).toContain('<i class="fa fa-phone" style="font-size: 18px ;color: #444 ;margin-right: 10px ;"  ></i>');
    expect(parseErrors(html)).toEqual([]);
  });
  it.each([
    ['<h5>x</5>y', '<h5>xy</h5>'],
    ['a</p>b', 'a<p></p>b'],
    ['<p>a<div>b</div>', '<p>a</p><div>b</div>'],
    ['<b><i>x</b>', '<b><i>x</i></b>'],
    ['x</div></div>', 'x'],
    ['a<br>b</br>', 'a<br>b<br />'],
  ])('wellFormed(%s)', (input, output) => {
    expect(wellFormed(input)).toBe(output);
    expect(parseErrors(wellFormed(input))).toEqual([]);
  });
});

describe('profile form rules', () => {
  const values = (over: Record<string, string>) => ({
    username: 'missing1',
    password: 'Str0ng#Pass2026',
    'confirm-password': 'Str0ng#Pass2026',
    first_name: 'Nora',
    last_name: 'Berg',
    gender: 'female',
    birth_date: '1990-04-12',
    email: 'nora@example.test',
    phone: '+47 912',
    country: 'Norway',
    contact_address: '',
    ...over,
  });
  it('groups messages by kind, in order of first failure (zz-state-07, zz-state-33)', () => {
    expect(validateProfileFields(PROFILE_FIELDS, values({ first_name: '', email: '', phone: '' }))).toEqual([
      'Please fill all required fields.',
      'Incorrect email address.',
    ]);
    expect(validateProfileFields(EDIT_PROFILE_FIELDS, values({ birth_date: '', phone: 'phone?' }))).toEqual([
      'Please fill all required fields.',
      'Invalid phone number, please try again.',
    ]);
    expect(validateProfileFields(PROFILE_FIELDS, values({ username: 'a@b', first_name: 'x<y' }))).toEqual([
      'Special characters is not allowed in "Username".',
      'Special characters is not allowed in "First Name".',
    ]);
    expect(validateProfileFields(PROFILE_FIELDS, values({}))).toEqual([]);
  });
  it('needs 8 characters of password after trimming, not the login or e-mail', () => {
    const who = { login: 'noraberg', email: 'nora@example.test' };
    expect(passwordRuleError('1234567', who)).toBe('The password must be at least 8 characters long.');
    expect(passwordRuleError('  1234567  ', who)).toBe('The password must be at least 8 characters long.');
    expect(passwordRuleError('12345678', who)).toBeUndefined();
    expect(passwordRuleError('x'.repeat(5000), who)).toBe('The password is too long.');
    expect(passwordRuleError('NoraBerg', who)).toBe('The password cannot be your username or email address.');
  });
  it('keeps a real birth date as the selects write it', () => {
    expect(birthDateValue('1990-4-12')).toBe('1990-4-12');
    expect(birthDateValue('1990-02-30')).toBe('');
    expect(birthDateValue('yesterday')).toBe('');
  });
});

describe('new users', () => {
  it('sanitises a login strictly, as wp_insert_user does', () => {
    expect(sanitizeNewLogin(' Nora  <b>Berg</b> ')).toBe('Nora Berg');
    expect(sanitizeNewLogin('nöra%20x&amp;y')).toBe('noraxy');
    expect(sanitizeNewLogin('john.smith@example.test')).toBe('john.smith@example.test');
  });
  it('derives the nicename as sanitize_title does', () => {
    expect(nicenameOf('Nora Berg')).toBe('nora-berg');
    expect(nicenameOf('john.smith@example.test')).toBe('john-smithexample-test');
  });
});

describe('pictures', () => {
  it('knows PNG, JPEG and GIF by their bytes only', () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    expect(sniffImage(png)?.ext).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))?.ext).toBe('jpg');
    expect(sniffImage(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))?.ext).toBe('gif');
    expect(sniffImage(Buffer.from('<svg></svg>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('<?php ?>'))).toBeUndefined();
  });
});

describe('stored price breakdowns', () => {
  it('reads order 1 as money', () => {
    const b = breakdownFromJson({
      'traveller-base-price': 120,
      'traveller-amount': '4',
      'sub-total-price': 480,
      'tax-rate': '9',
      'tax-due': 43.2,
    });
    expect(b['sub-total-price'].compare(b['traveller-base-price']!.times(4))).toBe(0);
    expect(b['tax-due']?.toString()).toBeDefined();
    expect(b['traveller-amount']).toBe('4');
    expect(b['tax-rate']).toBe('9');
  });
});
