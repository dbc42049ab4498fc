import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../testing/db';
import { runningDdlProgress } from './ddl-progress';

/**
 * `npm run migrate` reads the server's progress of a long index build. An ALTER TABLE is held
 * waiting (another transaction keeps the table's metadata lock) so it is reliably running.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('runningDdlProgress', () => {
  it('is undefined while no ALTER TABLE runs, and the server’s figure while one does', async () => {
    const empty = await createEmptyDatabase();
    cleanups.push(empty.drop);
    const { db } = empty;
    expect(await runningDdlProgress(db)).toBeUndefined();
    if (db.engine !== 'mysql') return; // SQLite has no such figure; undefined is its answer

    await db.knex.raw('CREATE TABLE big (id INT PRIMARY KEY, v INT)');
    const holder = await db.knex.transaction();
    await holder.raw('SELECT * FROM big');
    const alter = db.knex.raw('ALTER TABLE big ADD INDEX v (v)').then(() => {}); // then() sends it
    try {
      let progress: number | undefined;
      for (let tries = 0; tries < 200 && progress === undefined; tries++) {
        progress = await runningDdlProgress(db);
        if (progress === undefined) await new Promise((r) => setTimeout(r, 50));
      }
      expect(progress).toBeGreaterThanOrEqual(0);
      expect(progress).toBeLessThanOrEqual(100);
    } finally {
      await holder.commit();
      await alter;
    }
    expect(await runningDdlProgress(db)).toBeUndefined();
  });
});
