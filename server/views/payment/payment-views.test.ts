import { describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_FORMAT, Money } from '../../tourmaster/money';
import { contactFieldsFor } from '../../tourmaster/payment-page';
import type { PriceBreakdown } from '../../tourmaster/price-breakdown';
import { priceBreakdown } from './breakdown';
import { paymentComplete } from './complete';
import { contactDetail } from './contact-detail';
import { serviceForm } from './service-form';
import { addDays, formatWpDate } from './travel-date';
import { travellerDetail } from './traveller-detail';

describe('formatWpDate', () => {
  it.each([
    ['2027-05-22', 'F j, Y', 'May 22, 2027'],
    ['2027-07-09', 'F j, Y', 'July 9, 2027'],
    ['2027-07-09', 'd/m/Y', '09/07/2027'],
    ['2027-07-09', 'D, jS M y', 'Fri, 9th Jul 27'],
    ['2027-07-01', 'l \\t\\h\\e jS', 'Thursday the 1st'],
    ['2027-02-10', 't L N w', '28 0 3 3'],
  ])('%s as %j → %j', (date, format, expected) => {
    expect(formatWpDate(date, format)).toBe(expected);
  });

  it('adds days across months', () => {
    expect(addDays('2027-07-30', 2)).toBe('2027-08-01');
  });
});

describe('detail views escape what the visitor typed', () => {
  const fields = contactFieldsFor({ general: {} });

  it('contact, billing and notes', () => {
    const out = contactDetail(fields, {
      contact: new Map([['first_name', '<script>x()</script>']]),
      billing: new Map([['last_name', '"><img src=x onerror=y()>']]),
      notes: '<b>late</b>',
    }).value;
    expect(out).not.toMatch(/<script|<img|<b>/);
    expect(out).toContain('>&lt;script&gt;x()&lt;/script&gt;</span>');
    expect(out).toContain('&quot;&gt;&lt;img src=x onerror=y()&gt;');
    expect(out).toContain('<span class="tourmaster-tail" >-</span>');
  });

  it('travellers, passports and extra fields', () => {
    const out = travellerDetail({
      required: true,
      withTitle: true,
      fields: [
        {
          slug: 'nationality',
          title: 'Nationality',
          type: 'text',
          required: false,
          options: [],
          default: '',
          width: '',
          attributes: {},
        },
      ],
      detail: {
        traveller_title: ['mrs', '<i>'],
        traveller_first_name: ['<svg onload=a()>', ''],
        traveller_last_name: ['Rossi', ''],
        traveller_passport: ['<p>1</p>'],
        traveller_nationality: ['<u>IT</u>'],
      },
    }).toString();
    expect(out).not.toMatch(/<svg|<p>|<u>/);
    expect(out).toContain(
      'Mrs &lt;svg onload=a()&gt; Rossi<br>Passport ID : &lt;p&gt;1&lt;/p&gt;<br>Nationality &lt;u&gt;IT&lt;/u&gt;',
    );
    expect(out).not.toContain('Traveller 2');
  });
});

describe('serviceForm', () => {
  it('one checkbox and one amount input per service, in order', () => {
    const out = serviceForm({
      items: [
        { id: '20', title: 'Lunch', option: { price: '15', per: 'person' } },
        { id: '21', title: 'Kayak', option: { price: '25.5', per: 'unit', 'max-unit': '4' } },
        { id: '22', title: 'Odd', option: { price: '1', per: 'weird' } },
        { id: '23', title: 'Tax', option: { price: '5', per: 'group', mandatory: 'enable' } },
      ],
      chosen: new Map([['21', '3']]),
      format: DEFAULT_MONEY_FORMAT,
    }).value;
    expect(out.match(/name="service\[\]"/g)).toHaveLength(4);
    expect(out.match(/name="service-amount\[\]"/g)).toHaveLength(4);
    expect(out).toContain('value="21" checked');
    expect(out).toContain('value="3"  data-max-unit="4"');
    expect(out).toContain('value="23" checked data-mandatory aria-disabled="true"');
    expect(out).not.toMatch(/ on[a-z]+=/);
    expect(out).toContain('>$15</span>');
    expect(out).toContain('>$25.50</span>');
  });
});

describe('priceBreakdown', () => {
  const base = { 'sub-total-price': Money.of(300) } as PriceBreakdown;

  it('rooms with supplements', () => {
    const out = priceBreakdown({
      breakdown: {
        ...base,
        room: [
          {
            'enable-supplement-price': 'enable',
            'base-price': Money.of(100),
            'traveller-amount': '1',
            'single-supplement-price': Money.of(40),
          },
        ],
      },
      format: DEFAULT_MONEY_FORMAT,
      couponAfterTax: false,
      serviceTitles: new Map(),
    }).value;
    expect(out).toContain('Room 1 :</span><span class="tourmaster-tail" >1 Traveller </span>');
    expect(out).toContain('Single Person Price :</span><span class="tourmaster-tail tourmaster-right" >$100.00');
    expect(out).toContain('Single Supplement Price :</span><span class="tourmaster-tail tourmaster-right" >$40.00');
  });

  it('group discount, coupon after tax', () => {
    const out = priceBreakdown({
      breakdown: {
        ...base,
        'group-discount-traveller': 4,
        'group-discount-rate': '10%',
        'group-discounted-price': Money.of(270),
        'coupon-code': 'SUMMER10',
        'coupon-text': '10%',
        'coupon-amount': Money.of('29.43'),
        'tax-rate': '9',
        'tax-due': Money.of('24.30'),
      },
      format: DEFAULT_MONEY_FORMAT,
      couponAfterTax: true,
      serviceTitles: new Map(),
    }).value;
    expect(out).toContain('Group Discount (4 people)</span><span class="tourmaster-tail tourmaster-right" >10%');
    expect(out.indexOf('tax-due')).toBeLessThan(out.indexOf('coupon-code'));
    expect(out).toContain('- $29.43');
  });
});

describe('paymentComplete', () => {
  it('guest: home page; member: dashboard; bottom text as the admin wrote it', () => {
    const guest = paymentComplete({
      loggedIn: false,
      membership: true,
      dashboardUrl: '',
      homeUrl: 'http://example.test/',
      bottomText: '',
    }).value;
    expect(guest).toContain('href="http://example.test/" >Go to homepage');
    expect(guest).not.toContain('bottom-text');
    const member = paymentComplete({
      loggedIn: true,
      membership: true,
      dashboardUrl: 'http://example.test/my-account/',
      homeUrl: 'http://example.test/',
      bottomText: '<p>Call us</p>',
      delayed: true,
    }).value;
    expect(member).toContain('( There might be some delay processing the paypal payment )');
    expect(member).toContain('<div class="tourmaster-payment-complete-bottom-text" ><p>Call us</p></div>');
  });
});
