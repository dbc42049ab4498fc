import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrder } from '../data/orders';
import { createMemoryMailer, type MemoryMailer } from '../mail/mailer';
import { loadExchange } from '../parity/exchanges';
import { MANAGE_LINK_DAYS } from '../services/booking/manage-link';
import { loginAs } from '../testing/account';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../testing/app';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { setOption } from '../testing/posts';

/**
 * "A confirmation worth keeping" (issue 18): a guest's pay-later booking shows and mails "Your
 * booking" with a signed manage link; the link opens the booking without a login and gives the
 * browser the order's key; the calendar file is the owner's only.
 */
let tdb: TestDatabase;
let server: TestServer;
let mailer: MemoryMailer;
let dataDir: string;
let booked: {
  orderId: number;
  keyCookie: string;
  reply: { content: string; props: { complete?: { confirmation?: string } } };
};

const decode = (href: string) => href.replace(/&amp;/g, '&').replace(/&#038;/g, '&');

/** The captured guest pay-later booking (Santorini, 2 people), with its terms ticked. */
async function bookAsGuest(email: string) {
  const params = new URLSearchParams(loadExchange('payment_template-s4-guest-booking-creates-order').request.body!);
  params.set('booking_detail[term-and-service]', 'on');
  params.set('booking_detail[email]', email);
  const r = await postAjax(server.baseUrl, params);
  expect(r.status).toBe(200);
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith('tourmaster-order-key-'));
  expect(cookie).toBeDefined();
  const [name, value] = cookie!.split(';')[0]!.split('=') as [string, string];
  return {
    orderId: Number(name.replace('tourmaster-order-key-', '')),
    keyCookie: `${name}=${value}`,
    reply: r.json() as never,
  };
}

function mailTo(email: string) {
  const mail = mailer.sent.find((m) => m.to.includes(email));
  expect(mail).toBeDefined();
  return mail!;
}

function manageLinkOf(htmlText: string): string {
  const m = /href="([^"]*tourmaster-manage=[^"&]*)"/.exec(htmlText);
  expect(m).not.toBeNull();
  return decode(m![1]!);
}

/** The mail's "Pay the balance online" link. */
function payLinkOf(htmlText: string): string {
  const m = /href="([^"]*)" >Pay the balance online</.exec(htmlText);
  expect(m).not.toBeNull();
  return decode(m![1]!);
}

/** A form's hidden nonce (`security`) on a manage page. */
function nonceOf(page: string, action: 'cancel' | 'payment-receipt'): string {
  const form =
    action === 'cancel'
      ? /<form class="dropin-manage-cancel"[\s\S]*?<\/form>/.exec(page)?.[0]
      : /<form[^>]*enctype="multipart\/form-data"[\s\S]*?<\/form>/.exec(page)?.[0];
  const nonce = /name="security" value="([0-9a-f]{32})"/.exec(form ?? '')?.[1];
  expect(nonce, action).toBeDefined();
  return nonce!;
}

const postForm = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

