import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DUMP } from '../core/config';
import { parseDump } from '../data/mysql-dump';
import { unserialize } from '../php/serialize';
import { capturedMail } from '../testing/captured-mail';
import { Money } from '../tourmaster/money';
import type { TourOrder } from '../tourmaster/order';
import type { TourmasterSettings } from '../tourmaster/settings';
import { confirmationMailHtml } from '../views/payment/confirmation';
import { createMemoryMailer, type Mailer } from './mailer';
import { type OrderMailContext, renderOrderMails, sendOrderMails } from './order-mails';

/** The site's own option arrays, as the fixture dump stores them. */
function siteOptions(): { general: Record<string, unknown>; payment: Record<string, unknown> } {
  const out: Record<string, Record<string, unknown>> = {};
  for (const s of parseDump(readFileSync(DEFAULT_SEED_DUMP, 'utf8'))) {
    if (s.kind !== 'insert' || !s.table.endsWith('options')) continue;
    for (const row of s.rows)
      if (row[1] === 'tourmaster_general' || row[1] === 'tourmaster_payment')
        out[String(row[1])] = unserialize(String(row[2])) as Record<string, unknown>;
  }
  return { general: out.tourmaster_general ?? {}, payment: out.tourmaster_payment ?? {} };
}

const OPTIONS = siteOptions();

function settings(general: Record<string, unknown> = {}): TourmasterSettings {
  return { general: { ...OPTIONS.general, ...general }, payment: OPTIONS.payment, timezone: '', gmtOffsetHours: 0 };
}

function order(overrides: Partial<TourOrder> = {}): TourOrder {
  return {
    id: 12,
    userId: 0,
    bookingDate: '2026-11-21 23:22:42',
    tourId: 4,
    travelDate: '2027-05-22',
    packageGroupSlug: '',
    travellerAmount: 2,
    maleAmount: 0,
    femaleAmount: 0,
    contactInfo: {
      first_name: 'Peter',
      last_name: 'Novak',
      email: 'peter.novak@example.test',
      phone: '+420 777 000 111',
      country: 'Czech Republic',
      contact_address: 'Vaclavske nam. 1, Praha',
      additional_notes: 'Vegetarian meal please',
    },
    billingInfo: [],
    travellerInfo: null,
    couponCode: null,
    status: 'pending',
    paymentDate: '0000-00-00 00:00:00',
    totalPrice: '261.6000',
    totalPriceCents: 26160,
    pricingInfo: null,
    paymentInfo: null,
    bookingDetail: { 'tour-id': 4, 'tour-date': '2027-05-22', 'tour-people': '2' },
    currency: null,
    woocommerceOrderId: null,
    ...overrides,
  };
}

const SANTORINI = {
  id: 4,
  title: 'Santorini Caldera Sunset Cruise',
  url: 'http://127.0.0.1:8080/tour/santorini-caldera-sunset-cruise/',
};
const ATHENS = {
  id: 5,
  title: 'Athens Acropolis & Plaka Walking Tour',
  url: 'http://127.0.0.1:8080/tour/athens-acropolis-plaka-walking-tour/',
};
const SITE = {
  homeUrl: 'http://127.0.0.1:8080',
  name: 'Aegean Trails',
  userPageUrl: 'http://127.0.0.1:8080/my-account/',
};
const NOW = new Date('2026-11-21T23:22:42Z');

function ctx(overrides: Partial<OrderMailContext> = {}): OrderMailContext {
  return { order: order(), tour: SANTORINI, site: SITE, settings: settings(), now: NOW, ...overrides };
}

