import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentPageProps } from '../../../client/common/islands/PaymentPage';
import { PROJECT_ROOT } from '../../core/config';
import { updateMeta } from '../../data/meta';
import { countOrders } from '../../data/orders';
import { getUserByLogin } from '../../data/users';
import { compareReply, sendExchange } from '../../parity/compare';
import type { Exchange } from '../../parity/exchanges';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { loggedInCookie } from '../../testing/login-cookie';
import { insertTourService, offerServices } from '../../testing/tour-services';
import { summaryOf } from '../../views/payment/summary';

/**
 * tourmaster_payment_template through the dispatcher and the fixture site, beyond the captured
 * exchanges: the server-side checks of steps 3 and 4, the cookie echo, escaping of what the
 * visitor typed, and `tid` honoured for its owner only.
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

type Reply = { content?: string; sidebar?: string; cookie?: unknown; props?: PaymentPageProps };

async function loginCookie(login: string): Promise<string> {
  return loggedInCookie(tdb, server, login);
}

/** Posts `booking_detail[...]` the way jQuery encodes it (lists as `name[]`). */
async function template(
  detail: Record<string, string | string[]>,
  extra: Record<string, string> = {},
  cookie?: string,
) {
  const body = new URLSearchParams({ action: 'tourmaster_payment_template', ...extra });
  for (const [key, value] of Object.entries(detail)) {
    if (Array.isArray(value)) for (const v of value) body.append(`booking_detail[${key}][]`, v);
    else body.append(`booking_detail[${key}]`, value);
  }
  return postAjax(server.baseUrl, body, cookie ? { cookie } : {});
}

const santorini = {
  'tour-id': '4',
  'tour-date': '2027-05-22',
  'tour-people': '2',
  'payment-type': 'full',
  traveller_title: ['mr', 'mrs'],
  traveller_first_name: ['Peter', 'Jana'],
  traveller_last_name: ['Novak', 'Novakova'],
  first_name: 'Peter',
  last_name: 'Novak',
  email: 'peter.novak@example.test',
  phone: '+420 777 000 111',
  country: 'Czech Republic',
  contact_address: 'Vaclavske nam. 1, Praha',
  additional_notes: 'Vegetarian meal please',
};

describe('step 3 is checked on the server', () => {
  it('moves on with a complete detail', async () => {
    const reply = (await template({ ...santorini, step: '3' })).json() as Reply;
    expect(reply.content).toContain('tourmaster-summary-info-outer');
    expect(reply.content).toContain('data-value="booking"');
    expect(reply.sidebar).not.toContain('Next Step');
    expect(reply.cookie).toEqual({ ...santorini, step: '3' });
    // The payment step's typed props, the markup printed from them.
    const props = PaymentPageProps.parse(reply.props);
    expect(props.step).toBe(3);
    expect(reply.content).toContain(`<div class="tourmaster-summary-info-outer" >${props.payment?.details}</div>`);
    expect(props.payment?.details).toContain('Vegetarian meal please');
    expect(props.payment?.methods?.bookLater?.label).toBeTruthy();
  });

  it.each([
    ['an invalid e-mail', { email: 'peter.novak@' }, 'Invalid E-Mail, please try again.'],
    ['an invalid phone', { phone: 'call me' }, 'Invalid phone number, please try again.'],
    ['an invalid billing phone', { billing_phone: 'abc' }, 'Invalid phone number, please try again.'],
    ['an empty required field', { last_name: '' }, 'Please fill all required fields.'],
    ['a missing traveller name', { traveller_last_name: ['Novak', ''] }, 'Please fill all required fields.'],
  ])('returns the contact step with %s', async (_case, change, message) => {
    const detail = { ...santorini, ...change, step: '3' };
    const reply = (await template(detail)).json() as Reply;
    // The legacy keys, then the PaymentPage island's typed props (the legacy script ignores them).
    expect(Object.keys(reply)).toEqual(['content', 'sidebar', 'cookie', 'props']);
    expect(reply.props).toMatchObject({ step: 2, contact: { error: message } });
    expect(reply.props?.contact?.travellers?.rows[0]?.firstName).toBe('Peter');
    expect(reply.content).toContain('tourmaster-payment-contact-wrap');
    expect(reply.content).toMatch(
      new RegExp(`class="tourmaster-tour-booking-required-error[^>]*style="display: block;" >${message}</div>`),
    );
    expect(reply.content).toContain('name="traveller_first_name[]" value="Peter"');
    expect(reply.sidebar).toContain('Next Step');
    expect(reply.cookie).toEqual({ ...detail, step: '2' });
  });

  it('a sidebar refresh is not a step: no check, no content', async () => {
    const reply = (
      await template({ ...santorini, email: '', step: '3' }, { sub_action: 'update_sidebar' })
    ).json() as Reply;
    expect(Object.keys(reply)).toEqual(['sidebar', 'cookie', 'props']);
    expect(reply.sidebar).toContain('$261.60');
    expect(reply.props).toMatchObject({ step: 3, sidebar: { total: { payAmount: '$261.60' }, nextStep: false } });
  });

  it('requires the extra booking fields the tour marks required', async () => {
    const delphi = { ...santorini, 'tour-id': '9', 'tour-date': '2027-04-17', step: '3' };
    const missing = (await template(delphi)).json() as Reply;
    expect(missing.content).toContain('>Please fill all required fields.</div>');
    const given = (await template({ ...delphi, 'pickup-hotel': 'Hotel Grande Bretagne' })).json() as Reply;
    expect(given.content).toContain('tourmaster-summary-info-outer');
  });
});

