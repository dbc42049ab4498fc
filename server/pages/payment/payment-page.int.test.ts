import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOption, updateOption } from '../../data/options';
import { extractRegion } from '../../parity/compare';
import type { PhpValue } from '../../php/values';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { loggedInCookie } from '../../testing/login-cookie';

/**
 * The payment page GET beyond the captured exchanges (those replay in server/ajax/replay.int.test.ts):
 * the entry modes of payment.md §1, the guest's own order by its key, no write on a GET, escaping,
 * the fallback URL, and the deviation for a step-4 cookie that names no order.
 */
let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startTestServer(tdb, { now: CAPTURE_NOW });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

const detailCookie = (detail: unknown) => `tourmaster-booking-detail=${encodeURIComponent(JSON.stringify(detail))}`;

async function get(path: string, cookie?: string) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function loginCookie(login: string): Promise<string> {
  return loggedInCookie(tdb, server, login);
}

const santorini = {
  'tour-id': '4',
  'tour-date': '2027-05-22',
  'tour-people': '2',
  traveller_title: ['mr', 'mrs'],
  traveller_first_name: ['Peter', 'Jana'],
  traveller_last_name: ['Novak', 'Novakova'],
  first_name: 'Peter',
  last_name: 'Novak',
  email: 'peter.novak@example.test',
  phone: '+420 777 000 111',
  country: 'Czech Republic',
  contact_address: 'Vaclavske nam. 1, Praha',
  additional_notes: '',
};

/** A guest books and pays later through the ajax step: the new order id and its key cookie. */
async function guestOrder(): Promise<{ id: number; keyCookie: string }> {
  const body = new URLSearchParams({ action: 'tourmaster_payment_template' });
  const detail = { ...santorini, step: '4', 'payment-method': 'booking', 'term-and-service': 'on' };
  for (const [key, value] of Object.entries(detail)) {
    if (Array.isArray(value)) for (const v of value) body.append(`booking_detail[${key}][]`, v);
    else body.append(`booking_detail[${key}]`, value);
  }
  const reply = await postAjax(server.baseUrl, body);
  const key = reply.headers.getSetCookie().find((c) => c.startsWith('tourmaster-order-key-'));
  const match = /^tourmaster-order-key-(\d+)=([^;]+)/.exec(key ?? '');
  if (!match) throw new Error(`no order key in ${reply.text.slice(0, 200)}`);
  return { id: Number(match[1]), keyCookie: `tourmaster-order-key-${match[1]}=${match[2]}` };
}

