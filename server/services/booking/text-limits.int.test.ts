import { describe, expect, it } from 'vitest';
import { postAjax } from '../../testing/app';
import { appSiteForFile } from '../../testing/app-site';
import { santoriniBooking } from '../../testing/booking-body';
import { MAIL_WRAP_STYLE } from '../../views/mail-layout';

/**
 * Free text is bounded where it enters (the audit: a 360-character name made the payment page's
 * review step 3,000 px wide; a 480-character surname was stored and mailed): the payment steps, the
 * booking itself and the enquiry form refuse an overlong field with its name and limit, and write
 * and mail nothing; what is accepted is mailed in a card that breaks long words.
 */
const app = appSiteForFile();

const booking = (step: '3' | '4', contact: Record<string, string>) =>
  santoriniBooking({ email: 'long.text@example.test', step, ...contact });

const orders = (email: string) =>
  app.tdb.wp
    .knex(app.tdb.wp.t.orders)
    .whereRaw('contact_info LIKE ?', [`%${email}%`])
    .pluck('id');

describe('text bounded where it enters', () => {
  it('the contact step refuses a 360-character name: back to the form, with the reason', async () => {
    const reply = (await postAjax(app.server.baseUrl, booking('3', { first_name: 'N'.repeat(360) }))).json() as {
      content: string;
      cookie: Record<string, string>;
    };
    expect(reply.content).toContain('First Name is too long: at most 100 characters.');
    expect(reply.content).toContain('tourmaster-payment-traveller-info-wrap');
    expect(reply.cookie.step).toBe('2');
  });

  it('the booking refuses a 480-character surname: nothing stored, nothing mailed', async () => {
    const before = app.mailer.sent.length;
    const reply = (
      await postAjax(
        app.server.baseUrl,
        booking('4', { last_name: 'S'.repeat(480), email: 'long.surname@example.test' }),
      )
    ).json() as { content: string };
    expect(reply.content).toContain('Last Name is too long: at most 100 characters.');
    expect(reply.content).not.toContain('Booking Completed!');
    expect(await orders('long.surname@example.test')).toEqual([]);
    expect(app.mailer.sent.length).toBe(before);
  });

  it('a name at the limit books, and its mail breaks long words', async () => {
    const name = 'W'.repeat(100);
    const reply = (
      await postAjax(app.server.baseUrl, booking('4', { last_name: name, email: 'at.the.limit@example.test' }))
    ).json() as { content: string };
    expect(reply.content).toContain('Booking Completed!');
    expect(await orders('at.the.limit@example.test')).toHaveLength(1);
    const mail = app.mailer.sent.find((m) => m.to.includes('at.the.limit@example.test'));
    expect(mail?.html).toContain(name);
    expect(mail?.html).toContain(MAIL_WRAP_STYLE);
  });

  it('the enquiry form refuses an overlong enquiry or name, and mails nothing', async () => {
    const before = app.mailer.sent.length;
    const send = (data: Record<string, string>) =>
      postAjax(
        app.server.baseUrl,
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
    expect(app.mailer.sent.length).toBe(before);
  });
});