describe('the sidebar as the island’s props', () => {
  /** The reply's props, as the island's schema reads them, and the sidebar its markup was printed from. */
  function sidebarOf(reply: Reply) {
    const props = PaymentPageProps.parse(reply.props);
    expect(props.sidebar).toBeDefined();
    // One interpretation: the fragment is exactly what the props print.
    expect(summaryOf(props.sidebar!).value).toBe(reply.sidebar);
    return { step: props.step, sidebar: props.sidebar! };
  }

  it('step 2: the editable sidebar, its amounts as the fragment shows them', async () => {
    const reply = (await template({ ...santorini, step: '2' })).json() as Reply;
    expect(Object.keys(reply)).toEqual(['content', 'sidebar', 'cookie', 'props']);
    const { step, sidebar } = sidebarOf(reply);
    expect(step).toBe(2);
    expect(sidebar).toMatchObject({
      title: expect.stringContaining('Santorini'),
      editUrl: expect.stringMatching(/^http/),
      coupon: { code: '', tourId: '4', tid: '' },
      nextStep: true,
      total: { payAmount: '$261.60' },
      vars: { totalPrice: '261.6' },
    });
    expect(sidebar.breakdown.taxRate).toBe('9%');
    expect(reply.sidebar).toContain(
      `<span class="tourmaster-tour-booking-bar-total-price" >${sidebar.total.payAmount}</span>`,
    );
    expect(reply.sidebar).toContain(`>${sidebar.breakdown.taxDue}</span>`);
  });

  it('update_sidebar: the step and the re-priced sidebar, the coupon in it', async () => {
    const reply = (
      await template({ ...santorini, step: '2', 'coupon-code': 'greece25' }, { sub_action: 'update_sidebar' })
    ).json() as Reply;
    expect(Object.keys(reply)).toEqual(['sidebar', 'cookie', 'props']);
    const { step, sidebar } = sidebarOf(reply);
    expect(step).toBe(2);
    expect(Object.keys(reply.props!)).toEqual(['step', 'sidebar']);
    expect(sidebar.coupon?.code).toBe('greece25');
    expect(sidebar.breakdown.coupon).toMatchObject({ code: 'greece25' });
    expect(reply.sidebar).toContain(`>- ${sidebar.breakdown.coupon?.amount}</span>`);
    expect(sidebar.total.payAmount).not.toBe('$261.60');
    expect(reply.sidebar).toContain(`>${sidebar.total.payAmount}</span>`);
  });

  it('a refused "book and pay later": the step-3 sidebar beside the reason', async () => {
    const reply = (await template({ ...santorini, step: '4', 'payment-method': 'booking' })).json() as Reply;
    const { step, sidebar } = sidebarOf(reply);
    expect(step).toBe(3);
    expect(sidebar).toMatchObject({ nextStep: false, total: { payAmount: '$261.60' } });
    expect(sidebar.coupon).toBeUndefined();
  });
});

