/**
 * Reads a `mysqldump` file (the format WordPress hosts and `wp db export` produce) into typed
 * statements: table definitions and rows. Loading goes through knex with bound values, so the same
 * dump fills MariaDB and the embedded SQLite default, and no hand-written SQL string is ever re-run.
 */

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

export class DumpSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} (at character ${offset})`);
    this.name = 'DumpSyntaxError';
  }
}

/** Splits SQL text into statements on `;`, honouring quotes, backticks and comments. */
export function* splitStatements(sql: string): Generator<{ text: string; offset: number }> {
  let start = 0;
  let i = 0;
  const n = sql.length;
  let buf = '';
  const flush = function* () {
    const text = buf.trim();
    if (text) yield { text, offset: start };
    buf = '';
  };
  while (i < n) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = skipQuoted(sql, i);
      buf += sql.slice(i, end);
      i = end;
      continue;
    }
    if (c === '-' && sql[i + 1] === '-' && (i + 2 >= n || /\s/.test(sql[i + 2]!))) {
      i = lineEnd(sql, i);
      continue;
    }
    if (c === '#') {
      i = lineEnd(sql, i);
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2);
      if (close < 0) throw new DumpSyntaxError('Unterminated comment', i);
      // `/*!40101 SET … */` is executable in MySQL; keep it as statement text so it is reported
      // as skipped rather than silently lost. A plain comment becomes a space, as in MySQL
      // (`INSERT/* c */INTO`).
      buf += sql[i + 2] === '!' ? sql.slice(i, close + 2) : ' ';
      i = close + 2;
      continue;
    }
    if (c === ';') {
      yield* flush();
      i += 1;
      start = i;
      continue;
    }
    if (!buf.trim()) start = i;
    buf += c;
    i += 1;
  }
  yield* flush();
}

/** The end of a line comment: its newline stays, so the comment separates words as whitespace does. */
function lineEnd(sql: string, i: number): number {
  const nl = sql.indexOf('\n', i);
  return nl < 0 ? sql.length : nl;
}

function skipQuoted(sql: string, i: number): number {
  const q = sql[i]!;
  let j = i + 1;
  while (j < sql.length) {
    const c = sql[j]!;
    if (c === '\\' && q !== '`') {
      j += 2;
      continue;
    }
    if (c === q) {
      if (sql[j + 1] === q) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    j += 1;
  }
  throw new DumpSyntaxError(`Unterminated ${q} quote`, i);
}

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

/** Unescapes the body of a MySQL string literal (between the quotes). */
export function unescapeMysqlString(body: string, quote: "'" | '"' = "'"): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\' && i + 1 < body.length) {
      const e = body[i + 1]!;
      // MySQL keeps the backslash of `\%` and `\_` (they matter only in LIKE patterns) and drops it
      // before any other unknown character.
      out += e === '%' || e === '_' ? `\\${e}` : (MYSQL_ESCAPES[e] ?? e);
      i += 1;
    } else if (c === quote && body[i + 1] === quote) {
      out += quote;
      i += 1;
    } else {
      out += c;
    }
  }
  return out;
}

/** Parses the whole dump. Statements other than CREATE/DROP TABLE and INSERT are returned as `skipped`. */
export function parseDump(sql: string): DumpStatement[] {
  const out: DumpStatement[] = [];
  for (const { text, offset } of splitStatements(sql)) out.push(parseStatement(text, offset));
  return out;
}

