import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer, type MemoryMailer } from '../mail/mailer';
import { MAIL_WRAP_STYLE } from '../mail/template';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';

/**
 * Free text is bounded where it enters (the audit: a 360-character name made the payment page's
 * review step 3,000 px wide; a 480-character surname was stored and mailed): the payment steps, the
 * booking itself and the enquiry form refuse an overlong field with its name and limit, and write
 * and mail nothing; what is accepted is mailed in a card that breaks long words.
 */
let tdb: TestDatabase;
let server: TestServer;
let mailer: MemoryMailer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  server = await startTestServer(tdb, { now: CAPTURE_NOW, mailer });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

function booking(step: '3' | '4', contact: Record<string, string>): URLSearchParams {
  const detail: Record<string, string> = {
    'tour-id': '4',
    'tour-date': '2027-05-22',
    'tour-people': '1',
    first_name: 'Ana',
    last_name: 'Tester',
    email: 'long.text@example.test',
    phone: '+30 210 000 0000',
    country: 'Greece',
    contact_address: 'Athens',
    'term-and-service': 'on',
    'payment-method': 'booking',
    step,
    ...contact,
  };
  const params = new URLSearchParams({ action: 'tourmaster_payment_template' });
  for (const [k, v] of Object.entries(detail)) params.append(`booking_detail[${k}]`, v);
  params.append('booking_detail[traveller_first_name][]', 'Ana');
  params.append('booking_detail[traveller_last_name][]', 'Tester');
  return params;
}

const orders = (email: string) =>
  tdb.wp
    .knex(tdb.wp.t.orders)
    .whereRaw('contact_info LIKE ?', [`%${email}%`])
    .pluck('id');

describe('text bounded where it enters', () => {
  it('the contact step refuses a 360-character name: back to the form, with the reason', async () => {
    const reply = (await postAjax(server.baseUrl, booking('3', { first_name: 'N'.repeat(360) }))).json() as {
      content: string;
      cookie: Record<string, string>;
    };
    expect(reply.content).toContain('First Name is too long: at most 100 characters.');
    expect(reply.content).toContain('tourmaster-payment-traveller-info-wrap');
    expect(reply.cookie.step).toBe('2');
  });

  it('the booking refuses a 480-character surname: nothing stored, nothing mailed', async () => {
    const before = mailer.sent.length;
    const reply = (
      await postAjax(server.baseUrl, booking('4', { last_name: 'S'.repeat(480), email: 'long.surname@example.test' }))
    ).json() as { content: string };
    expect(reply.content).toContain('Last Name is too long: at most 100 characters.');
    expect(reply.content).not.toContain('Booking Completed!');
    expect(await orders('long.surname@example.test')).toEqual([]);
    expect(mailer.sent.length).toBe(before);
  });

  it('a name at the limit books, and its mail breaks long words', async () => {
    const name = 'W'.repeat(100);
    const reply = (
      await postAjax(server.baseUrl, booking('4', { last_name: name, email: 'at.the.limit@example.test' }))
    ).json() as { content: string };
    expect(reply.content).toContain('Booking Completed!');
    expect(await orders('at.the.limit@example.test')).toHaveLength(1);
    const mail = mailer.sent.find((m) => m.to.includes('at.the.limit@example.test'));
    expect(mail?.html).toContain(name);
    expect(mail?.html).toContain(MAIL_WRAP_STYLE);
  });

  it('the enquiry form refuses an overlong enquiry or name, and mails nothing', async () => {
    const before = mailer.sent.length;
    const send = (data: Record<string, string>) =>
      postAjax(
        server.baseUrl,
        new URLSearchParams({
          action: 'tourmaster_send_enquiry_form',
          'data[tour-id]': '11',
          'data[full-name]': 'Laura Bianchi',
          'data[email-address]': 'laura.long@example.test',
          'data[your-enquiry]': 'Is there a discount for groups?',
          'data[tourmaster-require-acceptance]': 'on',
          ...Object.fromEntries(Object.entries(data).map(([k, v]) => [`data[${k}]`, v])),
        }),
      );
    expect((await send({ 'your-enquiry': 'q'.repeat(2001) })).json()).toEqual({
      status: 'failed',
      message: 'Your Enquiry is too long: at most 2000 characters.',
    });
    expect((await send({ 'full-name': 'L'.repeat(101) })).json()).toEqual({
      status: 'failed',
      message: 'Full Name is too long: at most 100 characters.',
    });
    expect(mailer.sent.length).toBe(before);
  });
});