describe('step 4, book and pay later', () => {
  it('refuses without the terms box and writes nothing', async () => {
    const before = await countOrders(tdb.wp);
    const detail = { ...santorini, step: '4', 'payment-method': 'booking' };
    const reply = await template(detail);
    const body = reply.json() as Reply;
    expect(body.content).toBe(
      '<div class="tourmaster-tour-booking-error" >Please agree to all the terms and conditions before proceeding to the next step.</div>',
    );
    expect(body.sidebar).toContain('$261.60');
    expect(body.cookie).toEqual(detail);
    expect(reply.headers.getSetCookie()).toEqual([]);
    expect(await countOrders(tdb.wp)).toBe(before);
  });

  it('refuses invalid contact details at step 4 too', async () => {
    const reply = (
      await template({ ...santorini, email: 'x', step: '4', 'payment-method': 'booking', 'term-and-service': 'on' })
    ).json() as Reply;
    expect(reply.content).toContain('Invalid E-Mail, please try again.');
  });

  it('writes the order, clears the cookie and hands the guest its order key', async () => {
    const before = await countOrders(tdb.wp);
    const reply = await template({ ...santorini, step: '4', 'payment-method': 'booking', 'term-and-service': 'on' });
    const body = reply.json() as Reply;
    expect(Object.keys(body)).toEqual(['content', 'sidebar', 'cookie', 'props']);
    // The completion's typed props for the island, beside the markup printed from them.
    expect(body.props).toEqual({
      step: 4,
      complete: {
        lines: ['Your booking detail has been sent to your email.'],
        button: { url: expect.stringMatching(/^https?:\/\/[^/]+\/$/), label: 'Go to homepage' },
        bottomText: expect.any(String),
        // "Your booking" (issue 18), printed in the content too.
        confirmation: expect.stringContaining('<section class="dropin-order-confirmation"'),
      },
      sidebar: expect.objectContaining({ nextStep: false }),
    });
    expect(body.content).toContain('Booking Completed!');
    expect(body.content).toContain(body.props?.complete?.confirmation ?? 'none');
    expect(body.cookie).toBe('');
    expect(await countOrders(tdb.wp)).toBe(before + 1);
    const newest = await tdb.wp.knex(tdb.wp.t.orders).max({ id: 'id' }).first();
    const id = Number(newest?.id);
    expect(await tdb.wp.knex(tdb.wp.t.orders).where('id', id).first('user_id', 'order_status')).toEqual({
      user_id: 0,
      order_status: 'pending',
    });
    expect(body.sidebar).toContain(`window.tourmaster_transaction_id = "${id}"`);
    expect(body.props?.sidebar?.vars.transactionId).toBe(String(id));
    expect(reply.headers.getSetCookie().join('\n')).toMatch(/tourmaster-order-key-\d+=/);
  });

  it('any other step-4 request answers [] as the legacy site did', async () => {
    expect((await template({ ...santorini, step: '4' })).json()).toEqual([]);
  });

  it('a sidebar refresh never writes an order', async () => {
    const before = await countOrders(tdb.wp);
    const detail = { ...santorini, step: '4', 'payment-method': 'booking', 'term-and-service': 'on' };
    expect((await template(detail, { sub_action: 'update_sidebar' })).json()).toEqual([]);
    expect(await countOrders(tdb.wp)).toBe(before);
  });
});