function parseStatement(text: string, offset: number): DumpStatement {
  const head = text.slice(0, 40).toUpperCase();
  if (/^CREATE\s+TABLE/.test(head)) {
    const def = parseCreateTable(text, offset);
    return { kind: 'create-table', table: def.name, sql: text, def };
  }
  if (/^DROP\s+TABLE/.test(head)) {
    const m = /^DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(`[^`]+`|\w+)/i.exec(text);
    if (m) return { kind: 'drop-table', table: unquoteIdent(m[1]!), sql: text };
  }
  if (/^(INSERT|REPLACE)\b/.test(head)) return parseInsert(text, offset);
  return { kind: 'skipped', sql: text };
}

function unquoteIdent(s: string): string {
  return s.startsWith('`') ? s.slice(1, -1).replaceAll('``', '`') : s;
}

/** A tiny cursor over one statement. */
class Cursor {
  i = 0;
  constructor(
    readonly s: string,
    readonly base: number,
  ) {}
  ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++;
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
  word(): string {
    this.ws();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.s.slice(this.i));
    if (!m) this.fail('Expected a keyword');
    this.i += m[0].length;
    return m[0];
  }
  keyword(...words: string[]): boolean {
    this.ws();
    const save = this.i;
    for (const w of words) {
      this.ws();
      const m = /^[A-Za-z_]+/.exec(this.s.slice(this.i));
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
      const end = skipQuoted(this.s, this.i);
      const id = unquoteIdent(this.s.slice(this.i, end));
      this.i = end;
      return id;
    }
    const m = /^[A-Za-z0-9_$]+/.exec(this.s.slice(this.i));
    if (!m) this.fail('Expected an identifier');
    this.i += m[0].length;
    return m[0];
  }
  fail(msg: string): never {
    throw new DumpSyntaxError(`${msg} near "${this.s.slice(this.i, this.i + 30)}"`, this.base + this.i);
  }
}

function parseInsert(text: string, offset: number): DumpStatement {
  const c = new Cursor(text, offset);
  let mode: 'insert' | 'ignore' | 'replace' = 'insert';
  if (c.keyword('REPLACE')) mode = 'replace';
  else {
    c.keyword('INSERT');
    if (c.keyword('IGNORE')) mode = 'ignore';
  }
  c.keyword('INTO');
  const table = c.ident();
  let columns: string[] | undefined;
  if (c.peek() === '(') {
    c.expect('(');
    columns = [];
    do columns.push(c.ident());
    while (c.eat(','));
    c.expect(')');
  }
  if (!c.keyword('VALUES') && !c.keyword('VALUE')) c.fail('Expected VALUES');
  const rows: SqlValue[][] = [];
  do {
    c.expect('(');
    const row: SqlValue[] = [];
    if (c.peek() !== ')') {
      do row.push(readValue(c));
      while (c.eat(','));
    }
    c.expect(')');
    rows.push(row);
  } while (c.eat(','));
  c.ws();
  if (c.i < text.length) c.fail('Unexpected text after VALUES (ON DUPLICATE KEY is not supported)');
  return { kind: 'insert', table, mode, columns, rows };
}

function readValue(c: Cursor): SqlValue {
  c.ws();
  const rest = c.s.slice(c.i, c.i + 10);
  const ch = c.s[c.i];
  if (ch === "'" || ch === '"') return readString(c);
  if (/^_binary\s*'/i.test(rest) || /^_utf8mb4\s*'/i.test(rest)) {
    const binary = /^_binary/i.test(rest);
    c.i += binary ? 7 : 8;
    c.ws();
    const s = readString(c);
    return binary ? Buffer.from(s, 'latin1') : s;
  }
  let m = /^0x([0-9A-Fa-f]*)/.exec(c.s.slice(c.i));
  if (m) {
    c.i += m[0].length;
    return Buffer.from(m[1]!, 'hex');
  }
  m = /^[xX]'([0-9A-Fa-f]*)'/.exec(c.s.slice(c.i));
  if (m) {
    c.i += m[0].length;
    return Buffer.from(m[1]!, 'hex');
  }
  m = /^NULL\b/i.exec(c.s.slice(c.i));
  if (m) {
    c.i += 4;
    return null;
  }
  // Numbers stay text so DECIMAL(19,4) keeps every digit; column affinity does the rest.
  m = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(c.s.slice(c.i));
  if (m) {
    c.i += m[0].length;
    return m[0];
  }
  return c.fail('Unsupported value');
}

function readString(c: Cursor): string {
  const q = c.s[c.i] as "'" | '"';
  const end = skipQuoted(c.s, c.i);
  const body = c.s.slice(c.i + 1, end - 1);
  c.i = end;
  return unescapeMysqlString(body, q);
}

function parseCreateTable(text: string, offset: number): TableDef {
  const c = new Cursor(text, offset);
  c.keyword('CREATE');
  c.keyword('TABLE');
  c.keyword('IF', 'NOT', 'EXISTS');
  const def: TableDef = {
    name: c.ident(),
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
  const options = text.slice(c.i);
  def.charset = /(?:DEFAULT\s+)?(?:CHARSET|CHARACTER\s+SET)\s*=?\s*(\w+)/i.exec(options)?.[1];
  def.collate = /COLLATE\s*=?\s*(\w+)/i.exec(options)?.[1];
  return def;
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
      c.i = skipQuoted(c.s, c.i);
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
  if (!typeMatch) throw new DumpSyntaxError(`Cannot read the type of column ${name}`, c.base + c.i);
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
