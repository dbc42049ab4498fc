import { UnavailableError } from '../core/errors';

/** Server-side refusals that say "not now" rather than "not this query". */
const UNAVAILABLE_CODES = new Set([
  'ER_SERVER_SHUTDOWN', // 1053: the server is stopping
  'ER_CON_COUNT_ERROR', // 1040: too many connections
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_CONNECTION_KILLED', // 1927 (MariaDB): the connection was killed by a shutdown
  'SQLITE_CANTOPEN',
  'PROTOCOL_SEQUENCE_TIMEOUT', // a statement did not answer within QUERY_TIMEOUT_MS (data/db.ts): the server hangs
]);

/**
 * True when `error` says the database cannot be reached or is going away, as opposed to a query it
 * refused. mysql2 marks every error that broke the connection `fatal` (refused, reset, lost,
 * handshake or connect timeout); knex throws KnexTimeoutError when no connection could be had
 * within its acquire timeout (data/db.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: unknown; code?: unknown; fatal?: unknown };
  return (
    e.name === 'KnexTimeoutError' || e.fatal === true || (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code))
  );
}

/** The 503 for a database fault, or undefined when `error` is something else. */
export function asUnavailable(error: unknown): UnavailableError | undefined {
  if (error instanceof UnavailableError) return error;
  return isDatabaseUnavailable(error) ? new UnavailableError({ cause: error }) : undefined;
}