describe('the booking in the cookie', () => {
  it('shows step 2 with the plugin skeleton and the no-cache headers', async () => {
    const page = await get(
      '/payment/',
      detailCookie({ 'tour-id': '4', 'tour-date': '2027-05-22', 'tour-people': '2' }),
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe(
      'no-store, no-cache, must-revalidate, max-age=0, post-check=0, pre-check=0',
    );
    expect(page.headers.get('expires')).toBe('Tue, 01 Jan 2000 00:00:00 GMT');
    expect(page.headers.get('pragma')).toBe('no-cache');
    expect(page.text).toContain('class="tourmaster-body traveltour-body tourmaster-template-payment"');
    expect(page.text).toContain('id="tourmaster-payment-step-wrap"');
    expect(page.text).toMatch(/class="tourmaster-payment-step-item tourmaster-current " data-step="2"/);
    expect(page.text).toContain('data-booking-detail="{&quot;tour-id&quot;:&quot;4&quot;');
    expect(page.text).toContain('name="traveller_first_name[]"');
    expect(page.text).toContain('$261.60');
  });

  it("writes the PaymentPage island's props as its marker's first child, the typed text escaped", async () => {
    const page = await get('/payment/', detailCookie({ ...santorini, first_name: '</script><b>x' }));
    const json =
      /data-booking-detail="[^"]*" ><script type="application\/json" data-island-props="PaymentPage">(.*?)<\/script>/.exec(
        page.text,
      )?.[1];
    expect(json).toBeDefined();
    const props = JSON.parse(json!);
    expect(props.step).toBe(2);
    expect(props.contact.contact.find((f: { name: string }) => f.name === 'first_name').value).toBe('</script><b>x');
    expect(props.contact.travellers.rows.map((r: { firstName: string }) => r.firstName)).toEqual(['Peter', 'Jana']);
    const step3 = await get('/payment/', detailCookie({ ...santorini, step: '3' }));
    const step3Props = JSON.parse(
      /<script type="application\/json" data-island-props="PaymentPage">(.*?)<\/script>/.exec(step3.text)?.[1] ??
        'null',
    );
    expect(Object.keys(step3Props)).toEqual(['step', 'payment', 'sidebar']);
    expect(step3Props).toMatchObject({ step: 3, sidebar: { total: { payAmount: '$261.60' }, nextStep: false } });
    expect(props.sidebar).toMatchObject({ editUrl: expect.any(String), nextStep: true, coupon: { tourId: '4' } });
    expect(step3Props.payment.details).toContain('Mrs Jana Novakova');
    expect(step3Props.payment.methods.terms.sentence.terms).toBe('Terms of Service');
  });

  it('shows step 3 for a step-3 cookie, with the earlier steps clickable', async () => {
    const page = await get('/payment/', detailCookie({ ...santorini, step: '3' }));
    expect(page.text).toMatch(/class="tourmaster-payment-step-item tourmaster-enable " data-step="2"/);
    expect(page.text).toMatch(/class="tourmaster-payment-step-item tourmaster-current " data-step="3"/);
    expect(page.text).toContain('tourmaster-summary-info-outer');
    expect(page.text).toContain('name="term-and-service"');
  });

  it('without a cookie, or with a cleared or unreadable one, shows the error with a link home', async () => {
    for (const cookie of [undefined, 'tourmaster-booking-detail=%22%22', 'tourmaster-booking-detail=%7Bnot-json']) {
      const page = await get('/payment/', cookie);
      expect(page.status).toBe(200);
      expect(page.text).toContain('data-booking-detail="[]"');
      expect(page.text).toContain('An error occurred while processing your request.');
      expect(page.text).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/" >Back to Home Page<\/a>/);
      expect(page.text).not.toContain('tourmaster-payment-step-wrap');
    }
  });

  it('escapes what the visitor typed into the cookie', async () => {
    const page = await get(
      '/payment/',
      detailCookie({ ...santorini, first_name: '<script>alert(1)</script>', step: '3' }),
    );
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('a step-4 cookie that names no order of this visitor is shown at step 3, not as completed', async () => {
    const page = await get('/payment/', detailCookie({ ...santorini, step: '4', 'payment-method': 'booking' }));
    expect(page.text).not.toContain('Booking Completed!');
    expect(page.text).toMatch(/tourmaster-current " data-step="3"/);
  });

  it('an empty POST is shown like a GET (a non-empty one is the hand-off)', async () => {
    const response = await fetch(`${server.baseUrl}/payment/`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('id="tourmaster-payment-template-wrapper"');
  });

  it('is served at /?tourmaster-payment when no payment page is set', async () => {
    const general = (await getOption(tdb.wp, 'tourmaster_general')) as Record<string, PhpValue>;
    await updateOption(tdb.wp, 'tourmaster_general', { ...general, 'payment-page': '' });
    try {
      const page = await get(
        '/?tourmaster-payment',
        detailCookie({ 'tour-id': '4', 'tour-date': '2027-05-22', 'tour-people': '2' }),
      );
      expect(page.status).toBe(200);
      expect(page.text).toContain('id="tourmaster-payment-template-wrapper"');
      // The "Payment" page is then an ordinary WordPress page, as WordPress shows it.
      expect((await get('/payment/')).text).not.toContain('id="tourmaster-payment-template-wrapper"');
    } finally {
      await updateOption(tdb.wp, 'tourmaster_general', general);
    }
  });
});

describe('an existing order (?tid=N)', () => {
  it('shows the owner the order at step 3 and writes nothing', async () => {
    const cookie = await loginCookie('customer1');
    const before = await tdb.wp.knex(tdb.wp.t.orders).where('id', 1).first();
    const page = await get('/payment/?tid=1', cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    const region = extractRegion(page.text, { className: 'tourmaster-page-wrapper' }) ?? '';
    expect(region).toContain('data-booking-detail="{&quot;tid&quot;:&quot;1&quot;}"');
    expect(page.text).toContain('<div class="tourmaster-payment-step-wrap" >');
    expect(region).toContain('Remaining Amount');
    expect(region).not.toContain('tourmaster-payment-service-form-wrap');
    expect(await tdb.wp.knex(tdb.wp.t.orders).where('id', 1).first()).toEqual(before);
  });

  it("refuses another customer's order", async () => {
    const page = await get('/payment/?tid=3', await loginCookie('customer1'));
    expect(page.status).toBe(403);
    expect(page.text).not.toContain('John');
  });

  it('a guest opens their own order with its key, and nobody else can', async () => {
    const { id, keyCookie } = await guestOrder();
    const own = await get(`/payment/?tid=${id}`, keyCookie);
    expect(own.status).toBe(200);
    expect(own.text).toContain(`window.tourmaster_transaction_id = "${id}"`);
    expect(own.text).toContain('Peter');
    expect((await get(`/payment/?tid=${id}`)).status).toBe(403);
  });

  it("PayPal's return URL shows the delayed completion beside the order's summary", async () => {
    const { id, keyCookie } = await guestOrder();
    const page = await get(`/payment/?tid=${id}&step=4&payment_method=paypal`, keyCookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Booking Completed!');
    expect(page.text).toContain('Your booking detail will be sent to your email shortly.');
    expect(page.text).toMatch(/tourmaster-current " data-step="4"/);
    expect(page.text).toContain('tourmaster-tour-booking-bar-summary');
    expect((await get(`/payment/?tid=${id}&step=4&payment_method=paypal`)).status).toBe(403);
  });
});

describe('the build manifest for the WordPress mu-plugin', () => {
  it('is served at /dropin-assets/.vite/manifest.json when the client is built, else 404 as JSON', async () => {
    const response = await fetch(`${server.baseUrl}/dropin-assets/.vite/manifest.json`);
    expect([200, 404]).toContain(response.status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status === 200) expect(body['client/main.ts']).toMatchObject({ isEntry: true });
    else expect(body).toEqual({ error: 'The client is not built.' });
  });
});
