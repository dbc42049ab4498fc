import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { mysqlEndpoint, parseDbHost } from '../wp/db-host';
import { parseWpConfig, WP_SECRET_NAMES, WpConfigError, type WpSecretName, wpSiteSettings } from '../wp/wp-config-file';

/** Where the database is: the embedded SQLite file, or a MariaDB/MySQL server. */
export type DbConfig = { engine: 'sqlite'; filename: string } | MysqlDbConfig;

/** A MariaDB/MySQL server: the primary, or one of its read replicas. */
export type MysqlDbConfig = {
  engine: 'mysql';
  host?: string;
  port?: number;
  socketPath?: string;
  user: string;
  password: string;
  database: string;
  charset: string;
  /** Empty = WordPress's choice: utf8mb4_unicode_520_ci when the server has it. */
  collate: string;
  poolMax?: number;
  /**
   * How long one statement may run (ms; default QUERY_TIMEOUT_MS, 0 = no bound): the server's
   * requests are bounded, the admin's scripts (migrations on a large site, loading a dump) are not.
   */
  queryTimeoutMs?: number;
  /** Sessions refuse every write (`SET SESSION TRANSACTION READ ONLY`): a read replica's pool. */
  readOnly?: boolean;
};

/**
 * One typed configuration object, parsed once at boot and frozen (STYLE.md §2.8). Sources, in
 * order: `WP_CONFIG` (the site's own wp-config.php), `DATABASE_URL` (+ `TABLE_PREFIX`), else the
 * embedded default: a SQLite file created from legacy-fixtures/wp-legacy.sql on first start.
 */
export interface Config {
  readonly http: { readonly host: string; readonly port: number };
  readonly source: 'wp-config' | 'database-url' | 'embedded';
  readonly db: DbConfig;
  /**
   * Read replicas of `db` the catalogue's reads may go to (`DATABASE_REPLICA_URL`, or `DB_REPLICA_HOST`
   * in wp-config.php; data/replicas.ts); empty: every read goes to `db`.
   */
  readonly replicas: readonly MysqlDbConfig[];
  /** `REPLICA_MAX_LAG_S`: a replica further behind than this (or not replicating) is skipped. */
  readonly replicaMaxLagS: number;
  readonly tablePrefix: string;
  /** wp-config.php keys and salts; missing ones fall back to the site options (data/salts.ts). */
  readonly secrets: Readonly<Partial<Record<WpSecretName, string>>>;
  /** The embedded default's seed dump, loaded when its database file does not exist yet. */
  readonly seedDump: string | undefined;
  /** On the embedded default, links follow the address the site is served on. */
  readonly siteUrlFollowsRequest: boolean;
  readonly trustProxy: boolean;
  readonly logLevel: string;
  /** Largest urlencoded or multipart body admin-ajax accepts (PHP's post_max_size is 8 MB). */
  readonly maxBodyBytes: number;
  /** Server processes on this machine (`WORKERS`; 1 = no cluster, `auto` = one per CPU). */
  readonly workers: number;
  /** How long a stopping process waits for in-flight requests before it exits anyway. */
  readonly shutdownTimeoutMs: number;
  /**
   * `SITE_CACHE_MS`: how long the listing pages (tour search, tour taxonomy archives) reuse the
   * site's options, published pages and tour terms they read (0: read them on every request). The
   * tours listed are read on every request whatever this says.
   */
  readonly siteCacheMs: number;
  /**
   * Outgoing mail: an SMTP URL (`smtp://user:pass@host:587`, `smtps://…`), or, when none is set, each
   * message is written as an `.eml` file into `dir` so it can be read without a mail server.
   */
  readonly mail: { readonly smtpUrl: string | undefined; readonly dir: string };
  /**
   * PayPal REST credentials for verifying JS-SDK payments. When unset, the site's own Tour Master
   * settings (`paypal-client-id`, `paypal-client-secret`, `paypal-live-mode`) are used.
   */
  readonly paypal: {
    readonly clientId: string | undefined;
    readonly secret: string | undefined;
    readonly mode: 'sandbox' | 'live' | undefined;
  };
  /**
   * Stripe keys (`STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY`, `STRIPE_WEBHOOK_SECRET`): each, when
   * set, wins over the site's Tour Master option (payments/stripe-settings.ts). `apiBase`
   * (`STRIPE_API_BASE`): another Stripe-compatible API (a local mock), else api.stripe.com.
   */
  readonly stripe: {
    readonly secretKey: string | undefined;
    readonly publishableKey: string | undefined;
    readonly webhookSecret: string | undefined;
    readonly apiBase: string | undefined;
  };
  /** Where the server keeps files it writes (the embedded database, mails). */
  readonly dataDir: string;
  /** The WordPress site behind us during a switch-over (`LEGACY_UPSTREAM`); undefined: we answer everything. */
  readonly legacyUpstream: LegacyUpstreamConfig | undefined;
  /**
   * `SEAT_HOLD_MINUTES`: how long an order started for an online payment keeps its seats unpaid
   * before it is cancelled (services/booking/seat-holds.ts), in ms.
   */
  readonly seatHoldMs: number;
  /**
   * `API_RATE_LIMIT`: calls a minute each application password may make to the JSON API
   * (rest/auth.ts); over it, 429 with `Retry-After`.
   */
  readonly apiRateLimit: number;
  /**
   * `WEBHOOKS_ALLOW_PRIVATE=1`: webhook receivers on loopback or private addresses are accepted
   * (tests, a receiver on the same network); refused otherwise (services/webhooks/receiver-address.ts).
   */
  readonly webhooksAllowPrivate: boolean;
}

