import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../core/config';
import { createMemoryMailer, type MemoryMailer } from '../mail/mailer';
import { CAPTURE_NOW, startTestServer, type TestServer } from './app';
import { createTestDatabase, type TestDatabase } from './db';

/** What an integration test file runs against. */
export interface AppSite {
  readonly tdb: TestDatabase;
  readonly server: TestServer;
  /** Every mail the app sent, in order. */
  readonly mailer: MemoryMailer;
}

/**
 * The set-up most integration test files share, registered as the file's beforeAll/afterAll: a copy
 * of the fixture site and the app over it on the capture day's clock, its mails kept in memory.
 * Call at the top of the file; the fields are there once the tests run.
 */
export function appSiteForFile(options: { config?: Partial<Config> } = {}): AppSite {
  let tdb: TestDatabase | undefined;
  let server: TestServer | undefined;
  const mailer = createMemoryMailer();
  beforeAll(async () => {
    tdb = await createTestDatabase();
    server = await startTestServer(tdb, {
      now: CAPTURE_NOW,
      mailer,
      ...(options.config ? { config: options.config } : {}),
    });
  });
  afterAll(async () => {
    await server?.close();
    await tdb?.drop();
  });
  return {
    get tdb() {
      return setUp(tdb, 'tdb');
    },
    get server() {
      return setUp(server, 'server');
    },
    mailer,
  };
}

/** A field a file's beforeAll sets, read once it has run. */
export function setUp<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name} is read before the file's beforeAll ran`);
  return value;
}
