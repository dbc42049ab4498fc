import { DumpSyntaxError } from './dump-splitter';
import type { DumpEntry } from './mysql-dump';

/**
 * What the MariaDB loader (dump-target-mysql.ts) must make sure of before it sends a dump's
 * statement to the server as the dump wrote it: that the server reads the text as the checker did.
 *
 * The checker (mysql-dump.ts) reads strings as mysqldump writes them, with backslash escapes, and
 * "…" as a string. A server whose sql_mode has NO_BACKSLASH_ESCAPES ends `'\'` where the checker
 * reads on (and ANSI_QUOTES makes "…" a name): the rest of the statement, which the checker took
 * for one value, would run as SQL, e.g. `('\', (SELECT user_pass FROM wp_users)) # ')`. So the
 * loader's session drops those modes (as the dump's own header means: it sets sql_mode outright).
 */
const MODES_THAT_CHANGE_QUOTING = new Set([
  'NO_BACKSLASH_ESCAPES',
  'ANSI_QUOTES',
  // Combination modes that turn ANSI_QUOTES back on when the list is set again.
  'ANSI',
  'ORACLE',
  'MSSQL',
  'DB2',
  'POSTGRESQL',
  'MAXDB',
]);

/** The session sql_mode the loader runs with, given the session's own. */
export function loaderSqlMode(sessionMode: string): string {
  const kept = sessionMode
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m && !MODES_THAT_CHANGE_QUOTING.has(m.toUpperCase()));
  return [...kept, 'NO_AUTO_VALUE_ON_ZERO'].join(',');
}

/**
 * A CREATE TABLE's column list is read by the checker; what follows it must be table options
 * (`ENGINE=InnoDB AUTO_INCREMENT=5 DEFAULT CHARSET=…`), nothing else: `CREATE TABLE t (…) SELECT …`
 * would copy any table the account can read (or a server file, LOAD_FILE) into the site.
 */
const TABLE_OPTION =
  /\s*,?\s*(?:DEFAULT\s+)?(?:ENGINE|TYPE|AUTO_INCREMENT|CHARSET|CHARACTER\s+SET|COLLATE|COMMENT|ROW_FORMAT|PAGE_CHECKSUM|PAGE_COMPRESSED|PAGE_COMPRESSION_LEVEL|TRANSACTIONAL|STATS_AUTO_RECALC|STATS_PERSISTENT|STATS_SAMPLE_PAGES|KEY_BLOCK_SIZE|PACK_KEYS|DELAY_KEY_WRITE|CHECKSUM|MAX_ROWS|MIN_ROWS|AVG_ROW_LENGTH|ENCRYPTED|ENCRYPTION|ENCRYPTION_KEY_ID)\s*=?\s*(?:[\w.]+|'(?:[^'\\]|\\[\s\S]|'')*')/iy;

/** Quoted strings and names, which may hold any text. */
const QUOTED = /'(?:[^'\\]|\\[\s\S]|'')*'|"(?:[^"\\]|\\[\s\S]|"")*"|`(?:[^`]|``)*`/g;

/**
 * Refuses a CREATE TABLE the server could read otherwise than the checker: anything but table
 * options after the column list, or an executable comment (`/*!50001 … *\/`, kept in the text by
 * the splitter) anywhere: the server skips one whose version is above its own, the checker does not.
 */
export function checkCreateTableAsWritten(e: Extract<DumpEntry, { kind: 'create-table' }>): void {
  const comment = e.sql.replace(QUOTED, (q) => ' '.repeat(q.length)).indexOf('/*');
  if (comment >= 0) refuse(e, comment, 'comments inside CREATE TABLE are not loaded (remove them from the dump)');
  let i = e.optionsAt;
  for (;;) {
    TABLE_OPTION.lastIndex = i;
    if (!TABLE_OPTION.exec(e.sql)) break;
    i = TABLE_OPTION.lastIndex;
  }
  if (e.sql.slice(i).trim() !== '') {
    refuse(e, i, `only table options may follow CREATE TABLE's columns, not "${e.sql.slice(i).trim().slice(0, 30)}"`);
  }
}

function refuse(e: DumpEntry, at: number, reason: string): never {
  let line = e.line;
  for (let k = e.sql.indexOf('\n'); k >= 0 && k < at; k = e.sql.indexOf('\n', k + 1)) line++;
  throw new DumpSyntaxError(reason, e.offset + at, line);
}
