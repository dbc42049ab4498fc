import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { DumpConflictError, DumpLoadError, type LoadProgress, loadDump } from '../server/data/dump-loader';
import { fail, withDatabase } from './cli';
import { bar, createProgress, formatBytes, formatDuration } from './progress';

/**
 * `npm run db:load -- FILE.sql [--replace]`: loads a MySQL dump (mysqldump, `wp db export`) into
 * the configured database, MariaDB/MySQL or the embedded SQLite. The file is read as a stream
 * (a dump of any size loads in bounded memory), with progress on stderr. Tables that already
 * exist are left alone and reported, unless --replace is given. A load that fails says at which
 * line and why, and leaves nothing half-loaded (server/data/dump-loader.ts).
 */
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) fail('Usage: npm run db:load -- FILE.sql [--replace]');
let size: number;
try {
  const stat = statSync(file);
  if (stat.isDirectory()) fail(`${file} is a directory, not a dump file.`);
  size = stat.size;
  // A compressed dump would be read as text: garbage that loads nothing, reported as a success.
  if (isGzip(file)) fail(`${file} is gzip-compressed: uncompress it first (gunzip -k ${file}) and load the .sql file.`);
} catch (err) {
  fail(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
}

function isGzip(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/**
 * A big dump's statements are large strings, each copied a few times on its way to the database:
 * left to itself, V8 lets that garbage pile up to several hundred MB before collecting it. A full
 * collection every GC_EVERY_BYTES of the dump (a few ms each: the live heap is about 25 MB) keeps
 * the process within a fixed bound whatever the dump's size. `npm run db:load` gives node
 * --expose-gc (and a small young generation, --max-semi-space-size=1: package.json).
 */
const GC_EVERY_BYTES = 4 << 20;
let collectedAt = 0;
function collectGarbage(bytesRead: number): void {
  if (bytesRead - collectedAt < GC_EVERY_BYTES) return;
  collectedAt = bytesRead;
  globalThis.gc?.();
}

await withDatabase(async (_config, db) => {
  const progress = createProgress();
  const started = Date.now();
  const describe = (p: LoadProgress) => progressLine(p, size, Date.now() - started);
  const stop = new AbortController();
  // Ctrl-C undoes the load (drops what it created) before exiting, instead of leaving half.
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  progress.update(() => `db:load ${file} (${formatBytes(size)})`, true);
  try {
    const report = await loadDump(db, createReadStream(file, { highWaterMark: 1 << 20 }), {
      replace: args.includes('--replace'),
      signal: stop.signal,
      onProgress: (p) => {
        collectGarbage(p.bytesRead);
        progress.update(() => describe(p), p.phase === 'finishing');
      },
    });
    const elapsed = formatDuration(Date.now() - started);
    progress.done(`db:load done in ${elapsed}`);
    if (report.tablesCreated.length === 0 && report.rowsInserted === 0) {
      process.stderr.write(`Nothing was loaded: ${file} has no CREATE TABLE or INSERT (is it a MySQL dump?)\n`);
      return 1;
    }
    process.stdout.write(
      `Loaded ${file}: ${report.tablesCreated.length} tables created` +
        (report.tablesReplaced.length ? ` (${report.tablesReplaced.length} replaced)` : '') +
        `, ${report.rowsInserted} rows inserted, ${report.skipped.length} session statements skipped.\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof DumpConflictError || err instanceof DumpLoadError) {
      progress.done(`db:load stopped after ${formatDuration(Date.now() - started)}`);
      process.stderr.write(`${err instanceof DumpLoadError ? `${file}: ` : ''}${err.message}\n`);
      return 1;
    }
    throw err;
  }
});

function progressLine(p: LoadProgress, total: number, elapsedMs: number): string {
  const share = total ? p.bytesRead / total : 0;
  const eta = share > 0.01 && share < 1 ? `, ETA ${formatDuration((elapsedMs / share) * (1 - share))}` : '';
  const what =
    p.phase === 'finishing'
      ? 'finishing (indexes, swapping the tables in)'
      : `${formatBytes(p.bytesRead)} / ${formatBytes(total)} ${bar(share)} ${Math.floor(share * 100)}%`;
  return `db:load ${what}, tables ${p.tables}, rows ${p.rows.toLocaleString('en')}, line ${p.line.toLocaleString('en')}, ${formatDuration(elapsedMs)}${eta}`;
}