/**
 * Incremental switch-over: admin-ajax actions we do not serve (or are told to forward) and pages we
 * do not render go to the WordPress site at `url`, unchanged (server/upstream/).
 */
export interface LegacyUpstreamConfig {
  /** Origin and optional base path, without a trailing slash (`http://127.0.0.1:8081`). */
  readonly url: string;
  /** How long the upstream may stay silent before the visitor gets a 502 (`LEGACY_UPSTREAM_TIMEOUT_MS`). */
  readonly timeoutMs: number;
  /** `SERVE_ACTIONS`: only these actions are served here, every other one is forwarded. */
  readonly serveActions: readonly string[] | undefined;
  /** `FORWARD_ACTIONS`: forwarded even though we serve them. */
  readonly forwardActions: readonly string[];
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const DEFAULT_SEED_DUMP = path.join(PROJECT_ROOT, 'legacy-fixtures', 'wp-legacy.sql');
export const DEFAULT_DATA_DIR = path.join(PROJECT_ROOT, '.data');
export const DEFAULT_SQLITE_FILE = path.join(DEFAULT_DATA_DIR, 'wordpress.sqlite');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  WP_CONFIG: z.string().min(1).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  TABLE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_]+$/, 'TABLE_PREFIX can only contain numbers, letters, and underscores')
    .default('wp_'),
  SQLITE_FILE: z.string().min(1).optional(),
  SEED_DUMP: z.string().min(1).optional(),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 1024 * 1024),
  WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)], {
      error: 'WORKERS must be a number from 1 to 64, or auto',
    })
    .default(1),
  SHUTDOWN_TIMEOUT: z.coerce.number().positive().max(600).default(10),
  SITE_CACHE_MS: z.coerce
    .number({ error: 'SITE_CACHE_MS must be a whole number of milliseconds from 0 to 60000' })
    .int()
    .min(0)
    .max(60_000)
    .default(1000),
  DATA_DIR: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_DIR: z.string().min(1).optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_MODE: z.enum(['sandbox', 'live']).optional(),
  STRIPE_SECRET_KEY: z.string().trim().min(1).max(500).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().min(1).max(500).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).max(500).optional(),
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/, error: 'STRIPE_API_BASE must be an http:// or https:// URL' })
    .optional(),
  LEGACY_UPSTREAM: z
    .url({ protocol: /^https?$/, error: 'LEGACY_UPSTREAM must be an http:// or https:// URL' })
    .optional(),
  LEGACY_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(15_000),
  SERVE_ACTIONS: z.string().optional(),
  FORWARD_ACTIONS: z.string().optional(),
  // Decimals allowed (0.05 = 3 s, for tests); at most a day: a hold is minutes at a gateway.
  SEAT_HOLD_MINUTES: z.coerce
    .number({ error: 'SEAT_HOLD_MINUTES must be a number of minutes from 0.01 to 1440' })
    .min(0.01, 'SEAT_HOLD_MINUTES must be a number of minutes from 0.01 to 1440')
    .max(1440, 'SEAT_HOLD_MINUTES must be a number of minutes from 0.01 to 1440')
    .default(15),
  API_RATE_LIMIT: z.coerce
    .number({ error: 'API_RATE_LIMIT must be a whole number of calls a minute from 1 to 100000' })
    .int('API_RATE_LIMIT must be a whole number of calls a minute from 1 to 100000')
    .min(1, 'API_RATE_LIMIT must be a whole number of calls a minute from 1 to 100000')
    .max(100_000, 'API_RATE_LIMIT must be a whole number of calls a minute from 1 to 100000')
    .default(120),
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['0', '1', '']).optional(),
  DATABASE_REPLICA_URL: z.string().optional(),
  REPLICA_MAX_LAG_S: z.coerce
    .number({ error: 'REPLICA_MAX_LAG_S must be a number of seconds from 1 to 3600' })
    .int('REPLICA_MAX_LAG_S must be a number of seconds from 1 to 3600')
    .min(1, 'REPLICA_MAX_LAG_S must be a number of seconds from 1 to 3600')
    .max(3600, 'REPLICA_MAX_LAG_S must be a number of seconds from 1 to 3600')
    .default(5),
});

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR ?? DEFAULT_DATA_DIR);
  const common = {
    http: { host: e.HOST, port: e.PORT },
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    maxBodyBytes: e.MAX_BODY_BYTES,
    workers: e.WORKERS === 'auto' ? Math.max(1, availableParallelism()) : e.WORKERS,
    shutdownTimeoutMs: Math.round(e.SHUTDOWN_TIMEOUT * 1000),
    siteCacheMs: e.SITE_CACHE_MS,
    dataDir,
    mail: { smtpUrl: e.SMTP_URL, dir: path.resolve(e.MAIL_DIR ?? path.join(dataDir, 'mail')) },
    paypal: { clientId: e.PAYPAL_CLIENT_ID, secret: e.PAYPAL_CLIENT_SECRET, mode: e.PAYPAL_MODE },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    legacyUpstream: legacyUpstreamFrom(e),
    seatHoldMs: Math.round(e.SEAT_HOLD_MINUTES * 60_000),
    apiRateLimit: e.API_RATE_LIMIT,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === '1',
    replicaMaxLagS: e.REPLICA_MAX_LAG_S,
  };
  const replicaUrls = e.DATABASE_REPLICA_URL?.trim() || undefined;
  if (e.WP_CONFIG) {
    const { replicaHost, ...site } = fromWpConfig(e.WP_CONFIG, env);
    const replicas = replicaUrls
      ? replicasFromUrls(replicaUrls, site.db)
      : replicaHost
        ? replicasFromHosts(replicaHost, site.db, e.WP_CONFIG)
        : [];
    return deepFreeze({ ...common, ...site, replicas });
  }
  if (e.DATABASE_URL) {
    const site = fromDatabaseUrl(e.DATABASE_URL, e.TABLE_PREFIX, env);
    return deepFreeze({ ...common, ...site, replicas: replicaUrls ? replicasFromUrls(replicaUrls, site.db) : [] });
  }
  if (replicaUrls) throw new ConfigError('DATABASE_REPLICA_URL needs DATABASE_URL or WP_CONFIG (a MySQL primary).');
  return deepFreeze({
    ...common,
    replicas: [],
    source: 'embedded' as const,
    db: { engine: 'sqlite' as const, filename: path.resolve(e.SQLITE_FILE ?? path.join(dataDir, 'wordpress.sqlite')) },
    tablePrefix: e.TABLE_PREFIX,
    secrets: secretsFromEnv(env),
    seedDump: path.resolve(e.SEED_DUMP ?? DEFAULT_SEED_DUMP),
    siteUrlFollowsRequest: true,
  });
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (child && typeof child === 'object') deepFreeze(child);
  return Object.freeze(value);
}

