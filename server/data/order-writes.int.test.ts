import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { lockKeys } from './order-writes';
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
