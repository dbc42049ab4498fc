import type { Knex } from 'knex';
import { type AppError, ConflictError, InternalError } from '../core/errors';
import { foldKey } from '../wp/fold-key';
import { asUnavailable } from './db-faults';

/**
 * Every difference between MariaDB/MySQL and the embedded SQLite lives here, each rule with a
 * unit test (dialect.test.ts). Repositories never branch on the engine themselves.
 */
export type Engine = 'mysql' | 'sqlite';

export const ZERO_DATETIME = '0000-00-00 00:00:00';
export const ZERO_DATE = '0000-00-00';

/** WordPress strips these from the session sql_mode on every connection (wpdb::set_sql_mode). */
export const WP_INCOMPATIBLE_SQL_MODES = [
  'NO_ZERO_DATE',
  'ONLY_FULL_GROUP_BY',
  'STRICT_TRANS_TABLES',
  'STRICT_ALL_TABLES',
  'TRADITIONAL',
  'ANSI',
];

/** The session sql_mode WordPress would run with, given the server's. */
export function wordpressSqlMode(serverMode: string): string {
  return serverMode
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m && !WP_INCOMPATIBLE_SQL_MODES.includes(m.toUpperCase()))
    .join(',');
}

/**
 * Value for a TEXT column (meta_value, option_value, JSON columns). better-sqlite3 binds a JS
 * number as REAL, so 500 would be stored as "500.0"; MySQL would store "500". Always bind text.
 */
export function toText(value: string | number | bigint | boolean | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? '1' : '';
  return String(value);
}

/**
 * DECIMAL(19,4) as the string MySQL returns ("523.2000"). mysql2 gives a string already; SQLite's
 * NUMERIC affinity gives a number (523.2) or, for whole values, an integer.
 */
export function decimalString(value: unknown, scale = 4): string | null {
  if (value === null || value === undefined) return null;
  const text =
    typeof value === 'string'
      ? value.trim()
      : typeof value === 'number' || typeof value === 'bigint'
        ? String(value)
        : '';
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(text);
  if (!m || (!m[2] && !m[3])) throw new InternalError({ message: `Not a decimal value: ${text}` });
  if (m[4]) return decimalString(Number(text).toFixed(scale), scale);
  const intPart = (m[2] || '0').replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').padEnd(scale, '0');
  if (frac.length > scale) return decimalString(Number(text).toFixed(scale), scale);
  return `${m[1]}${intPart}${scale ? `.${frac}` : ''}`;
}

/** DECIMAL as integer minor units (cents for 2 digits), exactly, without float arithmetic. */
export function decimalToMinor(value: unknown, digits = 2): number | null {
  const s = decimalString(value, Math.max(digits, 4));
  if (s === null) return null;
  const [int, frac = ''] = s.replace('-', '').split('.');
  const kept = frac.slice(0, digits);
  const rest = frac.slice(digits);
  let minor = Number(int) * 10 ** digits + Number(kept || '0');
  // MySQL rounds half away from zero when a DECIMAL meets fewer digits.
  if (rest && Number(rest[0]) >= 5) minor += 1;
  return s.startsWith('-') ? -minor : minor;
}

/** True for MySQL's zero dates, which WordPress and the plugin use as "not set". */
export function isZeroDate(value: unknown): boolean {
  return value === null || value === undefined || value === ZERO_DATETIME || value === ZERO_DATE || value === '';
}

/** The SQLite function name registered on every connection for folded comparisons. */
export const SQLITE_FOLD_FUNCTION = 'wp_fold';