function fromWpConfig(file: string, env: Env) {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`Cannot read WP_CONFIG file ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  let settings: ReturnType<typeof wpSiteSettings>;
  try {
    settings = wpSiteSettings(parseWpConfig(source, { env, readFile: (p) => readFileSync(p, 'utf8') }));
  } catch (err) {
    if (err instanceof WpConfigError) throw new ConfigError(`${file}: ${err.message}`);
    throw err;
  }
  const parsedHost = parseDbHost(settings.db.host);
  if (!parsedHost) throw new ConfigError(`${file}: DB_HOST "${settings.db.host}" is not a host, host:port or socket.`);
  // wpSiteSettings has already split DB_HOST: its port and socket are not in settings.db.host.
  const endpoint = mysqlEndpoint(
    { ...parsedHost, port: settings.db.port, socket: settings.db.socket },
    { socketExists: existsSync },
  );
  return {
    source: 'wp-config' as const,
    db: {
      engine: 'mysql' as const,
      ...endpoint,
      user: settings.db.user,
      password: settings.db.password,
      database: settings.db.name,
      charset: sqlWord(settings.db.charset || 'utf8mb4', 'DB_CHARSET'),
      collate: settings.db.collate ? sqlWord(settings.db.collate, 'DB_COLLATE') : '',
    },
    tablePrefix: settings.tablePrefix,
    secrets: settings.secrets,
    seedDump: undefined,
    siteUrlFollowsRequest: false,
    replicaHost: settings.replicaHost,
  };
}

function fromDatabaseUrl(url: string, tablePrefix: string, env: Env) {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ConfigError('DATABASE_URL is not a URL (expected mysql://user:password@host:3306/database).');
  }
  if (u.protocol === 'sqlite:') {
    const filename = decodeURIComponent(u.pathname || u.host);
    return {
      source: 'database-url' as const,
      db: { engine: 'sqlite' as const, filename: path.resolve(filename) },
      tablePrefix,
      secrets: secretsFromEnv(env),
      seedDump: undefined,
      siteUrlFollowsRequest: false,
    };
  }
  return {
    source: 'database-url' as const,
    db: mysqlFromUrl(u, 'DATABASE_URL'),
    tablePrefix,
    secrets: secretsFromEnv(env),
    seedDump: undefined,
    siteUrlFollowsRequest: false,
  };
}

/** A `mysql://user:password@host:3306/database` URL (or `?socket=/path`), named `name` in errors. */
function mysqlFromUrl(u: URL, name: string, defaults?: MysqlDbConfig): MysqlDbConfig {
  if (u.protocol !== 'mysql:' && u.protocol !== 'mariadb:') {
    throw new ConfigError(`${name} must start with mysql:// (got ${u.protocol}//).`);
  }
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || defaults?.database;
  if (!database) throw new ConfigError(`${name} names no database (mysql://user:password@host:3306/database).`);
  const socket = u.searchParams.get('socket') ?? undefined;
  const collate = u.searchParams.get('collate') ?? defaults?.collate;
  const account = u.username !== '' || u.password !== '';
  return {
    engine: 'mysql' as const,
    ...(socket
      ? { socketPath: socket }
      : { host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: Number(u.port || 3306) }),
    // A replica's URL may leave out what it shares with the primary: its account and database.
    user: account ? decodeURIComponent(u.username || 'root') : (defaults?.user ?? 'root'),
    password: account ? decodeURIComponent(u.password) : (defaults?.password ?? ''),
    database,
    charset: sqlWord(u.searchParams.get('charset') ?? defaults?.charset ?? 'utf8mb4', 'charset'),
    collate: collate ? sqlWord(collate, 'collate') : '',
  };
}

/** `DATABASE_REPLICA_URL`: one or more mysql:// URLs, comma-separated. */
function replicasFromUrls(list: string, primary: DbConfig): MysqlDbConfig[] {
  if (primary.engine !== 'mysql') throw new ConfigError('DATABASE_REPLICA_URL needs a MySQL primary, not SQLite.');
  return list
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((url) => {
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        throw new ConfigError(`DATABASE_REPLICA_URL "${url}" is not a URL (expected mysql://host:3306).`);
      }
      return mysqlFromUrl(u, 'DATABASE_REPLICA_URL', primary);
    });
}

