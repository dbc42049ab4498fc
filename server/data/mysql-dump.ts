/**
 * Reads the statements of a `mysqldump` file (the format WordPress hosts and `wp db export`
 * produce), cut by dump-splitter.ts, into typed statements: table definitions and rows. An INSERT
 * is read in one linear pass over its rows; the loader (dump-loader.ts) either checks and counts
 * them (MariaDB, which then runs the statement as written) or binds each row's values (SQLite).
 * Only CREATE/DROP TABLE and INSERTs of literal values are ever run; anything else is skipped.
 */

import { DumpSyntaxError, type SplitStatement, splitStatements } from './dump-splitter';

export { DumpSyntaxError, splitStatements };

export type SqlValue = string | number | null | Buffer;

export interface ColumnDef {
  name: string;
  /** The MySQL type as written, e.g. `bigint(20) unsigned`, `varchar(255)`, `longtext`. */
  type: string;
  /** Lower-case base type without size or attributes, e.g. `bigint`, `varchar`. */
  baseType: string;
  notNull: boolean;
  /** Default as SQL text (`'0000-00-00'`, `0`, `NULL`, `current_timestamp()`), or undefined. */
  defaultSql: string | undefined;
  autoIncrement: boolean;
  collate: string | undefined;
}

export interface IndexDef {
  name: string;
  unique: boolean;
  fulltext: boolean;
  columns: { name: string; length: number | undefined }[];
}

export interface TableDef {
  name: string;
  columns: ColumnDef[];
  primaryKey: string[];
  indexes: IndexDef[];
  charset: string | undefined;
  collate: string | undefined;
}

export type DumpStatement =
  | { kind: 'create-table'; table: string; sql: string; def: TableDef }
  | { kind: 'drop-table'; table: string; sql: string }
  | {
      kind: 'insert';
      table: string;
      mode: 'insert' | 'ignore' | 'replace';
      columns: string[] | undefined;
      rows: SqlValue[][];
    }
  | { kind: 'skipped'; sql: string };

const MYSQL_ESCAPES: Record<string, string> = {
  '0': '\0',
  b: '\b',
  n: '\n',
  r: '\r',
  t: '\t',
  Z: '\x1a',
  "'": "'",
  '"': '"',
  '\\': '\\',
};

/** Unescapes the body of a MySQL string literal (between the quotes), copying the runs between escapes whole. */
export function unescapeMysqlString(body: string, quote: "'" | '"' = "'"): string {
  let out = '';
  let from = 0;
  const q = quote.charCodeAt(0);
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === BACKSLASH && i + 1 < body.length) {
      const e = body[i + 1]!;
      // MySQL keeps the backslash of `\%` and `\_` (they matter only in LIKE patterns) and drops it
      // before any other unknown character.
      out += body.slice(from, i) + (e === '%' || e === '_' ? `\\${e}` : (MYSQL_ESCAPES[e] ?? e));
      from = ++i + 1;
    } else if (c === q && body.charCodeAt(i + 1) === q) {
      out += body.slice(from, i) + quote;
      from = ++i + 1;
    }
  }
  return from === 0 ? body : out + body.slice(from);
}

/**
 * A statement of the dump as the loader reads it: what `parseDump` returns, plus where it is in
 * the dump and where its table name ends in its text (the MariaDB loader sends the statement on
 * under a temporary table name). An INSERT's rows are read separately (readInsertRows), so a
 * loader that only needs them checked and counted builds no values.
 */
export type DumpEntry = { sql: string; offset: number; line: number } & (
  | {
      kind: 'create-table';
      table: string;
      def: TableDef;
      nameEnd: number;
      /** Index in `sql` just past the column list's `)`: the table options. */
      optionsAt: number;
    }
  | { kind: 'drop-table'; table: string }
  | {
      kind: 'insert';
      table: string;
      mode: 'insert' | 'ignore' | 'replace';
      columns: string[] | undefined;
      nameEnd: number;
      /** Index in `sql` of the first row's `(`. */
      valuesAt: number;
    }
  | { kind: 'skipped' }
);

/** Parses a whole dump held in memory. Statements other than CREATE/DROP TABLE and INSERT are returned as `skipped`. */
export function parseDump(sql: string): DumpStatement[] {
  const out: DumpStatement[] = [];
  for (const s of splitStatements(sql)) out.push(toStatement(readStatement(s)));
  return out;
}