describe('the detail as the script stores it', () => {
  it('echoes the request detail, not the mandatory services step 3 adds', async () => {
    const service = await insertTourService(tdb.wp, 'Port Tax', { price: '5', per: 'person', mandatory: 'enable' });
    await offerServices(tdb.wp, 6, [service]);
    const crete = {
      ...santorini,
      'tour-id': '6',
      'tour-date': '2027-05-29',
      group: '1',
      traveller_title: ['mr'],
      traveller_first_name: ['Peter'],
      traveller_last_name: ['Novak'],
      step: '3',
    };
    const reply = (await template(crete)).json() as Reply;
    expect(reply.cookie).toEqual(crete);
    expect(reply.content).toContain(`name="service[]" value="${service}" checked data-mandatory aria-disabled="true"`);
    expect(reply.sidebar).toContain('Port Tax (1 x $5) ');
  });

  it('an empty or scalar detail is the empty detail: cookie []', async () => {
    for (const body of [
      'action=tourmaster_payment_template&booking_detail=',
      'action=tourmaster_payment_template&booking_detail=abc',
    ]) {
      expect((await postAjax(server.baseUrl, body)).json()).toEqual({
        content:
          '<div class="tourmaster-tour-booking-error" >An error occurred while processing your request.<br><br><a href="http://127.0.0.1:8080/" >Back to Home Page</a></div>',
        sidebar: '',
        cookie: [],
      });
    }
  });
});

describe('other steps and the logged-in visitor', () => {
  it('step 1 only echoes the detail', async () => {
    const detail = { ...santorini, step: '1' };
    expect((await template(detail)).json()).toEqual({ cookie: detail });
  });

  it('pre-fills the contact form from the profile, and completes with the dashboard link', async () => {
    const user = (await getUserByLogin(tdb.wp, 'customer2'))!;
    await updateMeta(tdb.wp, 'user', user.id, 'phone', '+30 210 000 0000');
    const cookie = await loginCookie('customer2');
    const { phone: _phone, ...withoutPhone } = santorini;
    const step2 = (await template({ ...withoutPhone, step: '2' }, {}, cookie)).json() as Reply;
    expect(step2.content).toContain('name="phone" value="+30 210 000 0000"');
    const done = (
      await postAjax(server.baseUrl, 'action=tourmaster_payment_plugin_complete&step=4', { cookie })
    ).json() as Reply;
    expect(Object.keys(done)).toEqual(['cookie', 'content']);
    expect(done.content).toContain('href="http://127.0.0.1:8080/my-account/" >Go to my dashboard');
    expect(done.content).toContain('You can check the payment status from your dashboard.');
  });
});

describe('escaping (payment.md §8.6)', () => {
  it('prints contact, billing, notes and traveller values as text', async () => {
    const attack = '<script>alert(1)</script>';
    const reply = (
      await template({
        ...santorini,
        first_name: attack,
        billing_first_name: '<img src=x onerror=alert(2)>',
        additional_notes: '"><svg onload=alert(3)>',
        traveller_first_name: ['<b>Peter</b>', 'Jana'],
        step: '3',
      })
    ).json() as Reply;
    expect(reply.content).not.toMatch(/<script|<img src=x|<svg|<b>/);
    expect(reply.content).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(reply.content).toContain('&lt;img src=x onerror=alert(2)&gt;');
    expect(reply.content).toContain('Mr &lt;b&gt;Peter&lt;/b&gt; Novak');
  });

  it('keeps typed values inside their attributes at step 2', async () => {
    const reply = (await template({ ...santorini, first_name: '" onfocus="alert(1)', step: '2' })).json() as Reply;
    expect(reply.content).toContain('name="first_name" value="&quot; onfocus=&quot;alert(1)"');
  });
});

describe('tid', () => {
  it("is ignored for someone else's order: no order number, no payments counted", async () => {
    // Order 9 is a guest order; this request does not hold its key.
    const reply = (await template({ ...santorini, tid: '9', step: '2' })).json() as Reply;
    expect(reply.sidebar).not.toContain('tourmaster_transaction_id');
    expect(reply.sidebar).toContain('data-tid=""');
  });

  it("is honoured for the logged-in owner's order, printed as a number", async () => {
    const user = (await getUserByLogin(tdb.wp, 'customer1'))!;
    const [own] = await tdb.wp.knex(tdb.wp.t.orders).insert({
      user_id: user.id,
      booking_date: '2026-11-21 10:00:00',
      tour_id: 4,
      travel_date: '2027-05-22',
      package_group_slug: '',
      traveller_amount: 2,
      male_amount: 0,
      female_amount: 0,
      order_status: 'pending',
      total_price: '261.60',
    });
    const cookie = await loginCookie('customer1');
    const reply = (await template({ ...santorini, tid: `${own}abc`, step: '2' }, {}, cookie)).json() as Reply;
    expect(reply.sidebar).toContain(`window.tourmaster_transaction_id = "${own}"`);
    expect(reply.sidebar).toContain(`data-tid="${own}"`);
  });
});

