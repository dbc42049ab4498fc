import { readFileSync } from 'node:fs';
import { DumpConflictError, loadDump } from '../server/data/dump-loader';
import { DumpSyntaxError } from '../server/data/mysql-dump';
import { fail, withDatabase } from './cli';

/**
 * `npm run db:load -- FILE.sql [--replace]`: loads a MySQL dump (mysqldump, `wp db export`) into
 * the configured database, MariaDB/MySQL or the embedded SQLite. Tables that already exist are
 * left alone and reported, unless --replace is given.
 */
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) fail('Usage: npm run db:load -- FILE.sql [--replace]');
let sql: string;
try {
  sql = readFileSync(file, 'utf8');
} catch (err) {
  fail(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
}

await withDatabase(async (_config, db) => {
  try {
    const report = await loadDump(db, sql, { replace: args.includes('--replace') });
    process.stdout.write(
      `Loaded ${file}: ${report.tablesCreated.length} tables created` +
        (report.tablesReplaced.length ? ` (${report.tablesReplaced.length} replaced)` : '') +
        `, ${report.rowsInserted} rows inserted, ${report.skipped.length} session statements skipped.\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof DumpConflictError || err instanceof DumpSyntaxError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
});
