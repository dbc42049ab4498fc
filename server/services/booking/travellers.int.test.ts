import { describe, expect, it } from 'vitest';
import { postAjax } from '../../testing/app';
import { appSiteForFile } from '../../testing/app-site';

/**
 * The audit's free bookings: count fields the tour does not price, sent straight to the booking
 * actions as a guest. Each is refused in the action's own shape and writes nothing; a booking the
 * tour does price stores as many travellers as it pays for and lists.
 */
const app = appSiteForFile();

/** A guest's step-4 detail with valid contact fields and `names` travellers named. */
function detailFor(email: string, date: string, counts: [string, string][], names: number): [string, string][] {
  const detail: [string, string][] = [['tour-date', date], ...counts];
  for (let i = 0; i < names; i++) {
    detail.push(['traveller_first_name][', `T${i}`], ['traveller_last_name][', 'Audit']);
  }
  detail.push(
    ['first_name', 'Eve'],
    ['last_name', 'Audit'],
    ['email', email],
    ['phone', '+30 210 000 0000'],
    ['country', 'Greece'],
    ['contact_address', 'Athens'],
    ['term-and-service', 'on'],
    ['step', '4'],
    ['payment-method', 'booking'],
  );
  return detail;
}

function body(action: string, detail: [string, string][], extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams({ action, ...extra });
  for (const [k, v] of detail) params.append(`booking_detail[${k}]`, v);
  return params;
}

const ordersOf = (email: string) =>
  app.tdb.wp
    .knex(app.tdb.wp.t.orders)
    .select('traveller_amount', 'total_price', 'order_status', 'traveller_info', 'pricing_info')
    .whereRaw('contact_info LIKE ?', [`%${email}%`]);

const ATTACKS: {
  name: string;
  tour: string;
  date: string;
  counts: [string, string][];
  names: number;
  message: RegExp;
}[] = [
  {
    name: 'tour-adult=2 on the per-person Santorini cruise',
    tour: '4',
    date: '2027-05-22',
    counts: [['tour-adult', '2']],
    names: 2,
    message: /no price for adult travellers/,
  },
  {
    name: 'tour-people=18 on the per-adult/child Athens tour',
    tour: '5',
    date: '2027-05-13',
    counts: [['tour-people', '18']],
    names: 18,
    message: /no price for individual travellers/,
  },
  {
    name: 'one person and ten infants on the per-person cruise',
    tour: '4',
    date: '2027-05-22',
    counts: [
      ['tour-people', '1'],
      ['tour-infant', '10'],
    ],
    names: 11,
    message: /no price for infant travellers/,
  },
];

describe('travellers the tour does not price', () => {
  const WAYS = [
    { name: 'pay later', action: 'tourmaster_payment_template', extra: {} },
    { name: 'an online payment', action: 'tourmaster_payment_selected', extra: { type: 'paypal' } },
  ] as const;
  for (const [i, attack] of ATTACKS.entries()) {
    for (const [w, way] of WAYS.entries()) {
      it(`${way.name} refuses ${attack.name}, and writes nothing`, async () => {
        const email = `free.${w}.${i}@example.test`;
        const detail: [string, string][] = [
          ['tour-id', attack.tour],
          ...detailFor(email, attack.date, attack.counts, attack.names),
        ];
        const r = await postAjax(app.server.baseUrl, body(way.action, detail, way.extra));
        expect(r.status).toBe(200);
        const reply = r.json() as { content: string };
        expect(reply.content).toMatch(attack.message);
        expect(reply.content).not.toContain('Booking Completed');
        expect(await ordersOf(email)).toEqual([]);
      });
    }
  }

  it('does not sell out a date with free seats: a real visitor still books after the attempts', async () => {
    const email = 'real.visitor@example.test';
    const detail: [string, string][] = [['tour-id', '4'], ...detailFor(email, '2027-05-22', [['tour-people', '2']], 2)];
    const r = await postAjax(app.server.baseUrl, body('tourmaster_payment_template', detail));
    expect((r.json() as { content: string }).content).toContain('Booking Completed!');
    const [row] = await ordersOf(email);
    expect(row).toBeDefined();
    const pricing = JSON.parse(row!.pricing_info) as { 'price-breakdown': { 'traveller-amount': string } };
    expect(Number(row!.traveller_amount)).toBe(2);
    expect(pricing['price-breakdown']['traveller-amount']).toBe('2');
    expect(JSON.parse(row!.traveller_info).first_name).toEqual(['T0', 'T1']);
    expect(Number(row!.total_price)).toBeGreaterThan(0);
    expect(row!.order_status).toBe('pending');
    const mail = app.mailer.sent.find((m) => m.to.includes(email));
    // The mail states what the order row holds: 2 × $120 + 9 % tax.
    expect(Number(row!.total_price)).toBe(261.6);
    expect(mail?.html).toContain('$261.60');
  });

  it('stores no more travellers than it holds: names beyond the count are not listed', async () => {
    const email = 'extra.names@example.test';
    const detail: [string, string][] = [['tour-id', '4'], ...detailFor(email, '2027-05-22', [['tour-people', '1']], 5)];
    await postAjax(app.server.baseUrl, body('tourmaster_payment_template', detail));
    const [row] = await ordersOf(email);
    expect(Number(row!.traveller_amount)).toBe(1);
    expect(JSON.parse(row!.traveller_info).first_name).toEqual(['T0']);
  });
});