beforeAll(async () => {
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  dataDir = mkdtempSync(path.join(os.tmpdir(), '.manage-booking-'));
  server = await startTestServer(tdb, { mailer, config: { dataDir } });
  booked = await bookAsGuest('helga.larsen@example.test');
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the completion screen and the mail', () => {
  it('the completion shows the order number, tour, date, travellers, paid and due, and the links', async () => {
    const order = await getOrder(tdb.wp, booked.orderId);
    expect(order?.contactInfo).toMatchObject({ email: 'helga.larsen@example.test' });
    const { content } = booked.reply;
    expect(content).toContain('Booking Completed!');
    const block = /<section class="dropin-order-confirmation"[\s\S]*<\/section>/.exec(content)?.[0] ?? '';
    const text = block.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain(`Order Number #${booked.orderId}`);
    expect(text).toContain('Tour Santorini Caldera Sunset Cruise');
    expect(text).toContain('Travel Date May 22, 2027');
    expect(text).toContain('Travellers 2 travellers');
    expect(text).toContain('Amount Paid $0.00');
    expect(text).toMatch(/Amount Due \$\d+\.\d\d/);
    expect(text).not.toContain('Amount Due $0.00');
    expect(block).toContain(`tourmaster-calendar=${booked.orderId}`);
    // A guest's "Pay the balance online" goes through the signed link (a fresh browser has no key).
    expect(block).toMatch(
      new RegExp(`href="[^"]*\\?tourmaster-manage=${booked.orderId}\\.[^"]*&amp;tourmaster-pay=balance"`),
    );
    expect(block).not.toMatch(/tid=\d+&amp;step=3/);
    manageLinkOf(block);
    // The island renders the same block from its props.
    expect(booked.reply.props.complete?.confirmation).toBe(block);
  });

  it('the guest mail carries "Your booking" and the manage link; the admin text before it is unchanged', () => {
    const mail = mailTo('helga.larsen@example.test');
    expect(mail.html).toContain('Our team will contact you back via the email you provided');
    const text = mail.html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain(`Order Number : #${booked.orderId}`);
    expect(text).toContain('Travellers : 2 travellers');
    expect(text).toContain('Amount Paid : $0.00');
    expect(text).toContain('Manage your booking');
    const link = manageLinkOf(mail.html);
    expect(link).toMatch(
      new RegExp(`^http://[^/]+/\\?tourmaster-manage=${booked.orderId}\\.\\d+\\.[A-Za-z0-9_-]{43}$`),
    );
    const expiry = Number(link.split('.').at(-2));
    expect(expiry).toBe(Date.parse('2027-05-22T00:00:00Z') / 1000 + MANAGE_LINK_DAYS * 86_400);
  });
});

describe('the manage page', () => {
  it('opens the booking without a login or cookie, and gives this browser the order key', async () => {
    const link = manageLinkOf(mailTo('helga.larsen@example.test').html);
    const r = await fetch(link.replace(/^http:\/\/[^/]+/, server.baseUrl), { redirect: 'manual' });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toContain('no-store');
    const page = await r.text();
    expect(page).toContain(`#${booked.orderId}`);
    expect(page).toContain('Santorini Caldera Sunset Cruise');
    expect(page).toContain('helga.larsen@example.test');
    expect(page).toContain('Mr Jana Novakova');
    expect(page).toContain('Make an Online Payment');
    expect(page).toContain('Add to calendar');
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith(`tourmaster-order-key-${booked.orderId}=`));
    expect(cookie?.split(';')[0]).toBe(booked.keyCookie);
    expect(cookie).toMatch(/HttpOnly/i);
    // With that cookie, the payment page takes the balance of the order.
    const pay = /href="([^"]*tid=\d+[^"]*)"/.exec(page)![1]!;
    const payment = await fetch(decode(pay).replace(/^http:\/\/[^/]+/, server.baseUrl), {
      headers: { Cookie: booked.keyCookie },
    });
    expect(payment.status).toBe(200);
    const stranger = await fetch(decode(pay).replace(/^http:\/\/[^/]+/, server.baseUrl));
    expect(stranger.status).toBe(403);
  });

  it('a tampered, foreign or malformed link is a 403 page with a sentence and a link home', async () => {
    const link = manageLinkOf(mailTo('helga.larsen@example.test').html).replace(/^http:\/\/[^/]+/, server.baseUrl);
    const tampered = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const otherOrder = link.replace(`tourmaster-manage=${booked.orderId}.`, `tourmaster-manage=${booked.orderId - 1}.`);
    for (const url of [
      tampered,
      otherOrder,
      `${server.baseUrl}/?tourmaster-manage=garbage`,
      `${server.baseUrl}/?tourmaster-manage=${'9'.repeat(5000)}`,
      `${server.baseUrl}/?tourmaster-manage=1&tourmaster-manage=2`,
    ]) {
      const r = await fetch(url);
      expect(r.status, url.slice(0, 120)).toBe(403);
      const page = await r.text();
      expect(page).toContain('This link to manage a booking is not valid.');
      expect(page).toMatch(/<a class="tourmaster-button" href="http:\/\/[^"]+\/">Go to the home page<\/a>/);
      expect(page).not.toContain('helga.larsen');
      expect(r.headers.getSetCookie().some((c) => c.startsWith('tourmaster-order-key-'))).toBe(false);
    }
  });

  it('an expired link is a 410 page (another process, later clock: nothing kept in memory)', async () => {
    const link = manageLinkOf(mailTo('helga.larsen@example.test').html);
    const expiry = Number(link.split('.').at(-2));
    const later = await startTestServer(tdb, { now: new Date(expiry * 1000 + 1000) });
    try {
      const r = await fetch(link.replace(/^http:\/\/[^/]+/, later.baseUrl));
      expect(r.status).toBe(410);
      expect(await r.text()).toContain('This link to manage your booking has expired.');
      const fresh = await startTestServer(tdb, { now: CAPTURE_NOW });
      try {
        expect((await fetch(link.replace(/^http:\/\/[^/]+/, fresh.baseUrl))).status).toBe(200);
      } finally {
        await fresh.close();
      }
    } finally {
      await later.close();
    }
  });
});