function toStatement(e: DumpEntry): DumpStatement {
  switch (e.kind) {
    case 'create-table':
      return { kind: e.kind, table: e.table, sql: e.sql, def: e.def };
    case 'drop-table':
      return { kind: e.kind, table: e.table, sql: e.sql };
    case 'insert':
      return { kind: e.kind, table: e.table, mode: e.mode, columns: e.columns, rows: readInsertRows(e) };
    default:
      return { kind: 'skipped', sql: e.sql };
  }
}

/** Classifies one statement and reads its head (a CREATE TABLE whole; an INSERT up to its first row). */
export function readStatement({ text, offset, line }: SplitStatement): DumpEntry {
  const at = { sql: text, offset, line };
  const head = text.slice(0, 40).toUpperCase();
  if (/^CREATE\s+TABLE/.test(head)) {
    const { def, nameEnd, optionsAt } = parseCreateTable(new Cursor(text, offset, line));
    return { ...at, kind: 'create-table', table: def.name, def, nameEnd, optionsAt };
  }
  if (/^DROP\s+TABLE/.test(head)) {
    const m = /^DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(`(?:[^`]|``)+`|\w+)/i.exec(text);
    if (m) return { ...at, kind: 'drop-table', table: unquoteIdent(m[1]!) };
  }
  if (/^(INSERT|REPLACE)\b/.test(head)) return { ...at, ...readInsertHead(new Cursor(text, offset, line)) };
  return { ...at, kind: 'skipped' };
}

function unquoteIdent(s: string): string {
  return s.startsWith('`') ? s.slice(1, -1).replaceAll('``', '`') : s;
}

/** A tiny cursor over one statement; its errors name the dump line. */
class Cursor {
  i = 0;
  constructor(
    readonly s: string,
    readonly base: number,
    readonly line: number,
  ) {}
  ws(): void {
    this.i = skipSpace(this.s, this.i);
  }
  peek(): string {
    this.ws();
    return this.s[this.i] ?? '';
  }
  eat(ch: string): boolean {
    if (this.peek() === ch) {
      this.i++;
      return true;
    }
    return false;
  }
  expect(ch: string): void {
    if (!this.eat(ch)) this.fail(`Expected "${ch}"`);
  }
  keyword(...words: string[]): boolean {
    this.ws();
    const save = this.i;
    for (const w of words) {
      this.ws();
      const m = /^[A-Za-z_]+/.exec(this.s.slice(this.i, this.i + 64));
      if (!m || m[0].toUpperCase() !== w) {
        this.i = save;
        return false;
      }
      this.i += m[0].length;
    }
    return true;
  }
  ident(): string {
    this.ws();
    if (this.s[this.i] === '`') {
      const end = this.quotedEnd(this.i);
      const id = unquoteIdent(this.s.slice(this.i, end));
      this.i = end;
      return id;
    }
    const m = /^[A-Za-z0-9_$]+/.exec(this.s.slice(this.i, this.i + 256));
    if (!m) this.fail('Expected an identifier');
    this.i += m[0].length;
    return m[0];
  }
  /** The index just past the quoted string that opens at `i`. */
  quotedEnd(i: number): number {
    const s = this.s;
    const q = s.charCodeAt(i);
    for (let j = i + 1; j < s.length; j++) {
      const c = s.charCodeAt(j);
      if (c === BACKSLASH && q !== BACKTICK) j++;
      else if (c === q) {
        if (s.charCodeAt(j + 1) !== q) return j + 1;
        j++;
      }
    }
    return this.failAt(i, `Unterminated ${s[i]} quote`);
  }
  fail(msg: string): never {
    return this.failAt(this.i, `${msg} near "${this.s.slice(this.i, this.i + 30)}"`);
  }
  failAt(i: number, reason: string): never {
    let line = this.line;
    for (let k = this.s.indexOf('\n'); k >= 0 && k < i; k = this.s.indexOf('\n', k + 1)) line++;
    throw new DumpSyntaxError(reason, this.base + i, line);
  }
}

const BACKSLASH = 92;
const BACKTICK = 96;

function skipSpace(s: string, i: number): number {
  let j = i;
  for (;;) {
    const c = s.charCodeAt(j);
    if (c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11) j++;
    else return j;
  }
}

