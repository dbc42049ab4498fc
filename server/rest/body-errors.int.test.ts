import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/db';
import { type RestTestServer, startRestTestServer } from '../testing/rest-app';

/**
 * A JSON body that does not fit its route's schema: `rest_invalid_param` naming the field, with
 * where inside it the fault is, never the query parameters' "Expected one value." (a body's field
 * may be any JSON value).
 */
let tdb: TestDatabase;
let server: RestTestServer;

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = await startRestTestServer(tdb, { now: new Date('2027-05-01T10:00:00Z') });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

async function quote(body: unknown) {
  const r = await fetch(`${server.baseUrl}/quote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as { code: string; data: { params?: Record<string, string> } } };
}

describe('a JSON body refused by its schema', () => {
  it('names the field and the place inside it', async () => {
    const r = await quote({ tour_id: 4, date: '2027-05-22', package: null, travellers: { people: 'two' } });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('rest_invalid_param');
    expect(r.json.data.params?.travellers).toMatch(/^travellers\.people: /);
    expect(r.json.data.params?.travellers).not.toContain('Expected one value');
  });

  it('says what is wrong with a whole field of the wrong type', async () => {
    const r = await quote({ tour_id: 'four', date: '2027-05-22', package: null, travellers: { people: 2 } });
    expect(r.status).toBe(400);
    expect(r.json.data.params?.tour_id).toBeTruthy();
    expect(r.json.data.params?.tour_id).not.toContain('Expected one value');
  });
});
