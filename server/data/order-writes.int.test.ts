import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { lockKeys, updateOrderPricing } from './order-writes';
import { inTransaction } from './tables';

/**
 * Taking a lock changes its row every time, a new key or not. A Galera cluster certifies
 * transactions only against the rows others changed (an update to the same value is none): this
 * write is what makes two nodes' bookings of one date conflict (npm run test:cluster).
 */
const engine = inject('testDb').engine;
let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
});

afterAll(async () => {
  await tdb?.drop();
});

describe.runIf(engine === 'mariadb')('lockKeys', () => {
  it('writes each key’s row every time it is taken', async () => {
    const taken = async () =>
      Object.fromEntries(
        (await tdb.wp.knex(`${tdb.wp.prefix}dropin_locks`).whereIn('lock_key', ['a-key', 'b-key'])).map(
          (r: { lock_key: string; taken: number }) => [r.lock_key, Number(r.taken)],
        ),
      );
    await inTransaction(tdb.wp, (trx) => lockKeys(trx, ['b-key', 'a-key']));
    expect(await taken()).toEqual({ 'a-key': 0, 'b-key': 0 });
    await inTransaction(tdb.wp, (trx) => lockKeys(trx, ['a-key', 'a-key']));
    await inTransaction(tdb.wp, (trx) => lockKeys(trx, ['a-key', 'b-key']));
    expect(await taken()).toEqual({ 'a-key': 2, 'b-key': 1 });
  });
});

describe('updateOrderPricing', () => {
  const pricingOf = async (id: number) =>
    (await tdb.wp.knex(tdb.wp.t.orders).first('pricing_info', 'booking_detail', 'order_status').where('id', id)) as {
      pricing_info: string;
      booking_detail: string;
      order_status: string;
    };
  const values = { pricingInfo: { 'total-price': 1, 'pay-amount': 1 }, bookingDetail: { 'tour-id': '4' } };

  it('re-prices an order still in the status it was read in', async () => {
    // Order 3 of the fixture is pending.
    expect(await updateOrderPricing(tdb.wp, 3, 'pending', values)).toBe(true);
    const row = await pricingOf(3);
    expect(JSON.parse(row.pricing_info)).toEqual(values.pricingInfo);
    expect(JSON.parse(row.booking_detail)).toEqual(values.bookingDetail);
  });

  it('leaves an order alone that a payment changed since it was read (its pricing is what was paid)', async () => {
    // Order 6 was read pending, then its deposit was paid before the re-pricing reached it.
    const before = await pricingOf(6);
    expect(before.order_status).toBe('deposit-paid');
    expect(await updateOrderPricing(tdb.wp, 6, 'pending', values)).toBe(false);
    expect(await pricingOf(6)).toEqual(before);
  });
});
