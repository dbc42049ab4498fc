import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from './config';
import {
  ConfigError,
  DEFAULT_SEED_DUMP,
  DEFAULT_SQLITE_FILE,
  describeConfig,
  loadConfig,
  PROJECT_ROOT,
} from './config';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FIXTURE_WP_CONFIG = path.join(ROOT, 'legacy-fixtures', 'wp-config.php');
const FIXTURE_SOURCE = readFileSync(FIXTURE_WP_CONFIG, 'utf8');

/** The eight keys and salts as written in the fixture wp-config.php, read independently of the parser. */
const FIXTURE_SECRETS = Object.fromEntries(
  [...FIXTURE_SOURCE.matchAll(/^define\('(\w+_(?:KEY|SALT))', '(.*)'\);$/gm)].map((m) => [m[1]!, m[2]!]),
);

const tmp = mkdtempSync(path.join(tmpdir(), 'config-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the fixture wp-config.php with some lines replaced. */
function wpConfigVariant(name: string, replacements: [RegExp, string][]): string {
  let source = FIXTURE_SOURCE;
  for (const [pattern, line] of replacements) {
    expect(source).toMatch(pattern);
    source = source.replace(pattern, line);
  }
  const file = path.join(tmp, name);
  writeFileSync(file, source);
  return file;
}

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError, loadConfig returned');
}

function mysqlDb(config: Config) {
  if (config.db.engine !== 'mysql') throw new Error(`expected a mysql config, got ${config.db.engine}`);
  return config.db;
}

describe('loadConfig: the embedded default', () => {
  it('uses a SQLite file under the project root, seeded from the legacy dump', () => {
    expect(loadConfig({})).toStrictEqual({
      http: { host: '127.0.0.1', port: 8080 },
      trustProxy: false,
      logLevel: 'info',
      maxBodyBytes: 8 * 1024 * 1024,
      workers: 1,
      shutdownTimeoutMs: 10_000,
      siteCacheMs: 1000,
      source: 'embedded',
      db: { engine: 'sqlite', filename: path.join(ROOT, '.data', 'wordpress.sqlite') },
      replicas: [],
      replicaMaxLagS: 5,
      tablePrefix: 'wp_',
      secrets: {},
      seedDump: path.join(ROOT, 'legacy-fixtures', 'wp-legacy.sql'),
      siteUrlFollowsRequest: true,
      dataDir: path.join(ROOT, '.data'),
      mail: { smtpUrl: undefined, dir: path.join(ROOT, '.data', 'mail') },
      paypal: { clientId: undefined, secret: undefined, mode: undefined },
      stripe: { secretKey: undefined, publishableKey: undefined, webhookSecret: undefined, apiBase: undefined },
      legacyUpstream: undefined,
      seatHoldMs: 900_000,
      apiRateLimit: 120,
      webhooksAllowPrivate: false,
    });
    expect(PROJECT_ROOT).toBe(ROOT);
    expect(DEFAULT_SQLITE_FILE).toBe(path.join(ROOT, '.data', 'wordpress.sqlite'));
    expect(DEFAULT_SEED_DUMP).toBe(path.join(ROOT, 'legacy-fixtures', 'wp-legacy.sql'));
  });

  const http: [Record<string, string>, { host: string; port: number }][] = [
    [{ PORT: '9090' }, { host: '127.0.0.1', port: 9090 }],
    [{ PORT: '0' }, { host: '127.0.0.1', port: 0 }],
    [{ HOST: '0.0.0.0' }, { host: '0.0.0.0', port: 8080 }],
    [
      { HOST: '::', PORT: '65535' },
      { host: '::', port: 65535 },
    ],
  ];
  it.each(http)('takes the listening address from %j', (env, expected) => {
    expect(loadConfig(env).http).toStrictEqual(expected);
  });

  it('takes the SQLite file, seed dump, secrets and other settings from the environment', () => {
    const config = loadConfig({
      SQLITE_FILE: 'var/site.sqlite',
      SEED_DUMP: '/srv/seed.sql',
      TABLE_PREFIX: 'tm_',
      AUTH_KEY: 'env-auth-key',
      NONCE_SALT: 'env-nonce-salt',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'debug',
      MAX_BODY_BYTES: '1024',
    });
    expect(config.db).toStrictEqual({ engine: 'sqlite', filename: path.resolve('var/site.sqlite') });
    expect(config.seedDump).toBe('/srv/seed.sql');
    expect(config.tablePrefix).toBe('tm_');
    expect(config.secrets).toStrictEqual({ AUTH_KEY: 'env-auth-key', NONCE_SALT: 'env-nonce-salt' });
    expect(config.trustProxy).toBe(true);
    expect(config.logLevel).toBe('debug');
    expect(config.maxBodyBytes).toBe(1024);
  });

  it('returns a frozen object', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(() => {
      (config as { tablePrefix: string }).tablePrefix = 'x_';
    }).toThrow(TypeError);
    expect(config.tablePrefix).toBe('wp_');
  });
});

