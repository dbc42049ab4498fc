import { StringDecoder } from 'node:string_decoder';
import type { Database } from './db';
import { type DumpLoadTarget, StatementError } from './dump-load-target';
import { DumpSyntaxError, StatementSplitter } from './dump-splitter';
import { openMysqlTarget } from './dump-target-mysql';
import { openSqliteTarget } from './dump-target-sqlite';
import { type DumpEntry, readStatement } from './mysql-dump';

export interface LoadReport {
  tablesCreated: string[];
  tablesReplaced: string[];
  rowsInserted: number;
  /** Statements the loader does not run (SET, LOCK TABLES, triggers…), first 80 characters each. */
  skipped: string[];
}

export interface LoadProgress {
  /** Bytes of the dump read so far. */
  bytesRead: number;
  tables: number;
  rows: number;
  line: number;
  /** `finishing`: the dump is read; SQLite builds the deferred indexes, MariaDB swaps the tables in. */
  phase: 'reading' | 'finishing';
}

export interface LoadOptions {
  /** Load tables that already exist in place of the old ones (else the load is refused). */
  replace?: boolean;
  /** Called after every statement; the caller throttles its output. */
  onProgress?: (progress: LoadProgress) => void;
  /** Stops the load at the next statement, undoing it as a failure does. */
  signal?: AbortSignal;
}

/** The dump whole in a string, or its bytes (or text) as they are read, e.g. a file's read stream. */
export type DumpSource = string | AsyncIterable<Buffer | string>;

export class DumpConflictError extends Error {
  constructor(readonly tables: string[]) {
    super(
      `These tables already exist in the target database: ${tables.join(', ')}. ` +
        'Load into an empty database, or pass --replace to drop and recreate them.',
    );
    this.name = 'DumpConflictError';
  }
}

/**
 * A load that stopped: where (`line N: reason`: a syntax error, or the database's own message for
 * a statement it refused) and what that left behind (`outcome`: normally nothing, see loadDump).
 */
export class DumpLoadError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
    readonly outcome: string,
    options?: { cause: unknown },
  ) {
    super(`line ${line}: ${reason}\n${outcome}`, options);
    this.name = 'DumpLoadError';
  }
}

/**
 * Loads a MySQL dump into the database as it is read: one pass, memory bounded by the longest
 * statement. Tables are created (translated for SQLite), rows inserted. Existing tables are
 * refused unless `replace`.
 *
 * A load that fails (or is aborted) leaves nothing half-written. SQLite: everything runs in one
 * transaction, rolled back. MariaDB commits every DDL statement, so a transaction cannot cover a
 * load; the dump's tables are created under temporary names instead and renamed to theirs, old
 * ones swapped out, by one atomic RENAME TABLE at the end; a failure drops the temporary tables.
 * The one write that cannot be undone there is rows a dump inserts into a table it did not create
 * (a data-only dump): the error's outcome names those tables.
 */
export async function loadDump(db: Database, source: DumpSource, options: LoadOptions = {}): Promise<LoadReport> {
  const target = db.engine === 'mysql' ? await openMysqlTarget(db) : await openSqliteTarget(db);
  const load = new Load(target, new Set(target.existingTables), options);
  try {
    await load.read(source);
    if (load.conflicts.length && !options.replace) throw new DumpConflictError(load.conflicts);
    options.onProgress?.({ ...load.progress(), phase: 'finishing' });
    await target.commit();
  } catch (err) {
    const outcome = await target.abort();
    if (err instanceof DumpConflictError) throw err;
    throw asLoadError(err, outcome, load.splitter.currentLine);
  }
  return load.report;
}

function asLoadError(err: unknown, outcome: string, line: number): Error {
  if (err instanceof DumpSyntaxError)
    return new DumpLoadError(err.line, err.message.replace(/^line \d+: /, ''), outcome, { cause: err });
  if (err instanceof StatementError) return new DumpLoadError(err.line, err.message, outcome, { cause: err });
  if ((err as Error)?.name === 'AbortError')
    return new DumpLoadError(line, 'the load was interrupted', outcome, { cause: err });
  return new DumpLoadError(line, `the load failed: ${(err as Error)?.message ?? String(err)}`, outcome, { cause: err });
}

/** One load's reading state: the statements seen so far and what became of them. */
class Load {
  readonly report: LoadReport = { tablesCreated: [], tablesReplaced: [], rowsInserted: 0, skipped: [] };
  readonly conflicts: string[] = [];
  readonly splitter = new StatementSplitter();
  private bytes = 0;

  constructor(
    private readonly target: DumpLoadTarget,
    private readonly existing: Set<string>,
    private readonly options: LoadOptions,
  ) {}

  async read(source: DumpSource): Promise<void> {
    if (typeof source === 'string') {
      this.bytes = source.length;
      await this.run(this.splitter.push(source));
    } else {
      const decoder = new StringDecoder('utf8');
      for await (const chunk of source) {
        this.bytes += chunk.length;
        await this.run(this.splitter.push(typeof chunk === 'string' ? chunk : decoder.write(chunk)));
      }
      await this.run(this.splitter.push(decoder.end()));
    }
    await this.run(this.splitter.end());
  }

  progress(): LoadProgress {
    const { tablesCreated, rowsInserted } = this.report;
    return {
      bytesRead: this.bytes,
      tables: tablesCreated.length,
      rows: rowsInserted,
      line: this.splitter.currentLine,
      phase: 'reading',
    };
  }

  private async run(statements: { text: string; offset: number; line: number }[]): Promise<void> {
    for (const s of statements) {
      this.options.signal?.throwIfAborted();
      await this.apply(readStatement(s));
      this.options.onProgress?.(this.progress());
    }
  }

  private async apply(e: DumpEntry): Promise<void> {
    const refusing = this.conflicts.length > 0 && !this.options.replace;
    if (e.kind === 'create-table') {
      const conflict = this.existing.has(e.table) && !this.report.tablesReplaced.includes(e.table);
      if (conflict) this.conflicts.push(e.table);
      // Once refused, the rest of the dump is only read, to name every table in the way.
      if (refusing || (conflict && !this.options.replace)) return;
      await this.target.createTable(e, conflict);
      if (conflict) this.report.tablesReplaced.push(e.table);
      this.report.tablesCreated.push(e.table);
    } else if (refusing) {
      return;
    } else if (e.kind === 'drop-table') {
      // Without --replace, an existing table is never dropped: its CREATE TABLE will be refused.
      if (this.options.replace || this.report.tablesCreated.includes(e.table)) await this.target.dropTable(e.table);
    } else if (e.kind === 'insert') {
      this.report.rowsInserted += await this.target.insert(e);
    } else {
      this.report.skipped.push(e.sql.slice(0, 80));
    }
  }
}
