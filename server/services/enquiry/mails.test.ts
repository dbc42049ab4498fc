import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DUMP } from '../../core/config';
import { parseDump } from '../../data/mysql-dump';
import { createMemoryMailer, type Mailer } from '../../mail/mailer';
import { unserialize } from '../../php/serialize';
import { capturedMail } from '../../testing/captured-mail';
import { type EnquiryMailInput, renderEnquiryMails, sendEnquiryMails } from './mails';

/** The site's `tourmaster_general`, as the fixture dump stores it. */
function siteGeneral(): Record<string, unknown> {
  for (const s of parseDump(readFileSync(DEFAULT_SEED_DUMP, 'utf8'))) {
    if (s.kind !== 'insert' || !s.table.endsWith('options')) continue;
    for (const row of s.rows)
      if (row[1] === 'tourmaster_general') return unserialize(String(row[2])) as Record<string, unknown>;
  }
  return {};
}

const GENERAL = siteGeneral();
const CORFU = {
  title: 'Corfu Old Town & Paleokastritsa',
  url: 'http://127.0.0.1:8080/tour/corfu-old-town-paleokastritsa/',
};

function input(data: Record<string, string>, general: Record<string, unknown> = {}): EnquiryMailInput {
  return {
    data: {
      'tour-id': '11',
      'tourmaster-require-acceptance': 'on',
      ...data,
    },
    email: data['email-address'] ?? '',
    tour: CORFU,
    general: { ...GENERAL, ...general },
    tourAdminContent: '',
    tourCustomerContent: '',
    now: new Date('2026-11-21T23:22:43Z'),
  };
}

const LAURA = {
  'full-name': 'Laura Bianchi',
  'email-address': 'laura.bianchi@example.test',
  'your-enquiry': 'Is the tour suitable for a 70 year old?',
};

describe('enquiry mails against the captured legacy mails', () => {
  it('the visitor copy, byte for byte (guest)', () => {
    const legacy = capturedMail('enquiry-corfu-ok-1');
    const { customer } = renderEnquiryMails(input(LAURA));
    expect(customer).toBeDefined();
    expect(customer!.html).toBe(legacy.body);
    expect(customer!.subject).toBe(legacy.headers.get('subject'));
    expect(customer!.to).toEqual([legacy.headers.get('to')]);
    expect(`${customer!.from.name} <${customer!.from.address}>`).toBe(legacy.headers.get('from'));
  });

  it('the visitor copy, byte for byte (logged-in customer1)', () => {
    const legacy = capturedMail('enquiry-corfu-customer1-logged-in-1');
    const { customer } = renderEnquiryMails(
      input({
        'full-name': 'Maria Papadopoulou',
        'email-address': 'maria.papadopoulou@example.test',
        'your-enquiry': 'Can we join with a child of 4?',
      }),
    );
    expect(customer!.html).toBe(legacy.body);
  });

  it('the site mail goes to system-email-address when admin-email-address is empty (legacy: lost)', () => {
    const { admin } = renderEnquiryMails(input(LAURA));
    expect(admin).toMatchObject({
      to: ['bookings@aegean-trails.example.test'],
      replyTo: 'laura.bianchi@example.test',
      subject: 'You received a new enquiry',
      from: { name: 'WORDPRESS', address: 'bookings@aegean-trails.example.test' },
    });
    expect(admin!.html).toContain('<p>Dear Admin,</p>');
    expect(admin!.html).toContain(
      '<p>You received a new enquiry from <a style="color: #4290de; text-decoration: none;"  href="http://127.0.0.1:8080/tour/corfu-old-town-paleokastritsa/" >Corfu Old Town &#038; Paleokastritsa</a></p>',
    );
    expect(admin!.html).toContain('<p>From: Laura Bianchi</p>');
    expect(admin!.html).toContain('<p>Message: Is the tour suitable for a 70 year old?</p>');
  });

  it('the site mail goes to admin-email-address (a list) when set', () => {
    const { admin } = renderEnquiryMails(
      input(LAURA, { 'admin-email-address': 'ops@aegean-trails.example.test, desk@aegean-trails.example.test' }),
    );
    expect(admin!.to).toEqual(['ops@aegean-trails.example.test', 'desk@aegean-trails.example.test']);
  });

  it("the tour's own mail bodies win over the site's", () => {
    const mails = renderEnquiryMails({
      ...input(LAURA),
      tourAdminContent: 'Tour admin body {full-name}',
      tourCustomerContent: 'Tour customer body {full-name}',
    });
    expect(mails.admin!.html).toContain('<p>Tour admin body Laura Bianchi</p>');
    expect(mails.customer!.html).toContain('<p>Tour customer body Laura Bianchi</p>');
  });

  it('escapes every posted value in both mails; placeholders expand once', () => {
    const mails = renderEnquiryMails(
      input({
        'full-name': '<script>alert(1)</script> {email-address}',
        'email-address': 'laura.bianchi@example.test',
        'your-enquiry': 'Hi <img src=x onerror=alert(1)> & "bye"\nsecond line',
      }),
    );
    for (const mail of [mails.admin!, mails.customer!]) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; {email-address}');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;bye&quot;<br />\nsecond line');
    }
  });

  it('keeps headers on one line: a subject placeholder with a line break is flattened', () => {
    const { customer } = renderEnquiryMails(
      input(
        { ...LAURA, 'full-name': 'Laura\r\nBcc: victim@example.test' },
        { 'enquiry-mail-title': 'Hello {full-name}' },
      ),
    );
    expect(customer!.subject).toBe('Hello Laura Bcc: victim@example.test');
    expect(customer!.subject).not.toMatch(/[\r\n]/);
  });

  it('sends nothing without a sender; no visitor copy when the site has none configured', () => {
    expect(renderEnquiryMails(input(LAURA, { 'system-email-address': '' }))).toEqual({});
    const none = renderEnquiryMails(input(LAURA, { 'enquiry-mail-title': '' }));
    expect(none.admin).toBeDefined();
    expect(none.customer).toBeUndefined();
  });
});

describe('sending the enquiry mails', () => {
  it('sends the site mail, then the copy', async () => {
    const mailer = createMemoryMailer();
    const report = await sendEnquiryMails(mailer, renderEnquiryMails(input(LAURA)));
    expect(report).toEqual({ delivered: true, customerCopy: 'sent', errors: [] });
    expect(mailer.sent.map((m) => m.type)).toEqual(['enquiry-admin-mail', 'enquiry-customer-mail']);
  });

  it('reports a failed site mail and sends no copy', async () => {
    const sent: string[] = [];
    const failing: Mailer = {
      kind: 'memory',
      async send(message) {
        if (message.type === 'enquiry-admin-mail') throw new Error('relay refused');
        sent.push(message.type);
        return { messageId: '<x>', location: 'memory' };
      },
      async close() {},
    };
    const report = await sendEnquiryMails(failing, renderEnquiryMails(input(LAURA)));
    expect(report).toMatchObject({ delivered: false, reason: 'send-failed', customerCopy: 'skipped' });
    expect(sent).toEqual([]);
  });

  it('reports no sender', async () => {
    const report = await sendEnquiryMails(createMemoryMailer(), {});
    expect(report).toMatchObject({ delivered: false, reason: 'no-sender' });
  });
});