describe('book and pay later on the page of an existing order (?tid=N)', () => {
  const payLater = { tid: '1', step: '4', 'payment-method': 'booking', 'term-and-service': 'on' };
  const orderRow = () => tdb.wp.knex(tdb.wp.t.orders).first().where('id', 1);

  it('shows its owner the completion screen and the order, and writes nothing', async () => {
    const before = await orderRow();
    const orders = await countOrders(tdb.wp);
    const reply = (await template(payLater, {}, await loginCookie('customer1'))).json() as Reply;
    expect(reply.content).toContain('tourmaster-payment-complete');
    expect(reply.sidebar).toContain('window.tourmaster_transaction_id = "1"');
    expect(reply.cookie).toBe('');
    expect(await countOrders(tdb.wp)).toBe(orders);
    expect(await orderRow()).toEqual(before);
  });

  it('refuses another customer and a guest, and writes nothing', async () => {
    const before = await orderRow();
    for (const cookie of [await loginCookie('customer2'), undefined]) {
      const reply = (await template(payLater, {}, cookie)).json() as Reply;
      expect(reply.content).toContain('This booking belongs to another customer.');
      expect(reply.content).not.toContain('tourmaster-payment-complete');
      expect(reply.cookie).toBeUndefined();
    }
    expect(await orderRow()).toEqual(before);
  });

  it('refuses an order number that does not exist', async () => {
    const reply = (await template({ ...payLater, tid: '99999' }, {}, await loginCookie('customer1'))).json() as Reply;
    expect(reply.content).toContain('This booking could not be found.');
  });
});

describe('the captured guest booking (flows/guest-booking.json)', () => {
  const flow = JSON.parse(
    readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'flows', 'guest-booking.json'), 'utf8'),
  ) as {
    steps: (Exchange & { step: string })[];
    created_orders: { total_price: string; coupon_code: string; pricing_info: { 'price-breakdown': unknown } }[];
  };
  const step = (name: string) => flow.steps.find((s) => String(s.step).startsWith(name))!;

  it('step 3, the coupon and the sidebar refresh answer as the legacy site did', async () => {
    for (const name of ['7-', '7b-', '7c-']) {
      const ex = step(name);
      expect(compareReply(ex, await sendExchange(server.baseUrl, ex, ex.request.cookies)), name).toEqual([]);
    }
  });

  it('step 4 writes the same order once the terms box is ticked', async () => {
    const ex = step('9-');
    const refused = (await sendExchange(server.baseUrl, ex, ex.request.cookies)).text;
    expect(JSON.parse(refused).content).toContain('Please agree to all the terms and conditions');
    const ticked = {
      ...ex,
      request: { ...ex.request, body: `${ex.request.body}&booking_detail%5Bterm-and-service%5D=on` },
    };
    const reply = await sendExchange(server.baseUrl, ticked, ex.request.cookies);
    expect(JSON.parse(reply.text).content).toContain('Booking Completed!');
    const legacy = flow.created_orders[0]!;
    const order = await tdb.wp
      .knex(tdb.wp.t.orders)
      .orderBy('id', 'desc')
      .first('total_price', 'coupon_code', 'pricing_info');
    expect(Number(order.total_price)).toBe(Number(legacy.total_price));
    expect(order.coupon_code).toBe(legacy.coupon_code);
    expect(JSON.parse(order.pricing_info)['price-breakdown']).toEqual(legacy.pricing_info['price-breakdown']);
  });
});
