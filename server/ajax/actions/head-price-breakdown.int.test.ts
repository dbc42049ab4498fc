import { describe, expect, it } from 'vitest';
import { headPriceSchema } from '../../../client/common/islands/BookingForm';
import { PaymentPageProps } from '../../../client/common/islands/PaymentPage';
import { getMeta, updateMeta } from '../../data/meta';
import { getOption, updateOption } from '../../data/options';
import type { PhpValue } from '../../php/values';
import { postAjax } from '../../testing/app';
import { appSiteForFile } from '../../testing/app-site';
import { insertTourService, offerServices } from '../../testing/tour-services';

/**
 * The head price's typed breakdown (issue 18) through the dispatcher and the fixture site (tax 9 %,
 * deposits of 30 %): the price box's lines are the payment page's for the same choice, the tax
 * shows only where the site charges it, the deposit only where the tour takes one.
 */
const site = appSiteForFile();

type Detail = Record<string, string | string[]>;

function encode(prefix: string, detail: Detail, body: URLSearchParams): URLSearchParams {
  for (const [key, value] of Object.entries(detail)) {
    if (Array.isArray(value)) for (const v of value) body.append(`${prefix}[${key}][]`, v);
    else body.append(`${prefix}[${key}]`, value);
  }
  return body;
}

async function headPrice(detail: Detail) {
  const reply = await postAjax(
    site.server.baseUrl,
    encode('data', detail, new URLSearchParams({ action: 'tourmaster_update_head_price' })),
  );
  const body = reply.json() as { price?: string; props?: unknown };
  return { price: body.price, props: headPriceSchema.parse(body.props) };
}

/** The payment page's contact step for the same choice: its sidebar's breakdown and total box. */
async function paymentSidebar(detail: Detail) {
  const reply = await postAjax(
    site.server.baseUrl,
    encode('booking_detail', detail, new URLSearchParams({ action: 'tourmaster_payment_template' })),
  );
  const sidebar = PaymentPageProps.parse((reply.json() as { props: unknown }).props).sidebar;
  if (!sidebar) throw new Error(`no sidebar: ${reply.text.slice(0, 300)}`);
  return sidebar;
}

/** Runs `body` with the option `name` changed by `change`, then puts it back. */
async function withOption(name: string, change: Record<string, string>, body: () => Promise<void>) {
  const saved = (await getOption(site.tdb.wp, name)) as Record<string, PhpValue>;
  await updateOption(site.tdb.wp, name, { ...saved, ...change });
  try {
    await body();
  } finally {
    await updateOption(site.tdb.wp, name, saved);
  }
}

const santorini = { 'tour-id': '4', 'tour-date': '2027-05-15', 'tour-people': '2' };

describe('tourmaster_update_head_price: the price box breakdown', () => {
  it('breaks a taxed price down as the payment page does: travellers × price, tax 9 %, a 30 % deposit', async () => {
    const { price, props } = await headPrice(santorini);
    expect(price).toBe('$261.60');
    expect(props).toEqual({
      total: '$261.60',
      breakdown: {
        base: [{ head: 'Traveller Base Price', detail: '2 x $120', tail: '$240.00' }],
        rooms: [],
        services: [],
        subTotal: '$240.00',
        couponAfterTax: false,
        taxRate: '9%',
        taxDue: '$21.60',
      },
      deposit: { percent: 30, price: '$78.48' },
    });
    const sidebar = await paymentSidebar(santorini);
    expect(props.breakdown).toEqual(sidebar.breakdown);
    expect(props.deposit?.price).toBe(sidebar.total.deposit?.price);
  });

  it('shows no tax where the site charges none', async () => {
    await withOption('tourmaster_general', { 'tax-rate': '' }, async () => {
      const { price, props } = await headPrice(santorini);
      expect(price).toBe('$240.00');
      expect(props.total).toBe('$240.00');
      expect(props.breakdown).not.toHaveProperty('taxRate');
      expect(props.breakdown).not.toHaveProperty('taxDue');
      expect(props.deposit).toEqual({ percent: 30, price: '$72.00' });
      expect(props.breakdown).toEqual((await paymentSidebar(santorini)).breakdown);
    });
  });

  it('shows no deposit where the tour takes none', async () => {
    await withOption('tourmaster_payment', { 'enable-deposit-payment': 'disable' }, async () => {
      const { props } = await headPrice(santorini);
      expect(props.total).toBe('$261.60');
      expect(props).not.toHaveProperty('deposit');
      expect((await paymentSidebar(santorini)).total.deposit).toBeUndefined();
    });
  });

  it('lists services and the group discount, priced as on the payment page', async () => {
    const transfer = await insertTourService(site.tdb.wp, 'Hotel Transfer Box', { per: 'person', price: '15' });
    const undoServices = await offerServices(site.tdb.wp, 4, [transfer]);
    const option = (await getMeta(site.tdb.wp, 'post', 4, 'tourmaster-tour-option')) as Record<string, PhpValue>;
    await updateMeta(site.tdb.wp, 'post', 4, 'tourmaster-tour-option', {
      ...option,
      'group-discount': [{ 'traveller-number': '2', discount: '10%' }],
    });
    try {
      const detail = { ...santorini, service: [transfer], 'service-amount': ['2'] };
      const { price, props } = await headPrice(detail);
      expect(props.breakdown.services).toEqual([{ head: 'Hotel Transfer Box (2 x $15)', tail: '$30.00' }]);
      expect(props.breakdown.subTotal).toBe('$270.00');
      expect(props.breakdown.groupDiscount).toEqual({
        head: 'Group Discount (2 people)',
        rate: '$27.00',
        discounted: '$243.00',
      });
      expect(price).toBe('$264.87');
      expect(props.total).toBe(price);
      expect(props.breakdown).toEqual((await paymentSidebar(detail)).breakdown);
    } finally {
      await updateMeta(site.tdb.wp, 'post', 4, 'tourmaster-tour-option', option);
      await undoServices();
    }
  });

  it('breaks a room booking down by room, as the payment page does (Meteora)', async () => {
    const detail = { 'tour-id': '7', 'tour-date': '2027-06-11', 'tour-room': '2', 'tour-people': ['2', '1'] };
    const { props } = await headPrice(detail);
    expect(props.breakdown.rooms.map((room) => room.head)).toEqual(['Room 1 :', 'Room 2 :']);
    expect(props.breakdown.rooms[0]?.lines.length).toBeGreaterThan(0);
    expect(props.breakdown).toEqual((await paymentSidebar(detail)).breakdown);
  });

  it('carries no props where the legacy reply is empty or a failure', async () => {
    const empty = await postAjax(
      site.server.baseUrl,
      encode(
        'data',
        { 'tour-id': '4', 'tour-date': '2027-05-15' },
        new URLSearchParams({ action: 'tourmaster_update_head_price' }),
      ),
    );
    expect(empty.json()).toEqual([]);
    const closed = await postAjax(
      site.server.baseUrl,
      encode(
        'data',
        { ...santorini, 'tour-date': '2026-09-12' },
        new URLSearchParams({ action: 'tourmaster_update_head_price' }),
      ),
    );
    expect(closed.json()).not.toHaveProperty('props');
  });
});
