import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCouponUses, findCouponByCode } from '../../data/coupons';
import { updateMeta } from '../../data/meta';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';

/**
 * tourmaster_validate_coupon_code and the coupon lookups on both engines: the fixture's coupons
 * (SUMMER10 10 % with 100 uses, GREECE25 $25 on tours 4 and 10, EXPIRED2025), MySQL's
 * case-insensitive match, the use limit, and no `tid` shortcut.
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

const validate = async (code: string, tourId: string, tid = '') =>
  (
    await postAjax(
      server.baseUrl,
      new URLSearchParams({ coupon_code: code, tour_id: tourId, action: 'tourmaster_validate_coupon_code', tid }),
    )
  ).json();

const failed = (message: string) => ({ status: 'failed', message });
const INVALID = 'Invalid coupon code, please try again with different coupon';
const EXPIRED = 'This coupon has been expired, please try again with different coupon';

async function addCoupon(code: string, option: Record<string, string>, status = 'publish'): Promise<number> {
  const [id] = await tdb.wp.knex(tdb.wp.t.posts).insert({
    post_author: 1,
    post_date: '2026-11-01 00:00:00',
    post_date_gmt: '2026-11-01 00:00:00',
    post_content: '',
    post_title: code,
    post_excerpt: '',
    post_status: status,
    post_name: code.toLowerCase(),
    post_modified: '2026-11-01 00:00:00',
    post_modified_gmt: '2026-11-01 00:00:00',
    post_type: 'tour_coupon',
    to_ping: '',
    pinged: '',
    post_content_filtered: '',
    guid: '',
  });
  await updateMeta(tdb.wp, 'post', Number(id), 'tourmaster-coupon-code', code);
  await updateMeta(tdb.wp, 'post', Number(id), 'tourmaster-coupon-option', { 'coupon-code': code, ...option });
  return Number(id);
}

async function orderWithCoupon(code: string): Promise<number> {
  const [id] = await tdb.wp.knex(tdb.wp.t.orders).insert({
    user_id: 0,
    booking_date: '2026-11-21 10:00:00',
    tour_id: 4,
    travel_date: '2027-05-22',
    package_group_slug: '',
    traveller_amount: 1,
    male_amount: 0,
    female_amount: 0,
    order_status: 'cancel',
    coupon_code: code,
  });
  return Number(id);
}

describe('tourmaster_validate_coupon_code', () => {
  it('SUMMER10 gives 10 % on any tour, whatever the case of the code', async () => {
    expect(await validate('SUMMER10', '4')).toEqual({ status: 'success', message: 'You got 10% discount' });
    expect(await validate('summer10', '7')).toEqual({ status: 'success', message: 'You got 10% discount' });
  });

  it('GREECE25 only on tours 4 and 10', async () => {
    expect(await validate('GREECE25', '4')).toEqual({ status: 'success', message: 'You got $25.00 discount' });
    expect(await validate('GREECE25', '10')).toEqual({ status: 'success', message: 'You got $25.00 discount' });
    expect(await validate('GREECE25', '5')).toEqual(
      failed('This coupon is not available for this tour, please try again with different coupon'),
    );
    expect(await validate('GREECE25', '4abc')).toMatchObject({ status: 'failed' });
  });

  it('EXPIRED2025 has expired', async () => {
    expect(await validate('EXPIRED2025', '4')).toEqual(failed(EXPIRED));
  });

  it('an empty, unknown or SQL-ish code', async () => {
    expect(await validate('', '4')).toEqual(failed('Please fill in the coupon code'));
    expect(await validate('NOPE', '4')).toEqual(failed(INVALID));
    expect(await validate("SUMMER10' OR '1'='1", '4')).toEqual(failed(INVALID));
    expect(await validate('%', '4')).toEqual(failed(INVALID));
  });

  it('counts every order carrying the code against its limit, cancelled ones too', async () => {
    await addCoupon('ONCE', { 'coupon-amount': '1', 'coupon-discount-type': 'amount', 'coupon-discount-amount': '5' });
    expect(await validate('ONCE', '4')).toEqual({ status: 'success', message: 'You got $5.00 discount' });
    await orderWithCoupon('once');
    expect(await validate('ONCE', '4')).toEqual(
      failed('This coupon has been used up, please try again with different coupon'),
    );
  });

  it('an order that already carries the code does not skip the checks (tid is ignored)', async () => {
    const tid = await orderWithCoupon('EXPIRED2025');
    expect(await validate('EXPIRED2025', '4', String(tid))).toEqual(failed(EXPIRED));
  });

  it('a coupon that is not published does not exist', async () => {
    await addCoupon('DRAFTY', { 'coupon-discount-type': 'percent', 'coupon-discount-amount': '50' }, 'draft');
    expect(await validate('DRAFTY', '4')).toEqual(failed(INVALID));
  });
});

describe('coupon lookups', () => {
  it('finds the coupon case-insensitively and returns the code as stored', async () => {
    const found = await findCouponByCode(tdb.wp, 'greece25');
    expect(found).toMatchObject({ id: 13, code: 'GREECE25' });
    expect(found?.option).toMatchObject({ 'coupon-discount-type': 'amount', 'apply-to-specific-tour': '4,10' });
    expect(await findCouponByCode(tdb.wp, '')).toBeUndefined();
    expect(await findCouponByCode(tdb.wp, 'GREECE2')).toBeUndefined();
  });

  it('counts uses case-insensitively, leaving out one order when asked', async () => {
    const before = await countCouponUses(tdb.wp, 'SUMMER10');
    const id = await orderWithCoupon('Summer10');
    expect(await countCouponUses(tdb.wp, 'summer10')).toBe(before + 1);
    expect(await countCouponUses(tdb.wp, 'SUMMER10', { excludeOrderId: id })).toBe(before);
    expect(await countCouponUses(tdb.wp, '')).toBe(0);
  });
});