/** Escapes `%`, `_` and `\` for a LIKE pattern used with `ESCAPE '\'`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface Dialect {
  readonly engine: Engine;
  /** `column = value` with the site collation's case and accent folding. */
  whereFolded(qb: Knex.QueryBuilder, column: string, value: string): Knex.QueryBuilder;
  /** `column LIKE pattern ESCAPE '\'`; build the pattern with escapeLike. */
  whereLike(qb: Knex.QueryBuilder, column: string, pattern: string): Knex.QueryBuilder;
  /** Row lock for read-then-write inside a transaction (SQLite serialises writers itself). */
  forUpdate(qb: Knex.QueryBuilder): Knex.QueryBuilder;
  /**
   * Row lock that passes over rows another transaction holds (`FOR UPDATE SKIP LOCKED`): several
   * processes claiming due work each take different rows (SQLite has one writer at a time).
   */
  claimForUpdate(qb: Knex.QueryBuilder): Knex.QueryBuilder;
  /** Maps a driver error to the AppError family, or returns undefined when it is not a known kind. */
  mapError(error: unknown): AppError | undefined;
  /** SQL for `CAST(column AS SIGNED)`: the text's leading integer (`7.875` → 7, `abc` → 0) on both engines. */
  castSigned(column: string): string;
  /** SQL for WordPress's `meta_value_num` (`column+0`): the text's leading number as a double. */
  castNumber(column: string): string;
  /** SQL for `column LIKE ? ESCAPE '\'` folded as the site collation compares (bind foldLikePattern's pattern). */
  likeFolded(column: string, negate?: boolean): string;
  /** A text column in ORDER BY, compared as the site collation (case-insensitive). */
  orderText(column: string): string;
  /**
   * SQL for a random sort key, with its parameters. MariaDB's is seeded: a statement that reads
   * the same random page twice (the list and its metas) sees one order.
   */
  random(seed: number): { sql: string; bindings: number[] };
}

export function createDialect(engine: Engine): Dialect {
  return {
    engine,
    whereFolded(qb, column, value) {
      if (engine === 'mysql') return qb.where(column, value);
      return qb.whereRaw(`${SQLITE_FOLD_FUNCTION}(??) = ?`, [column, foldKey(value)]);
    },
    whereLike(qb, column, pattern) {
      return qb.whereRaw(`?? LIKE ? ESCAPE ${engine === 'mysql' ? "'\\\\'" : "'\\'"}`, [column, pattern]);
    },
    forUpdate(qb) {
      return engine === 'mysql' ? qb.forUpdate() : qb;
    },
    claimForUpdate(qb) {
      return engine === 'mysql' ? qb.forUpdate().skipLocked() : qb;
    },
    mapError(error) {
      return mapDriverError(error);
    },
    castSigned(column) {
      return engine === 'mysql' ? `CAST(${column} AS SIGNED)` : `CAST(${column} AS INTEGER)`;
    },
    castNumber(column) {
      return engine === 'mysql' ? `${column}+0` : `CAST(${column} AS REAL)`;
    },
    likeFolded(column, negate = false) {
      const not = negate ? 'NOT ' : '';
      if (engine === 'mysql') return `${column} ${not}LIKE ? ESCAPE '\\\\'`;
      return `${SQLITE_FOLD_FUNCTION}(${column}) ${not}LIKE ? ESCAPE '\\'`;
    },
    orderText(column) {
      return engine === 'mysql' ? column : `${column} COLLATE NOCASE`;
    },
    random(seed) {
      // SQLite computes a common table expression read twice only once, so it needs no seed.
      return engine === 'mysql' ? { sql: 'RAND(?)', bindings: [seed] } : { sql: 'RANDOM()', bindings: [] };
    },
  };
}

/**
 * A `%text%` pattern for `likeFolded`: SQLite compares folded text (foldKey), MariaDB's collation
 * folds by itself. Wildcards in the text are escaped.
 */
export function foldLikePattern(engine: Engine, textValue: string): string {
  const folded = engine === 'mysql' ? textValue : foldKey(textValue);
  return `%${escapeLike(folded)}%`;
}

/** Driver error → AppError. Unique violations become ConflictError on both engines. */
export function mapDriverError(error: unknown): AppError | undefined {
  const e = error as { code?: string; errno?: number } | null;
  if (!e || typeof e !== 'object') return undefined;
  if (e.code === 'ER_DUP_ENTRY' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new ConflictError({ message: 'This record already exists.', cause: error });
  }
  if (e.code === 'ER_LOCK_DEADLOCK' || e.code === 'ER_LOCK_WAIT_TIMEOUT' || e.code === 'SQLITE_BUSY') {
    return new ConflictError({ message: 'The system is busy. Please try again.', code: 'BUSY', cause: error });
  }
  return asUnavailable(error);
}