describe('loadConfig: invalid settings', () => {
  const cases: { env: Record<string, string>; message: RegExp }[] = [
    { env: { PORT: 'abc' }, message: /^Invalid setting PORT: / },
    { env: { PORT: '70000' }, message: /^Invalid setting PORT: / },
    { env: { PORT: '-1' }, message: /^Invalid setting PORT: / },
    { env: { PORT: '80.5' }, message: /^Invalid setting PORT: / },
    {
      env: { TABLE_PREFIX: 'wp-' },
      message: /^Invalid setting TABLE_PREFIX: TABLE_PREFIX can only contain numbers, letters, and underscores$/,
    },
    { env: { TABLE_PREFIX: 'wp_; DROP' }, message: /^Invalid setting TABLE_PREFIX: / },
    { env: { LOG_LEVEL: 'loud' }, message: /^Invalid setting LOG_LEVEL: / },
    { env: { TRUST_PROXY: 'yes' }, message: /^Invalid setting TRUST_PROXY: / },
    { env: { MAX_BODY_BYTES: '0' }, message: /^Invalid setting MAX_BODY_BYTES: / },
    { env: { WORKERS: '0' }, message: /^Invalid setting WORKERS: / },
    { env: { WORKERS: '65' }, message: /^Invalid setting WORKERS: / },
    { env: { WORKERS: '2.5' }, message: /^Invalid setting WORKERS: / },
    { env: { WORKERS: 'many' }, message: /^Invalid setting WORKERS: WORKERS must be a number from 1 to 64, or auto$/ },
    { env: { SHUTDOWN_TIMEOUT: '0' }, message: /^Invalid setting SHUTDOWN_TIMEOUT: / },
  ];
  it.each(cases)('rejects $env', ({ env, message }) => {
    expect(configErrorOf(env).message).toMatch(message);
  });
});

describe('loadConfig: WORKERS and SHUTDOWN_TIMEOUT', () => {
  it('runs one process and waits 10 s for in-flight requests unless told otherwise', () => {
    const c = loadConfig({});
    expect([c.workers, c.shutdownTimeoutMs]).toEqual([1, 10_000]);
  });

  it('reads a number of workers, or one per CPU for auto, and the shutdown timeout in seconds', () => {
    expect(loadConfig({ WORKERS: '4' }).workers).toBe(4);
    expect(loadConfig({ WORKERS: 'auto' }).workers).toBe(availableParallelism());
    expect(loadConfig({ SHUTDOWN_TIMEOUT: '2.5' }).shutdownTimeoutMs).toBe(2_500);
  });
});

describe('loadConfig: SITE_CACHE_MS', () => {
  it('keeps the listing pages’ site options for a second unless told otherwise, 0 reads them every time', () => {
    expect(loadConfig({}).siteCacheMs).toBe(1000);
    expect(loadConfig({ SITE_CACHE_MS: '0' }).siteCacheMs).toBe(0);
    expect(loadConfig({ SITE_CACHE_MS: '250' }).siteCacheMs).toBe(250);
  });

  it.each(['-1', '1.5', 'soon', '600000'])('refuses %s with the setting named', (value) => {
    expect(() => loadConfig({ SITE_CACHE_MS: value })).toThrow(/SITE_CACHE_MS/);
  });
});