/** wp-config.php's `DB_REPLICA_HOST`: hosts as DB_HOST writes them, comma-separated, with the primary's account. */
function replicasFromHosts(list: string, primary: MysqlDbConfig, file: string): MysqlDbConfig[] {
  return list
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean)
    .map((host) => {
      const parsed = parseDbHost(host);
      if (!parsed) throw new ConfigError(`${file}: DB_REPLICA_HOST "${host}" is not a host, host:port or socket.`);
      const { host: _h, port: _p, socketPath: _s, ...account } = primary;
      return { ...account, ...mysqlEndpoint(parsed, { socketExists: existsSync }) };
    });
}

/** Keys and salts may also come from the environment under their wp-config names. */
function secretsFromEnv(env: Env): Partial<Record<WpSecretName, string>> {
  const out: Partial<Record<WpSecretName, string>> = {};
  for (const name of WP_SECRET_NAMES) if (env[name]) out[name] = env[name];
  return out;
}

/**
 * `LEGACY_UPSTREAM` with its timeout and one of the two action lists (comma-separated; blank is
 * unset). Whether the names are actions we have is checked against the registry when the app is
 * assembled (upstream/action-switch.ts): the registry cannot be imported here.
 */
function legacyUpstreamFrom(e: z.infer<typeof envSchema>): LegacyUpstreamConfig | undefined {
  const serve = actionList(e.SERVE_ACTIONS, 'SERVE_ACTIONS');
  const forward = actionList(e.FORWARD_ACTIONS, 'FORWARD_ACTIONS');
  if (serve && forward) {
    throw new ConfigError(
      'SERVE_ACTIONS and FORWARD_ACTIONS are both set: use SERVE_ACTIONS to list the only actions served here, or FORWARD_ACTIONS to list the ones sent to WordPress, not both.',
    );
  }
  if (!e.LEGACY_UPSTREAM) {
    if (serve || forward) {
      const name = serve ? 'SERVE_ACTIONS' : 'FORWARD_ACTIONS';
      throw new ConfigError(`${name} needs LEGACY_UPSTREAM (the WordPress site the other actions go to).`);
    }
    return undefined;
  }
  const url = new URL(e.LEGACY_UPSTREAM);
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError(
      'LEGACY_UPSTREAM must be a plain http(s)://host[:port][/path], without user, query or fragment.',
    );
  }
  return {
    url: `${url.origin}${url.pathname.replace(/\/+$/, '')}`,
    timeoutMs: e.LEGACY_UPSTREAM_TIMEOUT_MS,
    serveActions: serve,
    forwardActions: forward ?? [],
  };
}

