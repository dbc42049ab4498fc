import { describe, expect, it } from 'vitest';
import type { DbHost, MysqlEndpoint } from './db-host';
import { mysqlEndpoint, parseDbHost } from './db-host';

describe('parseDbHost (wpdb::parse_db_host)', () => {
  const cases: [string, DbHost | null][] = [
    ['localhost', { host: 'localhost', ipv6: false }],
    ['127.0.0.1:3306', { host: '127.0.0.1', port: 3306, ipv6: false }],
    ['db:3307', { host: 'db', port: 3307, ipv6: false }],
    ['db.example.com:33060', { host: 'db.example.com', port: 33060, ipv6: false }],
    [
      'localhost:/var/run/mysqld/mysqld.sock',
      { host: 'localhost', socket: '/var/run/mysqld/mysqld.sock', ipv6: false },
    ],
    [':/tmp/mysql.sock', { host: '', socket: '/tmp/mysql.sock', ipv6: false }],
    ['localhost:3307:/tmp/mysql.sock', { host: 'localhost', port: 3307, socket: '/tmp/mysql.sock', ipv6: false }],
    ['[::1]:3306', { host: '::1', port: 3306, ipv6: true }],
    ['[fe80::1]', { host: 'fe80::1', ipv6: true }],
    ['::1', { host: '::1', ipv6: true }],
    ['fe80::1', { host: 'fe80::1', ipv6: true }],
    ['host:notaport', { host: 'host', ipv6: false }],
    ['', { host: '', ipv6: false }],
    // PHP's empty(): the string '0' counts as empty, for the host and for the port.
    ['0', { host: '', ipv6: false }],
    ['db:0', { host: 'db', ipv6: false }],
    // Two colons make it "IPv6": the IPv6 pattern takes the leading hex digits and colons, or
    // fails (WordPress returns false).
    ['db::x', { host: 'db::', ipv6: true }],
    ['x::y', null],
  ];
  it.each(cases)('%j', (input, expected) => {
    expect(parseDbHost(input)).toStrictEqual(expected);
  });
});

describe('mysqlEndpoint', () => {
  const cases: { host: string; sockets?: string[]; expected: MysqlEndpoint }[] = [
    { host: '127.0.0.1:3306', expected: { host: '127.0.0.1', port: 3306 } },
    { host: 'db', expected: { host: 'db', port: 3306 } },
    { host: 'db:3307', expected: { host: 'db', port: 3307 } },
    { host: '[::1]:3307', expected: { host: '::1', port: 3307 } },
    { host: 'db:0', expected: { host: 'db', port: 3306 } },
    {
      host: 'localhost:/var/run/mysqld/mysqld.sock',
      expected: { socketPath: '/var/run/mysqld/mysqld.sock' },
    },
    { host: ':/tmp/mysql.sock', expected: { socketPath: '/tmp/mysql.sock' } },
    // mysqlnd only uses a socket for localhost: with any other host it is TCP, socket ignored.
    { host: 'db:/tmp/mysql.sock', sockets: ['/tmp/mysql.sock'], expected: { host: 'db', port: 3306 } },
    {
      host: 'localhost',
      sockets: ['/var/run/mysqld/mysqld.sock', '/tmp/mysql.sock'],
      expected: { socketPath: '/var/run/mysqld/mysqld.sock' },
    },
    {
      host: 'localhost',
      sockets: ['/tmp/mysql.sock', '/run/mysqld/mysqld.sock'],
      expected: { socketPath: '/run/mysqld/mysqld.sock' },
    },
    { host: 'LocalHost', sockets: ['/tmp/mysql.sock'], expected: { socketPath: '/tmp/mysql.sock' } },
    { host: '', sockets: ['/tmp/mysql.sock'], expected: { socketPath: '/tmp/mysql.sock' } },
    { host: 'localhost', sockets: [], expected: { host: '127.0.0.1', port: 3306 } },
    { host: '', sockets: [], expected: { host: '127.0.0.1', port: 3306 } },
    // mysqlnd ignores the port of "localhost" and uses the default socket.
    { host: 'localhost:3307', sockets: ['/tmp/mysql.sock'], expected: { socketPath: '/tmp/mysql.sock' } },
    { host: 'localhost:3307', sockets: [], expected: { host: '127.0.0.1', port: 3307 } },
  ];
  it.each(cases)('$host with sockets $sockets', ({ host, sockets = [], expected }) => {
    const parsed = parseDbHost(host);
    if (!parsed) throw new Error(`parseDbHost(${host}) failed`);
    expect(mysqlEndpoint(parsed, { socketExists: (p) => sockets.includes(p) })).toStrictEqual(expected);
  });
});