describe('loadConfig: SEAT_HOLD_MINUTES', () => {
  it('holds seats 15 minutes unless told otherwise; decimals are minutes too', () => {
    expect(loadConfig({}).seatHoldMs).toBe(15 * 60_000);
    expect(loadConfig({ SEAT_HOLD_MINUTES: '30' }).seatHoldMs).toBe(30 * 60_000);
    expect(loadConfig({ SEAT_HOLD_MINUTES: '0.05' }).seatHoldMs).toBe(3_000);
  });

  it.each(['0', '-5', 'soon', '1441', ''])('refuses %j with the setting named', (value) => {
    expect(() => loadConfig({ SEAT_HOLD_MINUTES: value })).toThrow(/SEAT_HOLD_MINUTES/);
  });
});

describe('loadConfig: API_RATE_LIMIT', () => {
  it('allows 120 calls a minute per key unless told otherwise', () => {
    expect(loadConfig({}).apiRateLimit).toBe(120);
    expect(loadConfig({ API_RATE_LIMIT: '600' }).apiRateLimit).toBe(600);
  });

  it.each(['0', '-5', '1.5', 'lots', '100001', ''])('refuses %j with the setting named', (value) => {
    expect(() => loadConfig({ API_RATE_LIMIT: value })).toThrow(/API_RATE_LIMIT/);
  });
});

