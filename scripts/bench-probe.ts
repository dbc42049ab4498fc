import express from 'express';
import mysql from 'mysql2';
import { tableNames } from '../server/data/tables';
import { bookingContextStatement } from '../server/data/tours';
import { isWellFormedDate } from '../server/tourmaster/dates';

/**
 * The bench's reference row: a bare Express + mysql2 server that answers the availability check
 * (`tourmaster_tour_booking_amount_check`) with only the database work our server does for it, the
 * same prepared statement with the same bindings (`bookingContextStatement`), on a pool of the same
 * size, and a fixed small JSON. What our server spends beyond it per request is its own work: the
 * middleware, the dispatch, the rules and the reply. Started by bench.ts as its own process, with
 * DATABASE_URL (mysql://user:password@host:port/database) and PORT; prints "running at URL/".
 */
const url = new URL(process.env.DATABASE_URL ?? 'mysql://root:@127.0.0.1:3306/wordpress');
const pool = mysql.createPool({
  host: url.hostname,
  port: Number(url.port || 3306),
  user: decodeURIComponent(url.username),
  password: decodeURIComponent(url.password),
  database: url.pathname.slice(1),
  charset: 'utf8mb4',
  dateStrings: true,
  connectionLimit: 10,
});
const prefix = process.env.TABLE_PREFIX ?? 'wp_';
const target = { engine: 'mysql' as const, prefix, t: tableNames(prefix) };

const app = express();
app.post('/wp-admin/admin-ajax.php', express.urlencoded({ extended: false }), (req, res) => {
  const post = req.body as Record<string, string | undefined>;
  const travelDate = isWellFormedDate(post.tour_date) ? post.tour_date : undefined;
  const seatsOn = travelDate ? { travelDate, excludeOrderId: undefined, now: new Date() } : undefined;
  const { sql, bindings } = bookingContextStatement(target, Number(post.tour_id) || 0, seatsOn);
  pool.execute(sql, bindings, (err, rows) => {
    if (err) res.status(500).json({ status: 'failed', message: err.message });
    else res.json({ status: 'success', rows: (rows as unknown[]).length });
  });
});

const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`Probe running at http://127.0.0.1:${port}/\n`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  pool.end();
});
