/**
 * Cuts a MySQL dump into statements as its text arrives, chunk by chunk, in one linear pass and
 * with memory bounded by the longest statement (a mysqldump extended INSERT: a few MB), never by
 * the file. Honours '…', "…" and `…` quoting (backslash escapes, doubled quotes), `-- `, `#` and
 * block comments (`/*! … *\/` executable comments are kept as statement text, to be reported as
 * skipped rather than silently lost), and the mysql client's `DELIMITER` command that
 * `mysqldump --routines --triggers` writes.
 */

export interface SplitStatement {
  text: string;
  /** Character offset of the statement's first character in the whole dump. */
  offset: number;
  /** 1-based line of that character. */
  line: number;
}

export class DumpSyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
    readonly line: number,
  ) {
    super(`line ${line}: ${reason} (at character ${offset})`);
    this.name = 'DumpSyntaxError';
  }
}

enum Mode {
  Normal,
  Quoted,
  LineComment,
  BlockComment,
}

const NL = 10;
const BACKSLASH = 92;
const BACKTICK = 96;
/** Characters a token needs, its first one included (`/*!`, `-- `). */
const LOOKAHEAD = 3;

export class StatementSplitter {
  private mode = Mode.Normal;
  private quote = 0;
  /** Where the open quote or comment started, for the error when it never closes. */
  private opened = { offset: 0, line: 0, what: '' };
  /** The open block comment is executable (`/*!`) and stays in the statement. */
  private keepComment = false;
  private delimiter = ';';
  /** The current statement so far, as slices of the chunks. */
  private parts: string[] = [];
  private start: { offset: number; line: number } | undefined;
  /** The unscanned tail of the previous chunk: a token may go on in the next one. */
  private carry = '';
  /** Offset of `carry`'s first character in the dump (of `text[0]` during a scan). */
  private base = 0;
  private line = 1;
  private begun = false;

  /** Adds the next piece of the dump; returns the statements it completes. */
  push(chunk: string): SplitStatement[] {
    // A byte order mark (dumps saved by Windows editors) is not part of the first statement.
    if (!this.begun && chunk) {
      this.begun = true;
      if (chunk.charCodeAt(0) === 0xfeff) {
        chunk = chunk.slice(1);
        this.base = 1;
      }
    }
    // The carry is usually empty: a chunk is then scanned as it came, never copied.
    return this.scan(this.carry ? this.carry + chunk : chunk, false);
  }

  /** Ends the dump: returns the last statement (one without a closing delimiter included). */
  end(): SplitStatement[] {
    const out = this.scan(this.carry, true);
    if (this.mode === Mode.Quoted || this.mode === Mode.BlockComment) {
      throw new DumpSyntaxError(`Unterminated ${this.opened.what}`, this.opened.offset, this.opened.line);
    }
    this.finish(out);
    return out;
  }

  /** The line the scan has reached. */
  get currentLine(): number {
    return this.line;
  }