/** Order numbers, dates and account links are the volatile parts between captures. */
function normalise(html: string): string {
  return html
    .replace(/>#\d+</g, '>#N<')
    .replace(/(id=)\d+(&#038;tour_id=)\d+/g, '$1N$2N')
    .replace(/[A-Z][a-z]+ \d{1,2}, \d{4}/g, 'DATE');
}

describe('order mails against the captured legacy mails', () => {
  it('guest pay-later: guest-booking-made-mail, byte for byte', () => {
    const legacy = capturedMail('payment_template-s4-guest-booking-creates-order-1');
    const { messages, skipped } = renderOrderMails({ type: 'guest-booking-made' }, ctx());
    expect(messages).toHaveLength(1);
    const mail = messages[0]!;
    expect(mail.type).toBe('guest-booking-made-mail');
    expect(mail.html).toBe(legacy.body);
    expect(mail.to).toEqual([legacy.headers.get('to')]);
    expect(mail.subject).toBe(legacy.headers.get('subject'));
    expect(`${mail.from.name} <${mail.from.address}>`).toBe(legacy.headers.get('from'));
    // admin-email-address is empty on the fixture site: no admin copy, as captured.
    expect(skipped).toEqual([{ type: 'admin-guest-booking-made-mail', reason: 'no-recipient' }]);
  });

  it('guest flow with an empty note (order 16)', () => {
    const legacy = capturedMail('flow-guest-booking-9-ajax-book-now-pay-later-step4-1');
    const o = order({
      id: 16,
      travelDate: '2027-05-29',
      totalPrice: '353.1600',
      contactInfo: { first_name: 'Helga', last_name: 'Larsen', email: 'helga.larsen@example.test' },
    });
    const mail = renderOrderMails({ type: 'guest-booking-made' }, ctx({ order: o })).messages[0]!;
    expect(mail.html).toBe(legacy.body);
  });

  it('logged-in pay-later: booking-made-mail with payment and invoice links', () => {
    const legacy = capturedMail('payment_template-s4-customer1-pay-later-1');
    const o = order({
      userId: 2,
      travelDate: '2027-05-15',
      contactInfo: {
        first_name: 'Elena',
        last_name: 'Rossi',
        email: 'elena.rossi@example.test',
        additional_notes: 'Late arrival',
      },
    });
    const { messages } = renderOrderMails({ type: 'booking-made' }, ctx({ order: o }));
    expect(messages.map((m) => m.type)).toEqual(['booking-made-mail']);
    expect(messages[0]!.html).toBe(legacy.body);
    expect(messages[0]!.subject).toBe('You have made a new booking');
  });

  it('variable pricing on a title with "&" (texturized to &#038;)', () => {
    const legacy = capturedMail('payment_template-s4-customer2-pay-later-variable-1');
    const o = order({
      id: 99,
      tourId: 5,
      travelDate: '2027-01-02',
      totalPrice: '109.0000',
      contactInfo: {
        first_name: 'Elena',
        last_name: 'Rossi',
        email: 'elena.rossi@example.test',
        additional_notes: 'Late arrival',
      },
    });
    const html = renderOrderMails({ type: 'booking-made' }, ctx({ order: o, tour: ATHENS })).messages[0]!.html;
    expect(normalise(html)).toBe(normalise(legacy.body));
  });

  it('booking cancelled by the customer', () => {
    const legacy = capturedMail('zz-state-26-form-booking-cancel-customer2-own-pending-1');
    const o = order({
      id: 3,
      tourId: 5,
      travelDate: '2027-05-06',
      contactInfo: { first_name: 'John', last_name: 'Smith', email: 'john.smith@example.test' },
    });
    const mail = renderOrderMails({ type: 'booking-cancelled', by: 'customer' }, ctx({ order: o, tour: ATHENS }))
      .messages[0]!;
    expect(mail.html).toBe(legacy.body);
    expect(mail.subject).toBe(legacy.headers.get('subject'));
    expect(mail.to).toEqual(['john.smith@example.test']);
  });
});

describe('which mails an event sends', () => {
  const withAdmin = settings({
    'admin-email-address': 'ops@aegean-trails.example.test, desk@aegean-trails.example.test',
  });

  it('sends nothing when system-email-address is empty', () => {
    const r = renderOrderMails({ type: 'booking-made' }, ctx({ settings: settings({ 'system-email-address': '' }) }));
    expect(r.messages).toEqual([]);
    expect(r.skipped.map((s) => s.reason)).toEqual(['no-sender', 'no-sender']);
  });

  it('"Your booking" follows the admin text in the customer mail only, and only for a booking made or paid', () => {
    const confirmation = confirmationMailHtml({
      orderId: 12,
      tourTitle: 'Santorini Caldera Sunset Cruise',
      travelDate: 'May 22, 2027',
      travellers: '2 travellers',
      total: '$261.60',
      paid: '$0.00',
      due: '$261.60',
      manageUrl: 'http://127.0.0.1:8080/?tourmaster-manage=12.1816128000.abc',
    });
    const legacy = capturedMail('payment_template-s4-guest-booking-creates-order-1');
    const guest = renderOrderMails({ type: 'guest-booking-made' }, ctx({ confirmation, settings: withAdmin })).messages;
    const [customer, admin] = guest as [(typeof guest)[0], (typeof guest)[0]];
    const content = (html: string) => html.slice(0, html.indexOf('<div class="tourmaster-mail-footer"'));
    // The admin's text as before, then the block, inside the mail's content.
    expect(content(customer.html).startsWith(content(legacy.body).replace(/<\/div>$/, ''))).toBe(true);
    expect(customer.html).toContain('class="dropin-mail-order-confirmation"');
    expect(customer.html).toContain('href="http://127.0.0.1:8080/?tourmaster-manage=12.1816128000.abc"');
    expect(customer.html.replace(/<[^>]+>/g, '')).toContain('Amount Due : $261.60');
    expect(admin.type).toBe('admin-guest-booking-made-mail');
    expect(admin.html).not.toContain('dropin-mail-order-confirmation');
    const cancelled = renderOrderMails({ type: 'booking-cancelled', by: 'customer' }, ctx({ confirmation })).messages;
    expect(cancelled[0]!.html).not.toContain('dropin-mail-order-confirmation');
  });

  it('admin copies go to admin-email-address with Reply-To the customer and CC the tour', () => {
    const r = renderOrderMails(
      { type: 'booking-made-approval' },
      ctx({ settings: withAdmin, tour: { ...SANTORINI, ccMail: 'guide@example.test,not-an-address' } }),
    );
    expect(r.messages.map((m) => m.type)).toEqual(['booking-made-approval-mail', 'admin-booking-made-approval-mail']);
    const admin = r.messages[1]!;
    expect(admin.to).toEqual(['ops@aegean-trails.example.test', 'desk@aegean-trails.example.test']);
    expect(admin.replyTo).toBe('peter.novak@example.test');
    expect(admin.cc).toEqual(['guide@example.test']);
    expect(r.messages[0]!.cc).toBeUndefined();
    expect(r.messages[0]!.replyTo).toBeUndefined();
    // A type the site never saved gets the default text rather than an empty mail.
    expect(r.messages[0]!.subject).toMatch(/wait for approval/);
    expect(admin.html).toContain('http://127.0.0.1:8080/wp-admin/admin.php?page=tourmaster_order&#038;single=12');
  });

  it('honours enable-{type}', () => {
    const r = renderOrderMails(
      { type: 'booking-made' },
      ctx({ settings: settings({ 'enable-booking-made-mail': 'disable', 'admin-email-address': 'ops@example.test' }) }),
    );
    expect(r.messages.map((m) => m.type)).toEqual(['admin-booking-made-mail']);
    expect(r.skipped).toEqual([{ type: 'booking-made-mail', reason: 'disabled' }]);
  });

  it('mails a cancellation by the daily job only when enable-cancel-booking-mail is on', () => {
    const event = { type: 'booking-cancelled', by: 'daily-job' } as const;
    expect(renderOrderMails(event, ctx()).messages).toEqual([]);
    const on = renderOrderMails(event, ctx({ settings: settings({ 'enable-cancel-booking-mail': 'enable' }) }));
    expect(on.messages.map((m) => m.type)).toEqual(['booking-cancelled-mail']);
  });

  it('a full PayPal payment: payment-made-mail, admin mail and the invoice to the billing address', () => {
    const o = order({
      status: 'online-paid',
      paymentDate: '2026-11-21 23:30:00',
      billingInfo: { first_name: 'Peter', last_name: 'Novak', email: 'billing@example.test', contact_address: 'Praha' },
      pricingInfo: {
        'paid-amount': 0,
        'pay-amount': 269.448,
        'total-price': 261.6,
        'price-breakdown': {
          'traveller-base-price': 120,
          'traveller-amount': '2',
          'sub-total-price': 240,
          'tax-rate': '9',
          'tax-due': 21.6,
        },
      },
      paymentInfo: [
        {
          payment_method: 'paypal',
          submission_date: '2026-11-21 23:30:00',
          transaction_id: '5O190127TN364715T',
          amount: 269.45,
          payment_status: 'paid',
        },
      ],
    });
    const payment = {
      method: 'paypal',
      submissionDate: '2026-11-21 23:30:00',
      transactionId: '5O190127TN364715T',
      amount: Money.of('269.45'),
    };
    const r = renderOrderMails({ type: 'online-payment', payment }, ctx({ order: o, settings: withAdmin }));
    expect(r.messages.map((m) => m.type)).toEqual([
      'payment-made-mail',
      'admin-online-payment-made-mail',
      'customer-invoice',
    ]);
    const customer = r.messages[0]!.html;
    expect(customer).toContain(
      '<span class="tourmaster-head" >Payment Method :</span> <span class="payment-method" >Paypal</span>',
    );
    expect(customer).toContain('<span class="payment-method" >11:30 pm November 21, 2026</span>');
    expect(customer).toContain('<span class="payment-method" >5O190127TN364715T</span>');
    expect(customer).toContain('<div class="tourmaster-mail-spaces" style="margin-bottom: 25px;" ></div>');
    const invoice = r.messages[2]!;
    expect(invoice.to).toEqual(['billing@example.test']);
    expect(invoice.subject).toBe('Invoice From WORDPRESS');
    expect(invoice.html).toContain('Invoice ID : #12');
    expect(invoice.html).toContain('$269.45');
    expect(invoice.html).toContain('Tax (9%)');
    expect(invoice.html).toContain('5O190127TN364715T');
  });

  it('a deposit with its payment_info breakdown', () => {
    const entry = {
      payment_method: 'stripe',
      amount: 80.8,
      deposit_amount: 78.48,
      deposit_credit_card_service_rate: '3',
      deposit_credit_card_service_fee: 2.3544,
    };
    const r = renderOrderMails(
      { type: 'deposit-payment', payment: { method: 'stripe', submissionDate: '2026-11-21 10:00:00', entry } },
      ctx(),
    );
    const html = r.messages[0]!.html;
    expect(r.messages[0]!.subject).toBe('Your deposit has been successfully processed');
    expect(html).toContain('Deposit Amount :</span> <span class="payment-method" >$78.48');
    expect(html).toContain('Credit Card Fee (3%) :</span> <span class="payment-method" >$2.35');
    expect(html).toContain('Paid Amount</span><span class="payment-method" >$80.80');
    expect(html).toContain('Credit Card</span>');
  });
});

describe('mail safety', () => {
  it('escapes every customer value in the body', () => {
    const o = order({
      contactInfo: {
        first_name: '<script>alert(1)</script>',
        last_name: 'O"Brien',
        email: 'peter.novak@example.test',
        phone: '<img src=x onerror=alert(1)>',
        additional_notes: '<b>bold</b> {payment-link}',
      },
    });
    const general = { 'guest-booking-made-mail': '{customer-name} {phone} {customer-note} {unknown-token}' };
    const html = renderOrderMails({ type: 'guest-booking-made' }, ctx({ order: o, settings: settings(general) }))
      .messages[0]!.html;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>bold');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('O&quot;Brien');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // A placeholder typed by the customer stays text; an unknown placeholder stays as written.
    expect(html).toContain('{payment-link}');
    expect(html).toContain('{unknown-token}');
  });

  it('strips line breaks from names and subjects so no header can be injected', () => {
    const r = renderOrderMails(
      { type: 'guest-booking-made' },
      ctx({
        tour: { ...SANTORINI, title: 'Evil\r\nBcc: victim@example.test' },
        settings: settings({
          'system-email-name': 'Evil\r\nBcc: x@y',
          'guest-booking-made-mail-title': 'Booking {id} on {tour-name}\nX-Injected: 1',
        }),
      }),
    );
    const mail = r.messages[0]!;
    expect(mail.from.name).toBe('Evil Bcc: x@y');
    expect(mail.subject).toBe('Booking 12 on Evil Bcc: victim@example.test X-Injected: 1');
    expect(`${mail.from.name}${mail.subject}`).not.toMatch(/[\r\n]/);
  });

  it('sends nothing to an address that carries a header, and no Reply-To from it', () => {
    const o = order({
      contactInfo: { first_name: 'A', last_name: 'B', email: 'peter.novak@example.test\r\nBcc: x@y.test' },
    });
    const r = renderOrderMails(
      { type: 'guest-booking-made' },
      ctx({ order: o, settings: settings({ 'admin-email-address': 'ops@example.test' }) }),
    );
    expect(r.skipped).toEqual([{ type: 'guest-booking-made-mail', reason: 'no-recipient' }]);
    expect(r.messages.map((m) => m.type)).toEqual(['admin-guest-booking-made-mail']);
    expect(r.messages[0]!.replyTo).toBeUndefined();
    // PHP's is_email accepts a trailing newline; we do not.
    const trailing = order({ contactInfo: { first_name: 'A', last_name: 'B', email: 'peter@example.test\n' } });
    expect(renderOrderMails({ type: 'guest-booking-made' }, ctx({ order: trailing })).messages).toEqual([]);
  });
});

describe('sendOrderMails', () => {
  it('returns what it sent', async () => {
    const mailer = createMemoryMailer();
    const report = await sendOrderMails(mailer, { type: 'guest-booking-made' }, ctx());
    expect(report.sent).toHaveLength(1);
    expect(report.sent[0]).toMatchObject({ type: 'guest-booking-made-mail', to: ['peter.novak@example.test'] });
    expect(mailer.sent[0]!.subject).toBe('You have made a new booking via email');
    expect(report.failed).toEqual([]);
  });

  it('never throws: a failing mail is reported and the next one is still sent', async () => {
    const sent: string[] = [];
    const flaky: Mailer = {
      kind: 'memory',
      async send(message) {
        if (message.type === 'booking-made-mail') throw new Error('relay down');
        sent.push(message.type);
        return { messageId: '<1@x>', location: 'memory' };
      },
      async close() {},
    };
    const report = await sendOrderMails(
      flaky,
      { type: 'booking-made' },
      ctx({ settings: settings({ 'admin-email-address': 'ops@example.test' }) }),
    );
    expect(report.failed.map((f) => f.type)).toEqual(['booking-made-mail']);
    expect((report.failed[0]!.error as Error).message).toBe('relay down');
    expect(sent).toEqual(['admin-booking-made-mail']);
  });

  it('never throws on an order whose JSON columns are garbage', async () => {
    const o = order({ contactInfo: 'not json', bookingDetail: [1, 2], pricingInfo: 42, billingInfo: null });
    const report = await sendOrderMails(
      createMemoryMailer(),
      { type: 'online-payment', payment: { method: 'paypal', submissionDate: 'x' } },
      ctx({ order: o }),
    );
    expect(report.sent).toEqual([]);
    expect(report.skipped.map((s) => s.reason)).toEqual(['no-recipient', 'no-recipient', 'no-recipient']);
  });
});