describe('Add to calendar', () => {
  it('the owner (order key cookie, or the manage token) gets the .ics; a stranger a 404', async () => {
    const url = `${server.baseUrl}/?tourmaster-calendar=${booked.orderId}`;
    const own = await fetch(url, { headers: { Cookie: booked.keyCookie } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(own.headers.get('content-disposition')).toBe(`attachment; filename="booking-${booked.orderId}.ics"`);
    const ics = await own.text();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain(`UID:tourmaster-order-${booked.orderId}@127.0.0.1\r\n`);
    expect(ics).toContain('SUMMARY:Santorini Caldera Sunset Cruise\r\n');
    expect(ics).toMatch(/DTSTART(;VALUE=DATE:20270522|:20270522T\d{6}Z)\r\n/);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);

    const token = manageLinkOf(mailTo('helga.larsen@example.test').html).split('tourmaster-manage=')[1]!;
    expect((await fetch(`${url}&token=${token}`)).status).toBe(200);

    for (const stranger of [
      url,
      `${url}&token=${token.replace(/.$/, 'x')}`,
      `${server.baseUrl}/?tourmaster-calendar=abc`,
    ]) {
      const r = await fetch(stranger);
      expect(r.status).toBe(404);
      expect(await r.text()).not.toContain('VCALENDAR');
    }
    // Another guest's key does not open this order.
    const other = await bookAsGuest('other.guest@example.test');
    expect(
      (await fetch(url, { headers: { Cookie: other.keyCookie.replace(/-\d+=/, `-${booked.orderId}=`) } })).status,
    ).toBe(404);
  });
});

/** A GET with a chosen Host header (fetch cannot set one). */
function getWithHost(baseUrl: string, pathAndQuery: string, host: string, cookie: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(baseUrl);
    http
      .get(
        { host: url.hostname, port: url.port, path: pathAndQuery, headers: { Host: host, Cookie: cookie } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      )
      .on('error', reject);
  });
}

