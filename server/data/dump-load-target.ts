import type { DumpEntry } from './mysql-dump';

/** Where a dump's statements go: one per engine (dump-target-mysql.ts, dump-target-sqlite.ts). */
export interface DumpLoadTarget {
  /** Tables in the database when the load began. */
  readonly existingTables: readonly string[];
  /** Creates a table of the dump; `replacing`: a table of that name existed before the load. */
  createTable(e: Extract<DumpEntry, { kind: 'create-table' }>, replacing: boolean): Promise<void>;
  /** The dump's DROP TABLE (run only with --replace, or for a table this load created). */
  dropTable(table: string): Promise<void>;
  /** Checks and inserts an INSERT's rows; returns how many. */
  insert(e: Extract<DumpEntry, { kind: 'insert' }>): Promise<number>;
  /** Makes the load visible, all at once where the engine allows. */
  commit(): Promise<void>;
  /** Undoes the load; returns a sentence on what is left (normally: nothing). Never throws. */
  abort(): Promise<string>;
}

/** The database refused a statement of the dump: its line, and the database's message. */
export class StatementError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'StatementError';
  }
}

/** `INSERT INTO wp_postmeta (1,200 rows)` or `CREATE TABLE wp_posts`: what the failing statement was. */
export function describeEntry(e: DumpEntry, rows?: number): string {
  if (e.kind === 'insert') {
    const verb = { insert: 'INSERT INTO', ignore: 'INSERT IGNORE INTO', replace: 'REPLACE INTO' }[e.mode];
    return `${verb} ${e.table}${rows === undefined ? '' : ` (${rows.toLocaleString('en')} rows)`}`;
  }
  if (e.kind === 'create-table') return `CREATE TABLE ${e.table}`;
  if (e.kind === 'drop-table') return `DROP TABLE ${e.table}`;
  return e.sql.slice(0, 40);
}