  private scan(text: string, final: boolean): SplitStatement[] {
    const out: SplitStatement[] = [];
    // Where a token could go on past the end of this text (`-` of `-- `, `/` of `/*!`, a
    // delimiter's first character), the scan stops and that tail waits for the next chunk.
    const lookaheadFrom = final ? text.length : text.length - Math.max(LOOKAHEAD, this.delimiter.length);
    let seg = 0; // start of the text not yet copied into `parts`
    let i = 0;
    while (i < text.length) {
      if (this.mode === Mode.Quoted) {
        i = this.scanQuoted(text, i, final);
        if (this.mode === Mode.Quoted) break;
        continue;
      }
      if (this.mode === Mode.LineComment) {
        const nl = text.indexOf('\n', i);
        i = nl < 0 ? text.length : nl; // the newline stays: it separates words as a space does
        if (nl >= 0) this.mode = Mode.Normal;
        seg = i;
        continue;
      }
      if (this.mode === Mode.BlockComment) {
        const close = text.indexOf('*/', i);
        // Without its end here, keep back a last `*` that may be the first half of `*/`.
        const end = close >= 0 ? close + 2 : final ? text.length : Math.max(i, text.length - 1);
        if (end === i) break;
        const lines = this.countLines(text, i, end);
        // A dropped comment's line breaks stay: the statement's own errors count lines in its text.
        if (!this.keepComment && lines) this.keep(text, 0, 0, '\n'.repeat(lines));
        if (close >= 0) this.mode = Mode.Normal;
        i = end;
        if (!this.keepComment) seg = i;
        continue;
      }
      const c = text.charCodeAt(i);
      if (i >= lookaheadFrom && (c === 45 || c === 47 || c === this.delimiter.charCodeAt(0))) break;
      if (c === NL) {
        this.line++;
        i++;
      } else if (c === 39 || c === 34 || c === BACKTICK) {
        this.begin(i);
        this.open(Mode.Quoted, i, `${text[i]} quote`);
        this.quote = c;
        i++;
      } else if ((c === 45 && text.charCodeAt(i + 1) === 45 && isSpaceOrEnd(text, i + 2)) || c === 35) {
        this.keep(text, seg, i);
        this.mode = Mode.LineComment;
        seg = i;
      } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
        this.keepComment = text.charCodeAt(i + 2) === 33;
        if (this.keepComment) this.begin(i);
        else this.keep(text, seg, i, ' '); // a dropped comment still separates words, as in MySQL
        this.open(Mode.BlockComment, i, 'comment');
        i += 2;
        if (!this.keepComment) seg = i;
      } else if (c === this.delimiter.charCodeAt(0) && text.startsWith(this.delimiter, i)) {
        this.keep(text, seg, i);
        this.finish(out);
        i += this.delimiter.length;
        seg = i;
      } else if (this.start === undefined && (c === 68 || c === 100) && isDelimiterCommand(text, i, final)) {
        const nl = text.indexOf('\n', i);
        if (nl < 0 && !final) break; // the command's line is not all here yet
        const end = nl < 0 ? text.length : nl;
        this.delimiter = text.slice(i + 10, end).trim() || ';';
        i = end;
        seg = i;
      } else {
        if (this.start === undefined && !isSpace(c)) this.begin(i);
        i++;
      }
    }
    if (this.mode !== Mode.LineComment && !(this.mode === Mode.BlockComment && !this.keepComment)) {
      this.keep(text, seg, i);
    }
    this.base += i;
    this.carry = text.slice(i);
    return out;
  }

  /**
   * Steps over a quoted string's body; returns where the scan goes on. Stops before a last
   * backslash or quote of a chunk (what follows decides what it means).
   */
  private scanQuoted(text: string, i: number, final: boolean): number {
    const q = this.quote;
    const n = text.length;
    let j = i;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (j === n - 1 && !final && (c === BACKSLASH || c === q)) return j;
      if (c === BACKSLASH && q !== BACKTICK) {
        if (text.charCodeAt(j + 1) === NL) this.line++;
        j += 2;
      } else if (c === q) {
        if (text.charCodeAt(j + 1) !== q) {
          this.mode = Mode.Normal;
          return j + 1;
        }
        j += 2;
      } else {
        if (c === NL) this.line++;
        j++;
      }
    }
    return j;
  }

  /** Counts the line breaks in `text[from, to)` into the current line; returns how many. */
  private countLines(text: string, from: number, to: number): number {
    const before = this.line;
    for (let k = text.indexOf('\n', from); k >= 0 && k < to; k = text.indexOf('\n', k + 1)) this.line++;
    return this.line - before;
  }

  /** Copies `text[from, to)` into the statement, once it has begun (whitespace between statements is dropped). */
  private keep(text: string, from: number, to: number, extra?: string): void {
    if (this.start === undefined) return;
    if (to > from) this.parts.push(text.slice(from, to));
    if (extra) this.parts.push(extra);
  }

  private open(mode: Mode, i: number, what: string): void {
    this.mode = mode;
    this.opened = { offset: this.base + i, line: this.line, what };
  }

  private begin(i: number): void {
    if (this.start === undefined) this.start = { offset: this.base + i, line: this.line };
  }

  private finish(out: SplitStatement[]): void {
    if (this.start !== undefined) {
      const text = this.parts.join('').trim();
      if (text) out.push({ text, offset: this.start.offset, line: this.start.line });
    }
    this.parts = [];
    this.start = undefined;
  }
}

/** `DELIMITER x` at `i`; also true when too little text has arrived to tell, so the scan waits for more. */
function isDelimiterCommand(text: string, i: number, final: boolean): boolean {
  if (!final && text.length - i < 10) return true;
  return /^delimiter[ \t]/i.test(text.slice(i, i + 10));
}

function isSpace(c: number): boolean {
  return c === 32 || c === NL || c === 9 || c === 13 || c === 12 || c === 11;
}

function isSpaceOrEnd(text: string, i: number): boolean {
  return i >= text.length || isSpace(text.charCodeAt(i));
}

/** The statements of a dump held in memory as one string (tests, one-statement DDL). */
export function* splitStatements(sql: string): Generator<SplitStatement> {
  const splitter = new StatementSplitter();
  yield* splitter.push(sql);
  yield* splitter.end();
}