describe('loadConfig: WP_CONFIG', () => {
  it('reads the fixture wp-config.php: MySQL over TCP, wp_ prefix, all eight keys and salts', () => {
    const config = loadConfig({ WP_CONFIG: FIXTURE_WP_CONFIG, TABLE_PREFIX: 'ignored_' });
    expect(config.source).toBe('wp-config');
    expect(config.db).toStrictEqual({
      engine: 'mysql',
      host: '127.0.0.1',
      port: 3306,
      user: 'root',
      password: '',
      database: 'wp_legacy',
      charset: 'utf8mb4',
      collate: '',
    });
    expect(config.tablePrefix).toBe('wp_');
    expect(Object.keys(FIXTURE_SECRETS)).toHaveLength(8);
    expect(config.secrets).toStrictEqual(FIXTURE_SECRETS);
    expect(config.seedDump).toBeUndefined();
    expect(config.siteUrlFollowsRequest).toBe(false);
    expect(Object.isFrozen(config)).toBe(true);
  });

  const hosts: [string, Record<string, unknown>][] = [
    ['127.0.0.1:3306', { host: '127.0.0.1', port: 3306 }],
    ['db.internal', { host: 'db.internal', port: 3306 }],
    ['db.internal:3307', { host: 'db.internal', port: 3307 }],
    ['[::1]:3308', { host: '::1', port: 3308 }],
    ['localhost:/tmp/mysqld.sock', { socketPath: '/tmp/mysqld.sock' }],
    ['localhost:3307:/tmp/other.sock', { socketPath: '/tmp/other.sock' }],
    // mysqlnd ignores the socket for any host but localhost.
    ['db.internal:3307:/tmp/mysqld.sock', { host: 'db.internal', port: 3307 }],
  ];
  it.each(hosts)('connects to DB_HOST %s as mysqli would', (dbHost, endpoint) => {
    const file = wpConfigVariant('host.php', [[/^define\('DB_HOST', .*$/m, `define('DB_HOST', '${dbHost}');`]]);
    const db = mysqlDb(loadConfig({ WP_CONFIG: file }));
    const { host, port, socketPath } = db;
    expect(
      Object.fromEntries(Object.entries({ host, port, socketPath }).filter(([, v]) => v !== undefined)),
    ).toStrictEqual(endpoint);
  });

  it('connects through the socket a localhost DB_HOST names', () => {
    const file = wpConfigVariant('socket.php', [
      [/^define\('DB_HOST', .*$/m, "define('DB_HOST', 'localhost:/tmp/mysqld.sock');"],
      [/^define\('DB_PASSWORD', .*$/m, "define('DB_PASSWORD', 'pw');"],
    ]);
    const db = mysqlDb(loadConfig({ WP_CONFIG: file }));
    expect(db).toStrictEqual({
      engine: 'mysql',
      socketPath: '/tmp/mysqld.sock',
      user: 'root',
      password: 'pw',
      database: 'wp_legacy',
      charset: 'utf8mb4',
      collate: '',
    });
  });

  it('rejects an invalid $table_prefix, naming the file', () => {
    const file = wpConfigVariant('bad-prefix.php', [[/^\$table_prefix = .*$/m, "$table_prefix = 'wp-';"]]);
    const err = configErrorOf({ WP_CONFIG: file });
    expect(err.message).toContain(file);
    expect(err.message).toMatch(/\$table_prefix "wp-" is invalid/);
  });

  it('rejects a DB_CHARSET that is not a plain word, since it goes into SET NAMES', () => {
    const file = wpConfigVariant('bad-charset.php', [
      [/^define\('DB_CHARSET', .*$/m, `define('DB_CHARSET', "utf8mb4' ; DROP TABLE wp_users; --");`],
    ]);
    expect(configErrorOf({ WP_CONFIG: file }).message).toMatch(/^DB_CHARSET ".*" is not a charset or collation name/);
  });

  it('rejects a WP_CONFIG file that does not exist, naming it', () => {
    const missing = path.join(tmp, 'missing', 'wp-config.php');
    expect(configErrorOf({ WP_CONFIG: missing }).message).toBe(`Cannot read WP_CONFIG file ${missing}: ENOENT`);
  });
});

describe('loadConfig: DATABASE_URL', () => {
  it('reads a mysql:// URL with an encoded password, port, charset and TABLE_PREFIX', () => {
    const config = loadConfig({
      DATABASE_URL: 'mysql://u:p%40ss@db.example:3307/site?charset=utf8mb4',
      TABLE_PREFIX: 'shop_',
    });
    expect(config.source).toBe('database-url');
    expect(config.db).toStrictEqual({
      engine: 'mysql',
      host: 'db.example',
      port: 3307,
      user: 'u',
      password: 'p@ss',
      database: 'site',
      charset: 'utf8mb4',
      collate: '',
    });
    expect(config.tablePrefix).toBe('shop_');
    expect(config.seedDump).toBeUndefined();
    expect(config.siteUrlFollowsRequest).toBe(false);
    expect(Object.isFrozen(config)).toBe(true);
  });

  const endpoints: [string, Record<string, unknown>][] = [
    ['mysql://root@db/wp', { host: 'db', port: 3306, user: 'root', password: '' }],
    [
      'mariadb://u:p@[::1]:3308/wp?collate=utf8mb4_unicode_520_ci',
      { host: '::1', port: 3308, collate: 'utf8mb4_unicode_520_ci' },
    ],
    ['mysql://u:p@localhost/wp?socket=/run/mysqld/mysqld.sock', { socketPath: '/run/mysqld/mysqld.sock' }],
    ['mysql://u:p@h/my%20db', { database: 'my db' }],
  ];
  it.each(endpoints)('reads %s', (url, expected) => {
    const db = mysqlDb(loadConfig({ DATABASE_URL: url }));
    expect(db).toMatchObject(expected);
    if ('socketPath' in expected) expect(db).not.toHaveProperty('host');
  });

  it('reads a sqlite:// URL as a SQLite file, without a seed dump', () => {
    const config = loadConfig({ DATABASE_URL: 'sqlite:///tmp/x.sqlite' });
    expect(config.source).toBe('database-url');
    expect(config.db).toStrictEqual({ engine: 'sqlite', filename: '/tmp/x.sqlite' });
    expect(config.seedDump).toBeUndefined();
    expect(config.siteUrlFollowsRequest).toBe(false);
  });

  const bad: { url: string; message: RegExp }[] = [
    { url: 'mysql://u:p@db.example:3307', message: /^DATABASE_URL names no database/ },
    { url: 'mysql://u:p@db.example:3307/', message: /^DATABASE_URL names no database/ },
    { url: 'postgres://u:p@db/site', message: /^DATABASE_URL must start with mysql:\/\/ \(got postgres:\/\/\)/ },
    { url: 'not a url', message: /^DATABASE_URL is not a URL/ },
    { url: 'mysql://u:p@db/site?charset=utf8mb4%20x', message: /^charset "utf8mb4 x" is not a charset/ },
    { url: "mysql://u:p@db/site?charset=utf8'", message: /^charset "utf8'" is not a charset/ },
    { url: 'mysql://u:p@db/site?collate=a%22b', message: /^collate "a"b" is not a charset or collation name/ },
  ];
  it.each(bad)('rejects $url', ({ url, message }) => {
    expect(configErrorOf({ DATABASE_URL: url }).message).toMatch(message);
  });
});

describe('describeConfig', () => {
  const leaks = (description: unknown, secret: string) => {
    const text = JSON.stringify(description);
    return text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1));
  };

  it('describes a wp-config site without its password or any key or salt', () => {
    const file = wpConfigVariant('with-password.php', [
      [/^define\('DB_PASSWORD', .*$/m, "define('DB_PASSWORD', 'Db-Pa55word!');"],
    ]);
    const config = loadConfig({ WP_CONFIG: file });
    expect(mysqlDb(config).password).toBe('Db-Pa55word!');
    const description = describeConfig(config);
    expect(description).toStrictEqual({
      source: 'wp-config',
      db: { engine: 'mysql', endpoint: '127.0.0.1:3306', database: 'wp_legacy', user: 'root' },
      tablePrefix: 'wp_',
      secrets: '8 of 8 keys and salts from configuration',
      mail: `written to ${path.join(ROOT, '.data', 'mail')}`,
      paypal: 'from the site settings',
      stripe: 'keys from the site settings',
      legacyUpstream: 'none',
      seatHold: '15 min',
    });
    expect(leaks(description, 'Db-Pa55word!')).toBe(false);
    expect(Object.values(FIXTURE_SECRETS)).toHaveLength(8);
    for (const [name, secret] of Object.entries(FIXTURE_SECRETS)) expect(leaks(description, secret), name).toBe(false);
  });

  it('describes a DATABASE_URL site without its password or the secrets from the environment', () => {
    const config = loadConfig({
      DATABASE_URL: 'mysql://u:p%40ss@db.example:3307/site?socket=/tmp/m.sock',
      AUTH_KEY: 'env-auth-key-value',
    });
    const description = describeConfig(config);
    expect(description).toStrictEqual({
      source: 'database-url',
      db: { engine: 'mysql', endpoint: '/tmp/m.sock', database: 'site', user: 'u' },
      tablePrefix: 'wp_',
      secrets: '1 of 8 keys and salts from configuration',
      mail: `written to ${path.join(ROOT, '.data', 'mail')}`,
      paypal: 'from the site settings',
      stripe: 'keys from the site settings',
      legacyUpstream: 'none',
      seatHold: '15 min',
    });
    for (const secret of ['p@ss', 'p%40ss', 'env-auth-key-value'])
      expect(leaks(description, secret), secret).toBe(false);
  });

  it('describes the embedded default by its file', () => {
    expect(describeConfig(loadConfig({}))).toStrictEqual({
      source: 'embedded',
      db: { engine: 'sqlite', file: path.join(ROOT, '.data', 'wordpress.sqlite') },
      tablePrefix: 'wp_',
      secrets: '0 of 8 keys and salts from configuration',
      mail: `written to ${path.join(ROOT, '.data', 'mail')}`,
      paypal: 'from the site settings',
      stripe: 'keys from the site settings',
      legacyUpstream: 'none',
      seatHold: '15 min',
    });
  });

  it('describes SMTP and PayPal settings without their secrets', () => {
    const d = describeConfig(
      loadConfig({
        SMTP_URL: 'smtp://mailer:Mail-Secret@smtp.example.test:587',
        PAYPAL_CLIENT_ID: 'AbCdEfGhIj',
        PAYPAL_CLIENT_SECRET: 'Pp-Secret',
      }),
    );
    expect(d.mail).toBe('SMTP smtp.example.test:587');
    expect(d.paypal).toBe('client AbCdEf… (sandbox)');
    expect(leaks(d, 'Mail-Secret')).toBe(false);
    expect(leaks(d, 'Pp-Secret')).toBe(false);
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL must start with smtp/);
  });

  it('reads the Stripe keys and API base, and describes them without any key', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_live_Secret123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_Public456',
      STRIPE_WEBHOOK_SECRET: 'whsec_Hook789',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_live_Secret123',
      publishableKey: 'pk_live_Public456',
      webhookSecret: 'whsec_Hook789',
      apiBase: 'http://127.0.0.1:12111',
    });
    const d = describeConfig(config);
    expect(d.stripe).toBe(
      'secret key (live), publishable key (live), webhook secret from the environment; API http://127.0.0.1:12111',
    );
    for (const secret of ['Secret123', 'Public456', 'Hook789']) expect(leaks(d, secret)).toBe(false);
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE must be an http/);
  });
});
