import { existsSync } from 'node:fs';

/** `DB_HOST` split the way WordPress splits it (`wpdb::parse_db_host()`). */
export interface DbHost {
  host: string;
  port?: number;
  socket?: string;
  ipv6: boolean;
}

/** Connection options for a mysql2 client: TCP or a Unix socket. */
export type MysqlEndpoint = { host: string; port: number } | { socketPath: string };

/** Where mysqli's default Unix socket usually is, in the order they are tried. */
export const DEFAULT_MYSQL_SOCKETS: readonly string[] = [
  '/run/mysqld/mysqld.sock',
  '/var/run/mysqld/mysqld.sock',
  '/tmp/mysql.sock',
];

const DEFAULT_MYSQL_PORT = 3306;

// The two patterns of wpdb::parse_db_host(), verbatim apart from the named-group syntax.
const IPV6_PATTERN = /^(?:\[)?(?<host>[0-9a-fA-F:]+)(?:\]:(?<port>[\d]+))?/;
const IPV4_PATTERN = /^(?<host>[^:/]*)(?::(?<port>[\d]+))?/;

/** PHP's `empty()` for a string that may be absent: '', '0' and a missing value are empty. */
function phpEmpty(value: string | undefined): value is undefined | '' | '0' {
  return value === undefined || value === '' || value === '0';
}

/**
 * A port of WordPress 6.3's `wpdb::parse_db_host()`: peel a `:/socket` suffix off the right,
 * then match an IPv6 (`[::1]:3306`, `::1`) or IPv4/hostname (`db:3307`) form. Returns null where
 * WordPress returns false (the IPv6 pattern does not match).
 */
export function parseDbHost(host: string): DbHost | null {
  let rest = host;
  let socket: string | undefined;
  const socketPos = rest.indexOf(':/');
  if (socketPos !== -1) {
    socket = rest.slice(socketPos + 1);
    rest = rest.slice(0, socketPos);
  }
  const ipv6 = rest.split(':').length - 1 > 1;
  const match = (ipv6 ? IPV6_PATTERN : IPV4_PATTERN).exec(rest);
  if (!match) return null;
  const parsedHost = match.groups?.host;
  const parsedPort = match.groups?.port;
  const result: DbHost = { host: phpEmpty(parsedHost) ? '' : parsedHost, ipv6 };
  // abs( (int) $matches['port'] ): the group holds digits only, so this is a plain decimal read.
  if (!phpEmpty(parsedPort)) result.port = Math.abs(Number.parseInt(parsedPort, 10));
  if (socket !== undefined) result.socket = socket;
  return result;
}

/**
 * How a mysql2 client reaches the server PHP's mysqli (mysqlnd) would connect to for this host.
 *
 * mysqlnd connects through a Unix socket whenever the host is `localhost` (any case) or empty —
 * the given socket, else its default one — and ignores the port in that case; any other host is
 * TCP, and a socket given with it is ignored. When no default socket exists here (the database
 * may run in another container), a local host falls back to TCP on 127.0.0.1.
 */
export function mysqlEndpoint(parsed: DbHost, opts?: { socketExists?: (p: string) => boolean }): MysqlEndpoint {
  const port = parsed.port || DEFAULT_MYSQL_PORT; // mysqli treats port 0 as "the default port"
  const local = parsed.host === '' || parsed.host.toLowerCase() === 'localhost';
  if (!local) return { host: parsed.host, port };
  if (parsed.socket !== undefined) return { socketPath: parsed.socket };
  const socketExists = opts?.socketExists ?? existsSync;
  for (const candidate of DEFAULT_MYSQL_SOCKETS) {
    if (socketExists(candidate)) return { socketPath: candidate };
  }
  return { host: '127.0.0.1', port };
}