function readInsertHead(c: Cursor) {
  let mode: 'insert' | 'ignore' | 'replace' = 'insert';
  if (c.keyword('REPLACE')) mode = 'replace';
  else {
    c.keyword('INSERT');
    if (c.keyword('IGNORE')) mode = 'ignore';
  }
  c.keyword('INTO');
  const table = c.ident();
  const nameEnd = c.i;
  let columns: string[] | undefined;
  if (c.peek() === '(') {
    c.expect('(');
    columns = [];
    do columns.push(c.ident());
    while (c.eat(','));
    c.expect(')');
  }
  if (!c.keyword('VALUES') && !c.keyword('VALUE')) c.fail('Expected VALUES');
  c.ws();
  return { kind: 'insert' as const, table, mode, columns, nameEnd, valuesAt: c.i };
}

/** The rows of an INSERT read by readStatement. */
export function readInsertRows(e: Extract<DumpEntry, { kind: 'insert' }>): SqlValue[][] {
  const rows: SqlValue[][] = [];
  scanRows(e, (row) => rows.push(row));
  return rows;
}

/** Reads an INSERT's rows one at a time (none is kept: a statement of 20,000 rows costs one row's memory); returns how many. */
export function forEachInsertRow(e: Extract<DumpEntry, { kind: 'insert' }>, onRow: (row: SqlValue[]) => void): number {
  return scanRows(e, onRow);
}

/** Checks every row of an INSERT (the same grammar readInsertRows reads) and counts them, building no values. */
export function countInsertRows(e: Extract<DumpEntry, { kind: 'insert' }>): number {
  return scanRows(e, undefined);
}

/** One pass over `(v, …), (…)` in linear time; hands each row to `onRow` when given (else builds none). */
function scanRows(e: Extract<DumpEntry, { kind: 'insert' }>, onRow: ((row: SqlValue[]) => void) | undefined): number {
  const c = new Cursor(e.sql, e.offset, e.line);
  c.i = e.valuesAt;
  let count = 0;
  do {
    c.expect('(');
    const row: SqlValue[] | undefined = onRow ? [] : undefined;
    if (c.peek() !== ')') {
      do {
        c.ws();
        readValue(c, row);
      } while (c.eat(','));
    }
    c.expect(')');
    if (onRow) onRow(row!);
    count++;
  } while (c.eat(','));
  c.ws();
  if (c.i < e.sql.length) c.fail('Unexpected text after VALUES (ON DUPLICATE KEY is not supported)');
  return count;
}