describe('the .ics as text', () => {
  it('decodes stored entities, ends a timed tour after its hours, says where it departs; the UID ignores the request host', async () => {
    const posts = () => tdb.wp.knex(tdb.wp.t.posts).where('post_title', 'like', 'Santorini Caldera%Sunset Cruise');
    const title = (await posts().first('post_title'))!.post_title as string;
    const name = await tdb.wp.knex(tdb.wp.t.options).first('option_value').where('option_name', 'blogname');
    await posts().update({ post_title: 'Santorini Caldera &amp; Sunset Cruise' });
    await setOption(tdb.wp, 'blogname', 'Tom&#039;s &amp; Co');
    // A site that follows the request's host (config), asked under another host name.
    const follows = await startTestServer(tdb, { config: { siteUrlFollowsRequest: true } });
    try {
      const r = await getWithHost(
        follows.baseUrl,
        `/?tourmaster-calendar=${booked.orderId}`,
        'other-host.example.test',
        booked.keyCookie,
      );
      expect(r.status).toBe(200);
      const lines = r.body.replace(/\r\n[ \t]/g, '').split('\r\n');
      expect(lines).toContain('SUMMARY:Santorini Caldera & Sunset Cruise');
      expect(lines.find((l) => l.startsWith('DESCRIPTION:'))).toBe(
        `DESCRIPTION:Booking #${booked.orderId} · 2 travellers · Tom's & Co`,
      );
      expect(r.body).not.toMatch(/&amp;|&#0?39;/);
      // 16:30 on the site's clock (UTC), "5 Hours", from "Ammoudi Bay, Oia".
      expect(lines).toContain('DTSTART:20270522T163000Z');
      expect(lines).toContain('DTEND:20270522T213000Z');
      expect(lines).toContain('LOCATION:Ammoudi Bay\\, Oia');
      expect(lines).toContain(`UID:tourmaster-order-${booked.orderId}@127.0.0.1`);
    } finally {
      await follows.close();
      await posts().update({ post_title: title });
      await setOption(tdb.wp, 'blogname', name?.option_value ?? '');
    }
  });
});

describe('cancelling from the manage page', () => {
  it('a pending booking is cancelled once the box is ticked; a changed link cancels nothing', async () => {
    const guest = await bookAsGuest('cancel.guest@example.test');
    const link = manageLinkOf(mailTo('cancel.guest@example.test').html).replace(/^http:\/\/[^/]+/, server.baseUrl);
    const page = await (await fetch(link)).text();
    expect(page).toContain('Cancel this booking');
    const security = nonceOf(page, 'cancel');
    const status = async () => (await getOrder(tdb.wp, guest.orderId))?.status;

    const unticked = await postForm(link, { action: 'cancel', security });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain('Please tick the box');
    const tampered = await postForm(
      link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      {
        action: 'cancel',
        confirm: 'yes',
        security,
      },
    );
    expect(tampered.status).toBe(403);
    expect(await status()).toBe('pending');

    const done = await postForm(link, { action: 'cancel', confirm: 'yes', security });
    expect(done.status).toBe(302);
    // Back to the link, built from the site's home URL and the token.
    const mailed = manageLinkOf(mailTo('cancel.guest@example.test').html);
    expect(done.headers.get('location')).toBe(mailed);
    expect(await status()).toBe('cancel');
    expect(mailer.sent.some((m) => m.to.includes('cancel.guest@example.test') && /cancelled/i.test(m.subject))).toBe(
      true,
    );
    const after = await (await fetch(link)).text();
    expect(after).not.toContain('Cancel this booking');
    expect(after).not.toContain('Add to calendar');
    expect(after).toContain('tourmaster-status-cancel');
    // Once cancelled, again: refused with the reason, nothing changes.
    const again = await postForm(link, { action: 'cancel', confirm: 'yes', security });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This booking can no longer be cancelled.');
  });

  it("refuses a post without this order's nonce, or from another site: 403, nothing cancelled", async () => {
    const guest = await bookAsGuest('forged.guest@example.test');
    const link = manageLinkOf(mailTo('forged.guest@example.test').html).replace(/^http:\/\/[^/]+/, server.baseUrl);
    const security = nonceOf(await (await fetch(link)).text(), 'cancel');
    // Another guest's page, with its own valid nonce for its own order.
    await bookAsGuest('forged.other@example.test');
    const otherLink = manageLinkOf(mailTo('forged.other@example.test').html).replace(/^http:\/\/[^/]+/, server.baseUrl);
    const otherPage = await (await fetch(otherLink)).text();
    const status = async () => (await getOrder(tdb.wp, guest.orderId))?.status;
    for (const [fields, headers] of [
      [{ action: 'cancel', confirm: 'yes' }, {}],
      [{ action: 'cancel', confirm: 'yes', security: 'x'.repeat(32) }, {}],
      [{ action: 'cancel', confirm: 'yes', security: nonceOf(otherPage, 'cancel') }, {}],
      [{ action: 'cancel', confirm: 'yes', security: nonceOf(otherPage, 'payment-receipt') }, {}],
      [{ action: 'cancel', confirm: 'yes', security }, { 'Sec-Fetch-Site': 'cross-site' }],
    ] as const) {
      const r = await postForm(link, fields, headers);
      expect(r.status, JSON.stringify([fields, headers])).toBe(403);
      expect(await r.text()).toContain('This form was not sent from your booking page.');
      expect(await status()).toBe('pending');
    }
    // The same nonce from the page itself (same-origin) is taken.
    const done = await postForm(
      link,
      { action: 'cancel', confirm: 'yes', security },
      { 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(done.status).toBe(302);
    expect(await status()).toBe('cancel');
  });
});

describe('the link is the home page only', () => {
  it('forms and redirects are built from the home URL; another path, `//evil.example/` included, is not the manage page', async () => {
    await bookAsGuest('path.guest@example.test');
    const mailed = manageLinkOf(mailTo('path.guest@example.test').html);
    const token = mailed.split('tourmaster-manage=')[1]!;
    const page = await (await fetch(mailed.replace(/^http:\/\/[^/]+/, server.baseUrl))).text();
    const actions = [...page.matchAll(/<form[^>]* method="post"[^>]* action="([^"]*)"/g)].map((m) => decode(m[1]!));
    expect(actions.length).toBeGreaterThanOrEqual(2);
    for (const action of actions) expect(action).toBe(mailed);

    for (const other of [`${server.baseUrl}//evil.example/`, `${server.baseUrl}/sample-page/`]) {
      const url = `${other}?tourmaster-manage=${token}&extra=1`;
      const get = await fetch(url, { redirect: 'manual' });
      const text = await get.text();
      expect(text, other).not.toContain('dropin-manage-booking');
      expect(text).not.toContain('path.guest@example.test');
      expect(text).not.toMatch(/action="\/\/evil/);
      expect(get.headers.getSetCookie().some((c) => c.startsWith('tourmaster-order-key-'))).toBe(false);
      const post = await postForm(url, { action: 'cancel', confirm: 'yes' });
      expect(post.headers.get('location') ?? '').not.toContain('evil.example');
    }
  });
});

describe('Pay the balance online, in a browser without the key', () => {
  it("the mail's pay link gives the key and goes on to the payment page (built from the home URL)", async () => {
    const guest = await bookAsGuest('pay.guest@example.test');
    const mail = mailTo('pay.guest@example.test').html;
    const pay = payLinkOf(mail);
    const mailed = manageLinkOf(mail);
    expect(pay).toBe(`${mailed}&tourmaster-pay=balance`);
    const r = await fetch(pay.replace(/^http:\/\/[^/]+/, server.baseUrl), { redirect: 'manual' });
    expect(r.status).toBe(302);
    const location = r.headers.get('location')!;
    const home = mailed.split('/?')[0]!;
    expect(location.startsWith(`${home}/`)).toBe(true);
    expect(location).toMatch(new RegExp(`[?&]tid=${guest.orderId}&step=3$`));
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith(`tourmaster-order-key-${guest.orderId}=`));
    expect(cookie?.split(';')[0]).toBe(guest.keyCookie);
    const payment = await fetch(location.replace(/^http:\/\/[^/]+/, server.baseUrl), {
      headers: { Cookie: guest.keyCookie },
    });
    expect(payment.status).toBe(200);
    // Without the key, a guest is told what works, not to log in.
    const refused = await fetch(location.replace(/^http:\/\/[^/]+/, server.baseUrl));
    expect(refused.status).toBe(403);
    const text = await refused.text();
    expect(text).toContain('please open the link in your booking e-mail');
    expect(text).not.toContain('log in');
  });

  it("a member's order refused to another visitor still says to log in", async () => {
    const login = await loginAs(tdb, server, 'customer1');
    const params = new URLSearchParams(loadExchange('payment_template-s4-customer1-pay-later').request.body!);
    params.set('booking_detail[term-and-service]', 'on');
    const { content } = (await postAjax(server.baseUrl, params, { cookie: login.cookie })).json() as {
      content: string;
    };
    const pay = /href="([^"]*tid=\d+[^"]*)"/.exec(content)![1]!;
    const refused = await fetch(decode(pay).replace(/^http:\/\/[^/]+/, server.baseUrl));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Please log in with the account that made it.');
  });
});

describe('a member', () => {
  it('sees "Your booking" without a manage link; the calendar file is theirs once logged in', async () => {
    const login = await loginAs(tdb, server, 'customer1');
    const params = new URLSearchParams(loadExchange('payment_template-s4-customer1-pay-later').request.body!);
    params.set('booking_detail[term-and-service]', 'on');
    const r = await postAjax(server.baseUrl, params, { cookie: login.cookie });
    const { content } = r.json() as { content: string };
    const block = /<section class="dropin-order-confirmation"[\s\S]*<\/section>/.exec(content)?.[0] ?? '';
    const orderId = /Order Number<\/dt><dd>#(\d+)</.exec(block)?.[1];
    expect(orderId).toBeDefined();
    expect(block).not.toContain('tourmaster-manage=');
    const calendar = /href="([^"]*tourmaster-calendar=[^"]*)"/.exec(block)![1]!.replace(/&amp;/g, '&');
    expect(calendar).not.toContain('token=');
    const url = calendar.replace(/^http:\/\/[^/]+/, server.baseUrl);
    expect((await fetch(url, { headers: { Cookie: login.cookie } })).status).toBe(200);
    expect((await fetch(url)).status).toBe(404);
    const other = await loginAs(tdb, server, 'customer2');
    expect((await fetch(url, { headers: { Cookie: other.cookie } })).status).toBe(404);
    // A member's order has no manage link: a token made up for it is refused.
    expect((await fetch(`${server.baseUrl}/?tourmaster-manage=${orderId}.1900000000.${'a'.repeat(43)}`)).status).toBe(
      403,
    );
  });
});

describe('a bank receipt from the manage page', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

  it("is taken for the order the link opens, with the page's nonce; a changed link takes nothing", async () => {
    const guest = await bookAsGuest('receipt.guest@example.test');
    const link = manageLinkOf(mailTo('receipt.guest@example.test').html).replace(/^http:\/\/[^/]+/, server.baseUrl);
    const page = await (await fetch(link)).text();
    expect(page).toContain('Submit Payment Receipt');
    const nonce = nonceOf(page, 'payment-receipt');
    // Another guest's receipt nonce, valid on its own page, is not this order's.
    await bookAsGuest('receipt.other@example.test');
    const otherPage = await (
      await fetch(manageLinkOf(mailTo('receipt.other@example.test').html).replace(/^http:\/\/[^/]+/, server.baseUrl))
    ).text();
    const otherNonce = nonceOf(otherPage, 'payment-receipt');
    const form = (security: string) => {
      const f = new FormData();
      f.set('action', 'payment-receipt');
      f.set('security', security);
      f.set('transaction-id', 'TX-77');
      f.set('payment-type', 'full');
      f.set('receipt', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'receipt.png');
      return f;
    };
    const files = () => {
      try {
        return readdirSync(path.join(dataDir, 'uploads', 'tourmaster-receipt', String(guest.orderId)));
      } catch {
        return [];
      }
    };
    const tampered = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await fetch(tampered, { method: 'POST', body: form(nonce!), redirect: 'manual' })).status).toBe(403);
    expect((await fetch(link, { method: 'POST', body: form('0123456789'), redirect: 'manual' })).status).toBe(403);
    expect((await fetch(link, { method: 'POST', body: form(otherNonce), redirect: 'manual' })).status).toBe(403);
    expect(
      (await fetch(link, { method: 'POST', body: form(nonceOf(page, 'cancel')), redirect: 'manual' })).status,
    ).toBe(403);
    expect(files()).toEqual([]);

    const taken = await fetch(link, { method: 'POST', body: form(nonce!), redirect: 'manual' });
    expect(taken.status).toBe(302);
    expect(taken.headers.get('location')).toMatch(/[?&]receipt-submitted=1$/);
    expect(files()).toHaveLength(1);
    expect((await getOrder(tdb.wp, guest.orderId))?.status).toBe('receipt-submitted');
    const back = taken.headers.get('location')!;
    expect(back).toBe(`${manageLinkOf(mailTo('receipt.guest@example.test').html)}&receipt-submitted=1`);
    const after = await (await fetch(back.replace(/^http:\/\/[^/]+/, server.baseUrl))).text();
    expect(after).toContain('Your payment receipt has been submitted.');
    expect(after).toContain('TX-77');
  });
});
