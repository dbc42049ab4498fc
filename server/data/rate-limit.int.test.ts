import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { clearRateLimit, hitRateLimit, isRateLimited, pruneRateLimits } from './rate-limit';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});

describe('rate limits in the database', () => {
  const limit = { bucket: 'test', subject: 'Alice@Example.test', limit: 3, windowSeconds: 60 };
  const t0 = new Date('2026-11-21T12:00:05Z');

  it('allows up to the limit in a window, refuses after, and starts again in the next window', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(tdb.wp, limit, t0));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ hits: 4, retryAfter: 55 });
    expect(await isRateLimited(tdb.wp, { ...limit, subject: 'alice@example.test' }, t0)).toBe(true);
    expect((await hitRateLimit(tdb.wp, limit, new Date('2026-11-21T12:01:01Z'))).allowed).toBe(true);
  });

  it('counts concurrent hits exactly', async () => {
    const many = { ...limit, subject: 'concurrent', limit: 10 };
    const results = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit(tdb.wp, many, t0)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('forgets a subject and prunes old windows', async () => {
    await clearRateLimit(tdb.wp, limit);
    expect(await isRateLimited(tdb.wp, limit, t0)).toBe(false);
    await hitRateLimit(tdb.wp, { ...limit, subject: 'old' }, new Date('2026-01-01T00:00:00Z'));
    expect(await pruneRateLimits(tdb.wp, new Date('2026-06-01T00:00:00Z'))).toBeGreaterThan(0);
  });
});