const HEX = /0x([0-9A-Fa-f]*)|[xX]'([0-9A-Fa-f]*)'/y;
const NULL_WORD = /NULL\b/iy;
// Numbers stay text so DECIMAL(19,4) keeps every digit; column affinity does the rest.
const NUMBER = /[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/y;
const INTRODUCER = /(_binary|_utf8mb4)\s*(?=['"])/iy;

/** Reads the value at the cursor; pushes it to `row` when given (else only checks it). */
function readValue(c: Cursor, row: SqlValue[] | undefined): void {
  const s = c.s;
  const ch = s.charCodeAt(c.i);
  if (ch === 39 || ch === 34) {
    const text = readString(c, row !== undefined);
    row?.push(text);
    return;
  }
  for (const re of [INTRODUCER, HEX, NULL_WORD, NUMBER]) {
    re.lastIndex = c.i;
    const m = re.exec(s);
    if (!m) continue;
    c.i = re.lastIndex;
    if (re === INTRODUCER) {
      const text = readString(c, row !== undefined);
      row?.push(/^_binary/i.test(m[1]!) ? Buffer.from(text, 'latin1') : text);
    } else if (re === HEX) row?.push(Buffer.from(m[1] ?? m[2]!, 'hex'));
    else row?.push(re === NULL_WORD ? null : m[0]);
    return;
  }
  c.fail('Unsupported value');
}

function readString(c: Cursor, build: boolean): string {
  const quote = c.s[c.i] as "'" | '"';
  const end = c.quotedEnd(c.i);
  const body = build ? c.s.slice(c.i + 1, end - 1) : '';
  c.i = end;
  return build ? unescapeMysqlString(body, quote) : '';
}

function parseCreateTable(c: Cursor): { def: TableDef; nameEnd: number; optionsAt: number } {
  c.keyword('CREATE');
  c.keyword('TABLE');
  c.keyword('IF', 'NOT', 'EXISTS');
  const name = c.ident();
  const nameEnd = c.i;
  const def: TableDef = {
    name,
    columns: [],
    primaryKey: [],
    indexes: [],
    charset: undefined,
    collate: undefined,
  };
  c.expect('(');
  do {
    c.ws();
    if (c.keyword('PRIMARY', 'KEY')) {
      def.primaryKey = readIndexColumns(c).map((col) => col.name);
      skipIndexOptions(c);
    } else if (c.keyword('UNIQUE')) {
      c.keyword('KEY') || c.keyword('INDEX');
      def.indexes.push({ name: readOptionalIndexName(c), unique: true, fulltext: false, columns: readIndexColumns(c) });
      skipIndexOptions(c);
    } else if (c.keyword('FULLTEXT') || c.keyword('SPATIAL')) {
      c.keyword('KEY') || c.keyword('INDEX');
      def.indexes.push({ name: readOptionalIndexName(c), unique: false, fulltext: true, columns: readIndexColumns(c) });
      skipIndexOptions(c);
    } else if (c.keyword('KEY') || c.keyword('INDEX')) {
      def.indexes.push({
        name: readOptionalIndexName(c),
        unique: false,
        fulltext: false,
        columns: readIndexColumns(c),
      });
      skipIndexOptions(c);
    } else if (c.keyword('CONSTRAINT') || c.keyword('FOREIGN') || c.keyword('CHECK')) {
      skipToDefinitionEnd(c);
    } else {
      def.columns.push(readColumn(c, def));
    }
  } while (c.eat(','));
  c.expect(')');
  const optionsAt = c.i;
  const options = c.s.slice(c.i);
  def.charset = /(?:DEFAULT\s+)?(?:CHARSET|CHARACTER\s+SET)\s*=?\s*(\w+)/i.exec(options)?.[1];
  def.collate = /COLLATE\s*=?\s*(\w+)/i.exec(options)?.[1];
  return { def, nameEnd, optionsAt };
}

function readOptionalIndexName(c: Cursor): string {
  return c.peek() === '(' ? '' : c.ident();
}

function readIndexColumns(c: Cursor): { name: string; length: number | undefined }[] {
  c.expect('(');
  const cols: { name: string; length: number | undefined }[] = [];
  do {
    const name = c.ident();
    let length: number | undefined;
    if (c.eat('(')) {
      length = Number(readNumber(c));
      c.expect(')');
    }
    c.keyword('ASC') || c.keyword('DESC');
    cols.push({ name, length });
  } while (c.eat(','));
  c.expect(')');
  return cols;
}

function readNumber(c: Cursor): string {
  c.ws();
  const m = /^\d+/.exec(c.s.slice(c.i));
  if (!m) c.fail('Expected a number');
  c.i += m[0].length;
  return m[0];
}

function skipIndexOptions(c: Cursor): void {
  skipToDefinitionEnd(c);
}

/** Skips to the `,` or `)` that ends the current definition, stepping over nested parentheses and strings. */
function skipToDefinitionEnd(c: Cursor): string {
  const from = c.i;
  let depth = 0;
  while (c.i < c.s.length) {
    const ch = c.s[c.i]!;
    if (ch === "'" || ch === '"' || ch === '`') {
      c.i = c.quotedEnd(c.i);
      continue;
    }
    if (ch === '(') depth++;
    else if (ch === ')') {
      if (depth === 0) break;
      depth--;
    } else if (ch === ',' && depth === 0) break;
    c.i++;
  }
  return c.s.slice(from, c.i);
}

function readColumn(c: Cursor, def: TableDef): ColumnDef {
  const name = c.ident();
  const rest = skipToDefinitionEnd(c).trim();
  const typeMatch = /^(\w+)(\s*\([^)]*\))?((?:\s+(?:unsigned|signed|zerofill))*)/i.exec(rest);
  if (!typeMatch) c.fail(`Cannot read the type of column ${name}`);
  const type = typeMatch[0].trim();
  const attrs = rest.slice(typeMatch[0].length);
  const defaultMatch = /\bDEFAULT\s+('(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.)*"|\S+?(?:\(\))?)(?=\s|$)/i.exec(attrs);
  const column: ColumnDef = {
    name,
    type,
    baseType: typeMatch[1]!.toLowerCase(),
    notNull: /\bNOT\s+NULL\b/i.test(attrs),
    defaultSql: defaultMatch?.[1],
    autoIncrement: /\bAUTO_INCREMENT\b/i.test(attrs),
    collate: /\bCOLLATE\s+(\w+)/i.exec(attrs)?.[1],
  };
  if (/\bPRIMARY\s+KEY\b/i.test(attrs)) def.primaryKey = [name];
  if (/\bUNIQUE\b/i.test(attrs) && !/\bPRIMARY\b/i.test(attrs)) {
    def.indexes.push({ name, unique: true, fulltext: false, columns: [{ name, length: undefined }] });
  }
  return column;
}
