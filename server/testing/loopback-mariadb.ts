import net from 'node:net';
import { type Database, type DbConfig, openDatabase } from '../data/db';

/**
 * What the tests' own MariaDB servers (a private one, a replication pair, a Galera cluster) share:
 * free loopback ports to listen on, and a connection as root to one of them.
 */

/** `n` distinct loopback ports in 20000–39999 that nothing listens on (the ephemeral range above is the kernel's). */
export async function freeLoopbackPorts(n: number): Promise<number[]> {
  const picked = new Set<number>();
  while (picked.size < n) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if (!picked.has(port) && (await isFree(port))) picked.add(port);
  }
  return [...picked];
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** One connection as root (no password) to `database` on the test's server at `port`. */
export function openLoopbackRoot(
  port: number,
  database: string,
  options: Pick<Extract<DbConfig, { engine: 'mysql' }>, 'queryTimeoutMs'> = {},
): Database {
  return openDatabase({
    engine: 'mysql',
    host: '127.0.0.1',
    port,
    user: 'root',
    password: '',
    database,
    charset: 'utf8mb4',
    collate: '',
    poolMax: 1,
    ...options,
  });
}
