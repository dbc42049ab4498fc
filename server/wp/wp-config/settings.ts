/**
 * Turns a read wp-config.php into the settings this app needs from it: the database connection,
 * the table prefix and the secret keys and salts. A setting that is missing, not evaluable or
 * invalid is an error naming the line to fix, since guessing would connect to the wrong place.
 */

import { parseDbHost } from '../db-host';
import { WpConfigError, type WpConfigFile, type WpConstantValue } from './types';
import { phpString, UNKNOWN } from './values';

export const WP_SECRET_NAMES = [
  'AUTH_KEY',
  'SECURE_AUTH_KEY',
  'LOGGED_IN_KEY',
  'NONCE_KEY',
  'AUTH_SALT',
  'SECURE_AUTH_SALT',
  'LOGGED_IN_SALT',
  'NONCE_SALT',
] as const;

export type WpSecretName = (typeof WP_SECRET_NAMES)[number];

export interface WpSiteSettings {
  db: {
    name: string;
    user: string;
    password: string;
    host: string;
    port?: number;
    socket?: string;
    charset: string;
    collate: string;
  };
  tablePrefix: string;
  secrets: Partial<Record<WpSecretName, string>>;
  /** `DB_REPLICA_HOST` (ours, not WordPress's): read replicas as DB_HOST writes a host, comma-separated. */
  replicaHost?: string;
}

/** The database settings, table prefix and secrets WordPress would take from this file. */
export function wpSiteSettings(file: WpConfigFile): WpSiteSettings {
  const db = dbSettings(file);
  const tablePrefix = validTablePrefix(file);
  const secrets: Partial<Record<WpSecretName, string>> = {};
  for (const name of WP_SECRET_NAMES) {
    const v = constantOf(file, name);
    if (v !== undefined) secrets[name] = settingString(v);
  }
  const replicaHost = constantOf(file, 'DB_REPLICA_HOST');
  return { db, tablePrefix, secrets, ...(replicaHost ? { replicaHost: settingString(replicaHost) } : {}) };
}

/** DB_NAME, DB_USER and DB_HOST are required; the others have WordPress's defaults. */
function dbSettings(file: WpConfigFile): WpSiteSettings['db'] {
  const optional = (name: string, fallback: string): string => {
    const v = constantOf(file, name);
    return v === undefined ? fallback : settingString(v);
  };
  const name = requiredString(file, 'DB_NAME');
  const user = requiredString(file, 'DB_USER');
  const dbHost = requiredString(file, 'DB_HOST');
  const host = parseDbHost(dbHost);
  if (!host) throw new WpConfigError(`wp-config.php: DB_HOST ${JSON.stringify(dbHost)} cannot be parsed`);
  const db: WpSiteSettings['db'] = {
    name,
    user,
    password: optional('DB_PASSWORD', ''),
    host: host.host,
    charset: optional('DB_CHARSET', 'utf8mb4'),
    collate: optional('DB_COLLATE', ''),
  };
  if (host.port !== undefined) db.port = host.port;
  if (host.socket !== undefined) db.socket = host.socket;
  return db;
}

/** A constant's value; undefined if never defined; an error if defined by code we cannot evaluate. */
function constantOf(file: WpConfigFile, name: string): WpConstantValue | undefined {
  if (Object.hasOwn(file.constants, name)) return file.constants[name];
  const entry = file.unsupported.find((u) => u.name === name);
  if (entry) {
    throw new WpConfigError(
      `wp-config.php line ${entry.line}: ${name} is set by code that cannot be evaluated without PHP ` +
        '(use a literal value, getenv() or getenv_docker())',
    );
  }
  return undefined;
}

/** A constant that must be defined as a string (or number). */
function requiredString(file: WpConfigFile, name: string): string {
  const v = constantOf(file, name);
  if (v === undefined) {
    const unnamed = file.unsupported.find((u) => u.name === '?');
    const hint = unnamed ? ` (line ${unnamed.line} defines a constant whose name cannot be determined)` : '';
    throw new WpConfigError(`wp-config.php does not define ${name}${hint}`);
  }
  if (typeof v === 'string' || typeof v === 'number') return settingString(v);
  throw new WpConfigError(
    `wp-config.php defines ${name} as ${String(v)}, not a string (is the environment variable it reads unset?)`,
  );
}

/** `$table_prefix`, which must be set, non-empty and made of letters, digits and underscores. */
function validTablePrefix(file: WpConfigFile): string {
  const tablePrefix = file.tablePrefix;
  if (tablePrefix === undefined) {
    const entry = file.unsupported.findLast((u) => u.name === '$table_prefix');
    throw new WpConfigError(
      entry
        ? `wp-config.php line ${entry.line}: $table_prefix is set by code that cannot be evaluated without PHP`
        : 'wp-config.php does not set $table_prefix',
    );
  }
  if (tablePrefix === '') throw new WpConfigError('wp-config.php sets an empty $table_prefix');
  if (/[^a-z0-9_]/i.test(tablePrefix)) {
    throw new WpConfigError(
      `wp-config.php: $table_prefix ${JSON.stringify(tablePrefix)} is invalid. ` +
        'Table prefix can only contain numbers, letters, and underscores.',
    );
  }
  return tablePrefix;
}

/** A constant as the string WordPress would use. */
function settingString(v: WpConstantValue): string {
  const s = phpString(v);
  return s === UNKNOWN ? String(v) : s;
}