function actionList(value: string | undefined, name: string): string[] | undefined {
  const names = (value ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.length === 0) return undefined;
  const bad = names.filter((n) => !/^[A-Za-z0-9_-]+$/.test(n));
  if (bad.length) throw new ConfigError(`${name} lists ${bad.map((n) => `"${n}"`).join(', ')}: not an action name.`);
  return [...new Set(names)];
}

/** Charset and collation names go into `SET NAMES`, so they must be plain words. */
function sqlWord(value: string, name: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(value)) throw new ConfigError(`${name} "${value}" is not a charset or collation name.`);
  return value;
}

/** The configuration without anything secret, for logs and `db:check`. */
export function describeConfig(config: Config): Record<string, unknown> {
  const db =
    config.db.engine === 'sqlite'
      ? { engine: 'sqlite', file: config.db.filename }
      : {
          engine: 'mysql',
          endpoint: config.db.socketPath ?? `${config.db.host}:${config.db.port}`,
          database: config.db.database,
          user: config.db.user,
        };
  return {
    source: config.source,
    db,
    ...(config.replicas.length
      ? {
          replicas: config.replicas.map((r) => r.socketPath ?? `${r.host}:${r.port}`),
          replicaMaxLag: `${config.replicaMaxLagS} s`,
        }
      : {}),
    tablePrefix: config.tablePrefix,
    secrets: `${Object.keys(config.secrets).length} of 8 keys and salts from configuration`,
    mail: config.mail.smtpUrl ? `SMTP ${new URL(config.mail.smtpUrl).host}` : `written to ${config.mail.dir}`,
    paypal: config.paypal.clientId
      ? `client ${config.paypal.clientId.slice(0, 6)}… (${config.paypal.mode ?? 'sandbox'})`
      : 'from the site settings',
    stripe: describeStripe(config.stripe),
    legacyUpstream: config.legacyUpstream ? describeUpstream(config.legacyUpstream) : 'none',
    seatHold: `${config.seatHoldMs / 60_000} min`,
  };
}

/** Which Stripe keys come from the environment: their mode (test/live) only, never a key. */
function describeStripe(stripe: Config['stripe']): string {
  const mode = (key: string | undefined) => (key ? (/_live_/.test(key) ? 'live' : 'test') : undefined);
  const parts = [
    stripe.secretKey ? `secret key (${mode(stripe.secretKey)})` : '',
    stripe.publishableKey ? `publishable key (${mode(stripe.publishableKey)})` : '',
    stripe.webhookSecret ? 'webhook secret' : '',
  ].filter(Boolean);
  const keys = parts.length ? `${parts.join(', ')} from the environment` : 'keys from the site settings';
  return stripe.apiBase ? `${keys}; API ${new URL(stripe.apiBase).origin}` : keys;
}

function describeUpstream(upstream: LegacyUpstreamConfig): string {
  const actions = upstream.serveActions
    ? `serving only ${upstream.serveActions.join(', ')}`
    : upstream.forwardActions.length
      ? `forwarding ${upstream.forwardActions.join(', ')}`
      : 'forwarding the actions we do not serve';
  return `${upstream.url} (${actions}; timeout ${upstream.timeoutMs} ms)`;
}
