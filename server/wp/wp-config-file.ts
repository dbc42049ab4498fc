import { readFileSync } from 'node:fs';
import { parseDbHost } from './db-host';

/**
 * Reads a WordPress `wp-config.php` the way PHP would run it, without running PHP: a small PHP
 * tokenizer, a statement/expression parser for the subset config files use, and an evaluator
 * that knows which code certainly runs. Whatever it cannot evaluate is skipped; a `define` or a
 * `$table_prefix` assignment it cannot evaluate is reported in `unsupported`, never guessed.
 */

export type WpConstantValue = string | number | boolean | null;

export interface WpConfigFile {
  /** Constants whose value is certain, as PHP would hold them after running the file. */
  constants: Record<string, WpConstantValue>;
  /** `$table_prefix` as a string, or undefined when never assigned or not evaluable. */
  tablePrefix: string | undefined;
  /**
   * Constants (first definitions only) and `$table_prefix` assignments (name `$table_prefix`)
   * whose value could not be determined, with the line they are on. A `define` whose constant
   * name cannot be determined is listed with the name `?`.
   */
  unsupported: { name: string; line: number }[];
}

export interface ParseWpConfigOptions {
  /** The environment PHP would see (getenv, $_ENV, $_SERVER). Defaults to an empty one. */
  env?: Record<string, string | undefined>;
  /** Reads the file named by a `*_FILE` variable for `getenv_docker()`. Defaults to fs. */
  readFile?: (path: string) => string;
}

export class WpConfigError extends Error {
  override readonly name = 'WpConfigError';
}

export const WP_SECRET_NAMES = [
  'AUTH_KEY',
  'SECURE_AUTH_KEY',
  'LOGGED_IN_KEY',
  'NONCE_KEY',
  'AUTH_SALT',
  'SECURE_AUTH_SALT',
  'LOGGED_IN_SALT',
  'NONCE_SALT',
] as const;

export type WpSecretName = (typeof WP_SECRET_NAMES)[number];

export interface WpSiteSettings {
  db: {
    name: string;
    user: string;
    password: string;
    host: string;
    port?: number;
    socket?: string;
    charset: string;
    collate: string;
  };
  tablePrefix: string;
  secrets: Partial<Record<WpSecretName, string>>;
}

// ---------------------------------------------------------------------------------------------
// Tokenizer

type Tok =
  | { k: 'str'; v: string | null; line: number } // v null: interpolation or bytes that are not UTF-8
  | { k: 'num'; v: number; line: number }
  | { k: 'id' | 'var' | 'op' | 'eof'; v: string; line: number };

const IDENT = '[A-Za-z_\\u0080-\\uffff][A-Za-z0-9_\\u0080-\\uffff]*';
const IDENT_START = /[A-Za-z_\u0080-\uffff]/;
const RE_OPEN_TAG = /<\?php(?=\s|$)|<\?=/gi;
const RE_NAME = new RegExp(`\\\\?${IDENT}(?:\\\\${IDENT})*`, 'y');
const RE_VAR = new RegExp(`\\$(${IDENT})`, 'y');
const RE_HEREDOC = new RegExp(`<<<[ \\t]*(["']?)(${IDENT})\\1\\r?\\n`, 'y');
const RE_NUMBER =
  /0[xX][0-9a-fA-F]+(?:_[0-9a-fA-F]+)*|0[bB][01]+(?:_[01]+)*|0[oO][0-7]+(?:_[0-7]+)*|(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:[eE][+-]?\d+(?:_\d+)*)?/y;
const PUNCTUATION = [
  '<<=',
  '>>=',
  '**=',
  '...',
  '<=>',
  '===',
  '!==',
  '??=',
  '?->',
  '==',
  '!=',
  '<>',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '->',
  '=>',
  '::',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '.=',
  '%=',
  '&=',
  '|=',
  '^=',
  '<<',
  '>>',
  '**',
];
const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  v: '\v',
  e: '\x1b',
  f: '\f',
  '\\': '\\',
  $: '$',
};

function lineIndex(src: string): (pos: number) => number {
  const newlines: number[] = [];
  for (let p = src.indexOf('\n'); p !== -1; p = src.indexOf('\n', p + 1)) newlines.push(p);
  return (pos) => {
    let lo = 0;
    let hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((newlines[mid] ?? 0) < pos) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

/** Decodes the body of a double-quoted string or heredoc; null if it interpolates or is not UTF-8. */
function decodeDoubleQuoted(raw: string, heredoc: boolean): string | null {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  let literal = '';
  const flush = () => {
    for (const b of encoder.encode(literal)) bytes.push(b);
    literal = '';
  };
  let j = 0;
  while (j < raw.length) {
    const ch = raw.charAt(j);
    const next = raw.charAt(j + 1);
    if (ch === '$') {
      if (next === '{' || (next !== '' && IDENT_START.test(next))) return null; // "$var", "${...}"
      literal += ch;
      j++;
      continue;
    }
    if (ch === '{' && next === '$') return null; // "{$var}"
    if (ch !== '\\' || next === '') {
      literal += ch;
      j++;
      continue;
    }
    const simple = Object.hasOwn(SIMPLE_ESCAPES, next) ? SIMPLE_ESCAPES[next] : undefined;
    if (simple !== undefined) {
      literal += simple;
      j += 2;
    } else if (next === '"' && !heredoc) {
      literal += '"';
      j += 2;
    } else if (/[0-7]/.test(next)) {
      const digits = /^[0-7]{1,3}/.exec(raw.slice(j + 1))?.[0] ?? next;
      flush();
      bytes.push(Number.parseInt(digits, 8) & 0xff); // "\400" overflows to "\000", as in PHP
      j += 1 + digits.length;
    } else if (next === 'x' && /[0-9A-Fa-f]/.test(raw.charAt(j + 2))) {
      const digits = /^[0-9A-Fa-f]{1,2}/.exec(raw.slice(j + 2))?.[0] ?? '';
      flush();
      bytes.push(Number.parseInt(digits, 16));
      j += 2 + digits.length;
    } else if (next === 'u' && raw.charAt(j + 2) === '{') {
      const m = /^\{([0-9A-Fa-f]+)\}/.exec(raw.slice(j + 2));
      const codePoint = m?.[1] === undefined ? Number.NaN : Number.parseInt(m[1], 16);
      // PHP refuses to compile an invalid \u{...}; a surrogate would not be UTF-8.
      if (!m || !(codePoint <= 0x10ffff) || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return null;
      literal += String.fromCodePoint(codePoint);
      j += 2 + m[0].length;
    } else {
      literal += '\\'; // not an escape: the backslash stays, the next character is read normally
      j++;
    }
  }
  flush();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

function tokenize(input: string): { toks: Tok[]; sawOpenTag: boolean } {
  const src = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const lineAt = lineIndex(src);
  const n = src.length;
  const toks: Tok[] = [];
  let sawOpenTag = false;
  let i = 0;
  const push = (k: 'id' | 'var' | 'op', v: string, pos: number) => toks.push({ k, v, line: lineAt(pos) });
  const matchAt = (re: RegExp, at: number): RegExpExecArray | null => {
    re.lastIndex = at;
    return re.exec(src);
  };
  const fail = (what: string, pos: number): never => {
    throw new WpConfigError(`wp-config.php line ${lineAt(pos)}: ${what}`);
  };

  const findSingleQuotedEnd = (from: number): number => {
    for (let j = from; j < n; j++) {
      const ch = src.charAt(j);
      if (ch === '\\') j++;
      else if (ch === "'") return j;
    }
    return -1;
  };
  // The closing quote of a "..." (or `...`) string, stepping over escapes and {$...} / ${...}
  // interpolations, which may contain quoted strings of their own.
  const findDoubleQuotedEnd = (from: number, quote: string): number => {
    let j = from;
    while (j < n) {
      const ch = src.charAt(j);
      if (ch === '\\') j += 2;
      else if (ch === quote) return j;
      else if (ch === '{' && src.charAt(j + 1) === '$') j = skipInterpolation(j);
      else if (ch === '$' && src.charAt(j + 1) === '{') j = skipInterpolation(j + 1);
      else j++;
    }
    return -1;
  };
  const skipInterpolation = (open: number): number => {
    let depth = 0;
    let j = open;
    while (j < n) {
      const ch = src.charAt(j);
      if (ch === "'" || ch === '"') {
        const end = ch === "'" ? findSingleQuotedEnd(j + 1) : findDoubleQuotedEnd(j + 1, '"');
        if (end < 0) return n;
        j = end + 1;
        continue;
      }
      if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) return j + 1;
      j++;
    }
    return n;
  };

  outer: while (i < n) {
    // Inline HTML up to the next opening tag.
    RE_OPEN_TAG.lastIndex = i;
    const open = RE_OPEN_TAG.exec(src);
    if (!open) break;
    sawOpenTag = true;
    i = open.index + open[0].length;
    if (open[0] === '<?=') push('id', 'echo', open.index);

    while (i < n) {
      const ch = src.charAt(i);
      const next = src.charAt(i + 1);
      const heredocMatch = ch === '<' ? matchAt(RE_HEREDOC, i) : null;
      const varMatch = ch === '$' ? matchAt(RE_VAR, i) : null;
      if (/\s/.test(ch)) {
        i++;
      } else if (ch === '?' && next === '>') {
        push('op', ';', i); // a closing tag ends the statement
        i += 2;
        if (src.charAt(i) === '\n') i++;
        else if (src.startsWith('\r\n', i)) i += 2;
        continue outer;
      } else if (ch === '#' || (ch === '/' && next === '/')) {
        // A line comment ends at the end of the line or at a closing tag.
        let j = i + 1;
        while (j < n && src.charAt(j) !== '\n' && src.charAt(j) !== '\r' && !src.startsWith('?>', j)) j++;
        i = j;
      } else if (ch === '/' && next === '*') {
        const end = src.indexOf('*/', i + 2);
        if (end < 0) fail('unterminated /* comment', i);
        i = end + 2;
      } else if (ch === "'") {
        const end = findSingleQuotedEnd(i + 1);
        if (end < 0) fail('unterminated string', i);
        toks.push({ k: 'str', v: src.slice(i + 1, end).replace(/\\([\\'])/g, '$1'), line: lineAt(i) });
        i = end + 1;
      } else if (ch === '"' || ch === '`') {
        const end = findDoubleQuotedEnd(i + 1, ch);
        if (end < 0) fail('unterminated string', i);
        // A backtick string is a shell command: never evaluated.
        const v = ch === '"' ? decodeDoubleQuoted(src.slice(i + 1, end), false) : null;
        toks.push({ k: 'str', v, line: lineAt(i) });
        i = end + 1;
      } else if (heredocMatch) {
        i = heredoc(i, heredocMatch);
      } else if (varMatch) {
        push('var', varMatch[1] ?? '', i);
        i += varMatch[0].length;
      } else if (/\d/.test(ch) || (ch === '.' && /\d/.test(next))) {
        const text = matchAt(RE_NUMBER, i)?.[0] ?? ch;
        toks.push({ k: 'num', v: numberValue(text), line: lineAt(i) });
        i += text.length;
      } else if (IDENT_START.test(ch) || (ch === '\\' && IDENT_START.test(next))) {
        const name = matchAt(RE_NAME, i)?.[0] ?? ch;
        push('id', name, i);
        i += name.length;
        if (name.toLowerCase() === '__halt_compiler') break outer; // the rest is raw data
      } else {
        const p = PUNCTUATION.find((candidate) => src.startsWith(candidate, i)) ?? ch;
        push('op', p, i);
        i += p.length;
      }
    }
  }
  toks.push({ k: 'eof', v: '', line: lineAt(n) });
  return { toks, sawOpenTag };

  // <<<ID / <<<"ID" (heredoc: escapes and interpolation) and <<<'ID' (nowdoc: raw text).
  function heredoc(start: number, m: RegExpExecArray): number {
    const id = m[2] ?? '';
    const bodyStart = start + m[0].length;
    const closing = new RegExp(`([ \\t]*)${id}(?![A-Za-z0-9_\\u0080-\\uffff])`, 'y');
    let lineStart = bodyStart;
    for (;;) {
      closing.lastIndex = lineStart;
      const close = closing.exec(src);
      if (close) {
        const indent = close[1] ?? '';
        let body = lineStart === bodyStart ? '' : src.slice(bodyStart, lineStart - 1);
        if (body.endsWith('\r')) body = body.slice(0, -1);
        if (indent !== '') {
          body = body
            .split('\n')
            .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.replace(/^[ \t]+/, '')))
            .join('\n');
        }
        toks.push({ k: 'str', v: m[1] === "'" ? body : decodeDoubleQuoted(body, true), line: lineAt(start) });
        return lineStart + close[0].length;
      }
      const nl = src.indexOf('\n', lineStart);
      if (nl < 0) return fail(`unterminated heredoc <<<${id}`, start);
      lineStart = nl + 1;
    }
  }
}

function numberValue(text: string): number {
  const s = text.replace(/_/g, '');
  if (/^0[xX]/.test(s)) return Number.parseInt(s.slice(2), 16);
  if (/^0[bB]/.test(s)) return Number.parseInt(s.slice(2), 2);
  if (/^0[oO]/.test(s)) return Number.parseInt(s.slice(2), 8);
  if (/[.eE]/.test(s)) return Number(s);
  if (s.length > 1 && s.startsWith('0')) return Number.parseInt(s, 8);
  return Number(s);
}

// ---------------------------------------------------------------------------------------------
// Parser: PHP statements and expressions, as far as config files use them.

type Expr =
  | { k: 'lit'; v: WpConstantValue }
  | { k: 'opaque'; subs: Expr[] } // value unknown; sub-expressions still run
  | { k: 'scan'; from: number; to: number } // tokens not understood: looked over for defines
  | { k: 'const'; name: string }
  | { k: 'var'; name: string }
  | { k: 'index'; base: Expr; key: Expr | null }
  | { k: 'call'; name: string; args: Expr[]; line: number }
  | { k: 'unary'; op: string; e: Expr }
  | { k: 'cast'; to: string; e: Expr }
  | { k: 'bin'; op: string; l: Expr; r: Expr }
  | { k: 'tern'; c: Expr; t: Expr | null; f: Expr }
  | { k: 'assign'; op: string; target: Expr; e: Expr; line: number }
  | { k: 'isset'; args: Expr[] }
  | { k: 'empty'; e: Expr }
  | { k: 'exit'; e: Expr | null };

type Stmt =
  | { k: 'expr'; e: Expr }
  | { k: 'block'; body: Stmt[] }
  | { k: 'if'; arms: { c: Expr; body: Stmt[] }[]; els: Stmt[] | null }
  | { k: 'maybe'; body: Stmt[] } // runs zero or more times: loops, switch, catch
  | { k: 'const'; items: { name: string; e: Expr; line: number }[] }
  | { k: 'halt' }
  | { k: 'ns'; name: string };

class ParseFail extends Error {}
const FAIL = new ParseFail('not understood');

// Binding powers, loosest first (PHP's operator precedence table).
const P_ASSIGN = 5;
const P_TERNARY = 6;
const P_NOT = 19;
const P_UNARY = 21;
const BINARY = new Map<string, number>([
  ['or', 1],
  ['xor', 2],
  ['and', 3],
  ['??', 7],
  ['||', 8],
  ['&&', 9],
  ['|', 10],
  ['^', 11],
  ['&', 12],
  ...['==', '!=', '===', '!==', '<>', '<=>'].map((op): [string, number] => [op, 13]),
  ...['<', '<=', '>', '>='].map((op): [string, number] => [op, 14]),
  ['.', 15],
  ['<<', 16],
  ['>>', 16],
  ['+', 17],
  ['-', 17],
  ['*', 18],
  ['/', 18],
  ['%', 18],
  ['instanceof', 20],
  ['**', 22],
]);
const RIGHT_ASSOC = new Set(['??', '**']);
const WORD_OPERATORS = new Set(['or', 'xor', 'and', 'instanceof']);
const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '.=', '%=', '**=', '??=', '&=', '|=', '^=', '<<=', '>>=']);
const CASTS = new Map([
  ['int', 'int'],
  ['integer', 'int'],
  ['bool', 'bool'],
  ['boolean', 'bool'],
  ['float', 'float'],
  ['double', 'float'],
  ['real', 'float'],
  ['string', 'string'],
  ['binary', 'string'],
  ['array', 'other'],
  ['object', 'other'],
  ['unset', 'other'],
]);
const OPEN_BRACKETS = new Set(['(', '[', '{']);
const CLOSE_BRACKETS = new Set([')', ']', '}']);
const STRAY_KEYWORDS = new Set([
  'else',
  'elseif',
  'endif',
  'endwhile',
  'endfor',
  'endforeach',
  'endswitch',
  'enddeclare',
  'catch',
  'finally',
]);
const OPAQUE: Expr = { k: 'opaque', subs: [] };

const isOpTok = (t: Tok | undefined, v: string): boolean => t !== undefined && t.k === 'op' && t.v === v;
const isKwTok = (t: Tok | undefined, w: string): boolean => t !== undefined && t.k === 'id' && t.v.toLowerCase() === w;
const isOpenBracket = (t: Tok): boolean => t.k === 'op' && OPEN_BRACKETS.has(t.v);
const bareName = (name: string): string => (name.startsWith('\\') ? name.slice(1) : name);

class Parser {
  private i = 0;

  constructor(private readonly toks: Tok[]) {}

  program(): Stmt[] {
    return this.statements(() => false);
  }

  private peek(offset = 0): Tok {
    return this.toks[Math.min(this.i + offset, this.toks.length - 1)] as Tok;
  }

  private next(): Tok {
    const t = this.peek();
    if (this.i < this.toks.length - 1) this.i++;
    return t;
  }

  private isOp(v: string, offset = 0): boolean {
    return isOpTok(this.peek(offset), v);
  }

  private isKw(w: string, offset = 0): boolean {
    return isKwTok(this.peek(offset), w);
  }

  private expectOp(v: string): void {
    if (!this.isOp(v)) throw FAIL;
    this.next();
  }

  private expectKw(w: string): void {
    if (!this.isKw(w)) throw FAIL;
    this.next();
  }

  private atEof(): boolean {
    return this.peek().k === 'eof';
  }

  private endStatement(): void {
    if (this.isOp(';')) this.next();
    else if (!this.atEof()) throw FAIL;
  }

  /** Consumes a bracketed group starting at the current opening bracket. */
  private skipGroup(): void {
    if (!isOpenBracket(this.peek())) throw FAIL;
    let depth = 0;
    do {
      const t = this.next();
      if (t.k === 'eof') throw FAIL;
      if (t.k === 'op' && OPEN_BRACKETS.has(t.v)) depth++;
      else if (t.k === 'op' && CLOSE_BRACKETS.has(t.v)) depth--;
    } while (depth > 0);
  }

  /** Skips a declaration header up to its `{`, then the braced body. */
  private skipDeclaration(): void {
    while (!this.isOp('{')) {
      if (this.atEof() || this.isOp(';')) throw FAIL;
      if (this.isOp('(')) this.skipGroup();
      else this.next();
    }
    this.skipGroup();
  }

  // --- statements ---------------------------------------------------------------------------

  private statements(until: (t: Tok) => boolean): Stmt[] {
    const out: Stmt[] = [];
    while (!this.atEof() && !until(this.peek())) {
      const before = this.i;
      if (this.isOp('}')) {
        this.next(); // unbalanced brace
        continue;
      }
      const s = this.statement();
      if (s) out.push(s);
      if (this.i === before) this.next();
    }
    return out;
  }

  private statement(): Stmt | null {
    const start = this.i;
    try {
      return this.statementInner();
    } catch (err) {
      if (!(err instanceof ParseFail)) throw err;
      this.i = start;
      return this.opaqueStatement();
    }
  }

  /** A statement that is not understood: up to the `;` that ends it, looked over for defines. */
  private opaqueStatement(): Stmt {
    const from = this.i;
    let depth = 0;
    for (;;) {
      const t = this.peek();
      if (t.k === 'eof') break;
      if (t.k === 'op') {
        if (OPEN_BRACKETS.has(t.v)) depth++;
        else if (CLOSE_BRACKETS.has(t.v)) {
          if (depth === 0 && t.v === '}') break;
          if (depth > 0) depth--;
        } else if (t.v === ';' && depth === 0) {
          this.next();
          break;
        }
      }
      this.next();
    }
    return { k: 'expr', e: { k: 'scan', from, to: this.i } };
  }

  private single(): Stmt[] {
    const s = this.statement();
    return s ? [s] : [];
  }

  private block(): Stmt[] {
    this.expectOp('{');
    const body = this.statements((t) => isOpTok(t, '}'));
    this.expectOp('}');
    return body;
  }

  /** A loop or declare body: one statement, or the `: ... endxxx;` alternative syntax. */
  private body(endKeyword: string): Stmt[] {
    if (!this.isOp(':')) return this.single();
    this.next();
    const body = this.statements((t) => isKwTok(t, endKeyword));
    this.expectKw(endKeyword);
    this.endStatement();
    return body;
  }

  private statementInner(): Stmt | null {
    const t = this.peek();
    if (t.k === 'op' && t.v === ';') {
      this.next();
      return null;
    }
    if (t.k === 'op' && t.v === '{') return { k: 'block', body: this.block() };
    if (t.k === 'id') {
      const word = t.v.toLowerCase();
      switch (word) {
        case 'if':
          return this.ifStatement();
        case 'while':
        case 'for':
        case 'foreach': {
          this.next();
          const header = this.parenExpr();
          return { k: 'maybe', body: [{ k: 'expr', e: header }, ...this.body(`end${word}`)] };
        }
        case 'switch': {
          this.next();
          const header: Stmt = { k: 'expr', e: this.parenExpr() };
          if (this.isOp(':')) return { k: 'maybe', body: [header, ...this.body('endswitch')] };
          return { k: 'maybe', body: [header, ...this.block()] };
        }
        case 'do': {
          this.next();
          const body = this.single();
          this.expectKw('while');
          const condition = this.parenExpr();
          this.endStatement();
          return { k: 'maybe', body: [...body, { k: 'expr', e: condition }] };
        }
        case 'declare': {
          this.next();
          this.skipGroup();
          if (this.isOp(';')) {
            this.next();
            return null;
          }
          return { k: 'block', body: this.body('enddeclare') };
        }
        case 'try': {
          this.next();
          const body = this.block();
          const catches: Stmt[] = [];
          while (this.isKw('catch')) {
            this.next();
            this.skipGroup();
            catches.push(...this.block());
          }
          let fin: Stmt[] = [];
          if (this.isKw('finally')) {
            this.next();
            fin = this.block();
          }
          return { k: 'block', body: [...body, { k: 'maybe', body: catches }, ...fin] };
        }
        case 'function':
          if (this.peek(1).k === 'id' || (this.isOp('&', 1) && this.peek(2).k === 'id')) {
            this.skipDeclaration(); // declaring a function runs none of its body
            return null;
          }
          break;
        case 'abstract':
        case 'final':
        case 'readonly':
        case 'class':
        case 'interface':
        case 'trait':
        case 'enum':
          if (this.peek(1).k === 'id') {
            this.skipDeclaration();
            return null;
          }
          break;
        case 'namespace':
          if (this.peek(1).k === 'id' || this.isOp('{', 1)) {
            this.next();
            const name = this.peek().k === 'id' ? bareName(this.next().v as string) : '';
            if (this.isOp('{')) {
              const body = this.block();
              return { k: 'block', body: [{ k: 'ns', name }, ...body, { k: 'ns', name: '' }] };
            }
            this.endStatement();
            return { k: 'ns', name };
          }
          break;
        case 'const':
          return this.constStatement();
        case 'return':
          this.next();
          if (!this.isOp(';') && !this.atEof()) this.expr(0);
          this.endStatement();
          return { k: 'halt' };
        case '__halt_compiler':
          this.next();
          return { k: 'halt' };
        case 'case':
        case 'default':
          if (word === 'case' || this.isOp(':', 1) || this.isOp(';', 1)) {
            // A switch label: skip its expression and the ':'.
            this.next();
            while (!this.isOp(':') && !this.isOp(';')) {
              if (this.atEof()) throw FAIL;
              if (isOpenBracket(this.peek())) this.skipGroup();
              else this.next();
            }
            this.next();
            return null;
          }
          break;
        default:
          if (STRAY_KEYWORDS.has(word)) {
            this.next();
            return null;
          }
          if (this.isOp(':', 1)) {
            this.next(); // a goto label
            this.next();
            return null;
          }
      }
    }
    const e = this.expr(0);
    this.endStatement();
    return { k: 'expr', e };
  }

  private ifStatement(): Stmt {
    this.next();
    const arms: { c: Expr; body: Stmt[] }[] = [];
    let els: Stmt[] | null = null;
    const c = this.parenExpr();
    if (this.isOp(':')) {
      // if (...): ... elseif (...): ... else: ... endif;
      this.next();
      const armEnd = (t: Tok) => isKwTok(t, 'elseif') || isKwTok(t, 'else') || isKwTok(t, 'endif');
      arms.push({ c, body: this.statements(armEnd) });
      while (this.isKw('elseif')) {
        this.next();
        const ci = this.parenExpr();
        this.expectOp(':');
        arms.push({ c: ci, body: this.statements(armEnd) });
      }
      if (this.isKw('else')) {
        this.next();
        this.expectOp(':');
        els = this.statements((t) => isKwTok(t, 'endif'));
      }
      this.expectKw('endif');
      this.endStatement();
      return { k: 'if', arms, els };
    }
    arms.push({ c, body: this.single() });
    while (this.isKw('elseif')) {
      this.next();
      const ci = this.parenExpr();
      arms.push({ c: ci, body: this.single() });
    }
    if (this.isKw('else')) {
      this.next();
      els = this.single(); // "else if" is an if statement in the else branch
    }
    return { k: 'if', arms, els };
  }

  private constStatement(): Stmt {
    this.next();
    const items: { name: string; e: Expr; line: number }[] = [];
    for (;;) {
      const name = this.next();
      if (name.k !== 'id') throw FAIL;
      this.expectOp('=');
      items.push({ name: name.v, e: this.expr(0), line: name.line });
      if (!this.isOp(',')) break;
      this.next();
    }
    this.endStatement();
    return { k: 'const', items };
  }

  /** `( expr )`; a header that does not parse (for (;;), foreach ... as) is only looked over. */
  private parenExpr(): Expr {
    if (!this.isOp('(')) throw FAIL;
    const start = this.i;
    try {
      this.next();
      const e = this.expr(0);
      this.expectOp(')');
      return e;
    } catch (err) {
      if (!(err instanceof ParseFail)) throw err;
      this.i = start;
      this.skipGroup();
      return { k: 'scan', from: start, to: this.i };
    }
  }

  // --- expressions (precedence climbing) ----------------------------------------------------

  private expr(minPrec: number): Expr {
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      let op: string | undefined;
      if (t.k === 'op') op = t.v;
      else if (t.k === 'id' && WORD_OPERATORS.has(t.v.toLowerCase())) op = t.v.toLowerCase();
      if (op === undefined) break;
      if (op === '?') {
        if (P_TERNARY < minPrec) break;
        this.next();
        if (this.isOp(':')) {
          this.next();
          left = { k: 'tern', c: left, t: null, f: this.expr(P_TERNARY + 1) };
        } else {
          const whenTrue = this.expr(P_ASSIGN);
          this.expectOp(':');
          left = { k: 'tern', c: left, t: whenTrue, f: this.expr(P_TERNARY + 1) };
        }
        continue;
      }
      const prec = BINARY.get(op);
      if (prec === undefined || prec < minPrec) break;
      this.next();
      const right = this.expr(RIGHT_ASSOC.has(op) ? prec : prec + 1);
      left = { k: 'bin', op, l: left, r: right };
    }
    return left;
  }

  private unary(): Expr {
    const t = this.peek();
    if (t.k === 'op') {
      switch (t.v) {
        case '!':
          this.next();
          return { k: 'unary', op: '!', e: this.expr(P_NOT) };
        case '-':
        case '+':
        case '~':
        case '@':
        case '&':
          this.next();
          return { k: 'unary', op: t.v, e: this.expr(P_UNARY) };
        case '++':
        case '--':
          this.next();
          return { k: 'opaque', subs: [this.expr(P_UNARY)] };
        case '(': {
          const type = this.peek(1);
          const cast = type.k === 'id' ? CASTS.get(type.v.toLowerCase()) : undefined;
          if (cast !== undefined && this.isOp(')', 2)) {
            this.i += 3;
            return { k: 'cast', to: cast, e: this.expr(P_UNARY) };
          }
          break;
        }
      }
    }
    return this.postfix(this.primary());
  }

  private primary(): Expr {
    const t = this.next();
    switch (t.k) {
      case 'str':
        return t.v === null ? OPAQUE : { k: 'lit', v: t.v };
      case 'num':
        return { k: 'lit', v: t.v };
      case 'var':
        return { k: 'var', name: t.v };
      case 'id':
        return this.name(t.v, t.line);
      case 'op':
        if (t.v === '(') {
          const e = this.expr(0);
          this.expectOp(')');
          return e;
        }
        if (t.v === '[') return { k: 'opaque', subs: this.list(']') };
        if (t.v === '$') {
          // $$name, ${expr}: variable variables
          if (this.isOp('{')) {
            this.next();
            const e = this.expr(0);
            this.expectOp('}');
            return { k: 'opaque', subs: [e] };
          }
          return { k: 'opaque', subs: [this.primary()] };
        }
        throw FAIL;
      default:
        throw FAIL;
    }
  }

  private name(raw: string, line: number): Expr {
    const word = bareName(raw.toLowerCase());
    switch (word) {
      case 'true':
        return { k: 'lit', v: true };
      case 'false':
        return { k: 'lit', v: false };
      case 'null':
        return { k: 'lit', v: null };
      case 'array':
      case 'list':
        if (this.isOp('(')) {
          this.next();
          return { k: 'opaque', subs: this.list(')') };
        }
        break;
      case 'isset':
        this.expectOp('(');
        return { k: 'isset', args: this.list(')') };
      case 'empty': {
        this.expectOp('(');
        const e = this.expr(0);
        this.expectOp(')');
        return { k: 'empty', e };
      }
      case 'exit':
      case 'die': {
        if (!this.isOp('(')) return { k: 'exit', e: null };
        this.next();
        const e = this.isOp(')') ? null : this.expr(0);
        this.expectOp(')');
        return { k: 'exit', e };
      }
      case 'include':
      case 'include_once':
      case 'require':
      case 'require_once':
      case 'print':
        return { k: 'opaque', subs: [this.expr(P_ASSIGN)] };
      case 'clone':
        return { k: 'opaque', subs: [this.expr(P_UNARY)] };
      case 'throw':
        return { k: 'opaque', subs: [this.expr(0)] };
      case 'new':
        return this.newExpr();
      case 'static':
        if (this.isKw('function') || this.isKw('fn')) return this.closure((this.next().v as string).toLowerCase());
        break;
      case 'function':
      case 'fn':
        return this.closure(word);
      case 'match':
        if (this.isOp('(')) {
          this.next();
          const subject = this.expr(0);
          this.expectOp(')');
          if (!this.isOp('{')) throw FAIL;
          this.skipGroup();
          return { k: 'opaque', subs: [subject] };
        }
        break;
    }
    if (this.isOp('(')) {
      this.next();
      return { k: 'call', name: word, args: this.list(')'), line };
    }
    return { k: 'const', name: bareName(raw) };
  }

  /** Closures are created, not run: their bodies are skipped. */
  private closure(kind: string): Expr {
    if (this.isOp('&')) this.next();
    if (!this.isOp('(')) throw FAIL;
    this.skipGroup();
    if (kind === 'fn') {
      while (!this.isOp('=>')) {
        if (this.atEof() || this.isOp(';')) throw FAIL;
        this.next();
      }
      this.next();
      this.expr(P_ASSIGN);
      return OPAQUE;
    }
    if (this.isKw('use')) {
      this.next();
      this.skipGroup();
    }
    this.skipDeclaration();
    return OPAQUE;
  }

  private newExpr(): Expr {
    if (this.isKw('class')) {
      this.next();
      let args: Expr[] = [];
      if (this.isOp('(')) {
        this.next();
        args = this.list(')');
      }
      this.skipDeclaration();
      return { k: 'opaque', subs: args };
    }
    const subs: Expr[] = [];
    const t = this.next();
    if (t.k === 'op' && t.v === '(') {
      subs.push(this.expr(0));
      this.expectOp(')');
    } else if (t.k !== 'id' && t.k !== 'var') {
      throw FAIL;
    }
    if (this.isOp('(')) {
      this.next();
      subs.push(...this.list(')'));
    }
    return { k: 'opaque', subs };
  }

  /** Comma-separated arguments or array items up to `close` (already past the opener). */
  private list(close: string): Expr[] {
    const items: Expr[] = [];
    while (!this.isOp(close)) {
      if (this.atEof()) throw FAIL;
      if (this.isOp(',')) {
        this.next(); // an empty slot: list($a, , $b)
        continue;
      }
      if (this.isOp('...')) {
        this.next();
        if (this.isOp(close)) break; // first-class callable syntax: foo(...)
        items.push({ k: 'opaque', subs: [this.expr(0)] });
      } else {
        if (this.peek().k === 'id' && this.isOp(':', 1)) this.i += 2; // named argument
        const e = this.expr(0);
        if (this.isOp('=>')) {
          this.next();
          items.push({ k: 'opaque', subs: [e, this.expr(0)] });
        } else {
          items.push(e);
        }
      }
      if (this.isOp(',')) this.next();
      else if (!this.isOp(close)) throw FAIL;
    }
    this.next();
    return items;
  }

  /** A member name after -> or :: */
  private member(): Expr[] {
    const t = this.next();
    if (t.k === 'id' || t.k === 'var') return [];
    if (t.k === 'op' && t.v === '{') {
      const e = this.expr(0);
      this.expectOp('}');
      return [e];
    }
    throw FAIL;
  }

  private postfix(base: Expr): Expr {
    let e = base;
    for (;;) {
      if (this.isOp('[')) {
        this.next();
        if (this.isOp(']')) {
          this.next();
          e = { k: 'index', base: e, key: null };
        } else {
          const key = this.expr(0);
          this.expectOp(']');
          e = { k: 'index', base: e, key };
        }
      } else if (this.isOp('->') || this.isOp('?->') || this.isOp('::')) {
        this.next();
        e = { k: 'opaque', subs: [e, ...this.member()] };
        if (this.isOp('(')) {
          this.next();
          e = { k: 'opaque', subs: [e, ...this.list(')')] };
        }
      } else if (this.isOp('(') && e.k !== 'lit') {
        this.next();
        e = { k: 'opaque', subs: [e, ...this.list(')')] };
      } else if (this.isOp('++') || this.isOp('--')) {
        this.next();
        e = { k: 'opaque', subs: [e] };
      } else {
        break;
      }
    }
    const t = this.peek();
    if (t.k === 'op' && ASSIGN_OPS.has(t.v) && (e.k === 'var' || e.k === 'index' || e.k === 'opaque')) {
      this.next();
      return { k: 'assign', op: t.v, target: e, e: this.expr(P_ASSIGN), line: t.line };
    }
    return e;
  }
}

// ---------------------------------------------------------------------------------------------
// Evaluation

const UNKNOWN: unique symbol = Symbol('unknown');
type Res = WpConstantValue | typeof UNKNOWN;
/** certain: this code runs; uncertain: it may or may not run (or run more than once). */
type Mode = 'certain' | 'uncertain';

class Halt extends Error {}

const PREDEFINED_CONSTANTS = new Map<string, WpConstantValue>([
  ['PHP_EOL', '\n'],
  ['DIRECTORY_SEPARATOR', '/'],
  ['PATH_SEPARATOR', ':'],
]);
const NUMERIC_STRING = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;
const LEADING_NUMBER = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
/** $_SERVER keys the web server fills in per request; unknowable from the environment. */
const REQUEST_SERVER_KEYS =
  /^(?:HTTP_|REQUEST_|SERVER_|REMOTE_|SCRIPT_|PHP_|REDIRECT_|CONTENT_|PATH_|ORIG_|CONTEXT_)|^(?:HTTPS|QUERY_STRING|DOCUMENT_ROOT|GATEWAY_INTERFACE|AUTH_TYPE|UNIQUE_ID|FCGI_ROLE|argv|argc)$/;

function truthy(v: WpConstantValue): boolean {
  return !(v === null || v === false || v === '' || v === '0' || v === 0);
}

/** PHP's string conversion; UNKNOWN for floats whose PHP spelling differs from JavaScript's. */
function phpString(v: WpConstantValue): string | typeof UNKNOWN {
  if (typeof v === 'string') return v;
  if (v === true) return '1';
  if (v === false || v === null) return '';
  if (Number.isSafeInteger(v)) return String(v);
  if (Number.isFinite(v) && Math.abs(v) >= 1e-4 && Math.abs(v) < 1e15) return String(v);
  return UNKNOWN;
}

function toNumber(v: WpConstantValue, integer: boolean): number | typeof UNKNOWN {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string') n = Number(LEADING_NUMBER.exec(v)?.[0] ?? 0);
  else n = v === true ? 1 : 0;
  if (!integer) return n;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

function looseEquals(a: WpConstantValue, b: WpConstantValue): boolean | typeof UNKNOWN {
  if (a === null && typeof b === 'string') return b === '';
  if (b === null && typeof a === 'string') return a === '';
  if (typeof a === 'boolean' || typeof b === 'boolean' || a === null || b === null) return truthy(a) === truthy(b);
  if (typeof a === 'string' && typeof b === 'string') {
    return NUMERIC_STRING.test(a) && NUMERIC_STRING.test(b) ? Number(a) === Number(b) : a === b;
  }
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  const num = (typeof a === 'number' ? a : b) as number;
  const str = (typeof a === 'string' ? a : b) as string;
  if (NUMERIC_STRING.test(str)) return num === Number(str);
  const spelled = phpString(num);
  return spelled === UNKNOWN ? UNKNOWN : spelled === str;
}

function arithmetic(op: string, a: WpConstantValue, b: WpConstantValue): Res {
  if (typeof a !== 'number' || typeof b !== 'number') return UNKNOWN;
  if (op === '+') return a + b;
  if (op === '-') return a - b;
  if (op === '*') return a * b;
  return UNKNOWN;
}

class Interpreter {
  private readonly values = new Map<string, WpConstantValue>();
  private readonly seen = new Map<string, Mode>();
  readonly unsupported: { name: string; line: number }[] = [];
  private prefix: { kind: 'unset' } | { kind: 'known'; v: WpConstantValue } | { kind: 'unknown' } = { kind: 'unset' };
  private namespace = '';
  private readonly superglobals = {
    _ENV: { overrides: new Map<string, Res>(), clobbered: false },
    _SERVER: { overrides: new Map<string, Res>(), clobbered: false },
  };

  constructor(
    private readonly toks: Tok[],
    private readonly env: Record<string, string | undefined>,
    private readonly readFile: (path: string) => string,
  ) {}

  run(program: Stmt[]): WpConfigFile {
    try {
      this.exec(program, 'certain');
    } catch (err) {
      if (!(err instanceof Halt)) throw err;
    }
    const constants: Record<string, WpConstantValue> = {};
    for (const [name, value] of this.values) {
      Object.defineProperty(constants, name, { value, enumerable: true, writable: true, configurable: true });
    }
    let tablePrefix: string | undefined;
    if (this.prefix.kind === 'known') {
      const s = phpString(this.prefix.v);
      tablePrefix = s === UNKNOWN ? undefined : s;
    }
    return { constants, tablePrefix, unsupported: this.unsupported };
  }

  private exec(stmts: Stmt[], mode: Mode): void {
    for (const s of stmts) this.stmt(s, mode);
  }

  private stmt(s: Stmt, mode: Mode): void {
    switch (s.k) {
      case 'expr':
        this.eval(s.e, mode);
        return;
      case 'block':
        this.exec(s.body, mode);
        return;
      case 'maybe':
        this.exec(s.body, 'uncertain');
        return;
      case 'if': {
        let m = mode;
        for (const arm of s.arms) {
          const c = this.eval(arm.c, m);
          if (c === UNKNOWN) {
            this.exec(arm.body, 'uncertain');
            m = 'uncertain';
          } else if (truthy(c)) {
            this.exec(arm.body, m);
            return;
          }
        }
        if (s.els) this.exec(s.els, m);
        return;
      }
      case 'const':
        for (const item of s.items) {
          const name = this.namespace === '' ? item.name : `${this.namespace}\\${item.name}`;
          this.define(name, this.eval(item.e, mode), item.line, mode);
        }
        return;
      case 'halt':
        if (mode === 'certain') throw new Halt();
        return;
      case 'ns':
        this.namespace = s.name;
        return;
    }
  }

  /** PHP's define(): the first definition wins, later ones are ignored (with a warning). */
  private define(name: string, value: Res, line: number, mode: Mode): Res {
    const before = this.seen.get(name);
    if (before === 'certain') return mode === 'certain' ? false : UNKNOWN;
    if (mode === 'uncertain') {
      if (before === undefined) {
        this.seen.set(name, 'uncertain');
        this.unsupported.push({ name, line });
      }
      return UNKNOWN;
    }
    this.seen.set(name, 'certain');
    if (before === 'uncertain') return UNKNOWN; // already reported; which definition won is unknown
    if (value === UNKNOWN) this.unsupported.push({ name, line });
    else this.values.set(name, value);
    return true;
  }

  private setPrefix(value: Res, line: number, mode: Mode): void {
    if (mode === 'certain' && value !== UNKNOWN) {
      this.prefix = { kind: 'known', v: value };
    } else {
      this.prefix = { kind: 'unknown' };
      this.unsupported.push({ name: '$table_prefix', line });
    }
  }

  /** Code that was not understood: any define or $table_prefix assignment in it is unknown. */
  private scan(from: number, to: number): void {
    for (let j = from; j < to; j++) {
      const t = this.toks[j];
      if (t === undefined) break;
      if (t.k === 'id' && bareName(t.v.toLowerCase()) === 'define' && isOpTok(this.toks[j + 1], '(')) {
        const name = this.toks[j + 2];
        if (name?.k === 'str' && name.v !== null && isOpTok(this.toks[j + 3], ',')) {
          this.define(name.v, UNKNOWN, t.line, 'uncertain');
        } else {
          this.unsupported.push({ name: '?', line: t.line });
        }
      } else if (t.k === 'var' && t.v === 'table_prefix') {
        const op = this.toks[j + 1];
        if (op?.k === 'op' && ASSIGN_OPS.has(op.v)) this.setPrefix(UNKNOWN, t.line, 'uncertain');
      }
    }
  }

  private constant(name: string): Res {
    if (this.values.has(name)) return this.values.get(name) ?? null;
    return PREDEFINED_CONSTANTS.has(name) ? (PREDEFINED_CONSTANTS.get(name) ?? null) : UNKNOWN;
  }

  private getenv(name: string): string | false {
    const v = Object.hasOwn(this.env, name) ? this.env[name] : undefined;
    return v === undefined ? false : v;
  }

  private readVar(name: string): Res {
    if (name !== 'table_prefix') return UNKNOWN;
    if (this.prefix.kind === 'known') return this.prefix.v;
    return this.prefix.kind === 'unset' ? null : UNKNOWN;
  }

  private superglobal(which: '_ENV' | '_SERVER', key: Res): Res {
    const sg = this.superglobals[which];
    if (key === UNKNOWN || sg.clobbered) return UNKNOWN;
    const k = phpString(key);
    if (k === UNKNOWN) return UNKNOWN;
    if (sg.overrides.has(k)) return sg.overrides.get(k) ?? null;
    const v = this.getenv(k);
    if (v !== false) return v;
    return which === '_SERVER' && REQUEST_SERVER_KEYS.test(k) ? UNKNOWN : null;
  }

  /** The value of a variable or array element, or null if unset ($_ENV['X'], $table_prefix). */
  private read(e: Expr, mode: Mode): Res {
    if (e.k === 'var') return this.readVar(e.name);
    if (e.k === 'index') {
      if (e.base.k !== 'var') this.eval(e.base, mode);
      const key = e.key ? this.eval(e.key, mode) : UNKNOWN;
      const base = e.base.k === 'var' ? e.base.name : '';
      if (base === '_ENV' || base === '_SERVER') return this.superglobal(base, key);
      if (base === 'GLOBALS' && key === 'table_prefix') return this.readVar('table_prefix');
      return UNKNOWN;
    }
    this.eval(e, mode);
    return UNKNOWN;
  }

  private eval(e: Expr, mode: Mode): Res {
    switch (e.k) {
      case 'lit':
        return e.v;
      case 'opaque':
        for (const sub of e.subs) this.eval(sub, mode);
        return UNKNOWN;
      case 'scan':
        this.scan(e.from, e.to);
        return UNKNOWN;
      case 'const':
        return this.constant(e.name);
      case 'var':
      case 'index':
        return this.read(e, mode);
      case 'call':
        return this.call(e, mode);
      case 'unary': {
        const v = this.eval(e.e, mode);
        if (v === UNKNOWN) return UNKNOWN;
        if (e.op === '!') return !truthy(v);
        if (e.op === '@') return v;
        if ((e.op === '-' || e.op === '+') && (typeof v === 'number' || NUMERIC_STRING.test(String(v)))) {
          const n = Number(v);
          return e.op === '-' ? 0 - n : n;
        }
        return UNKNOWN;
      }
      case 'cast': {
        const v = this.eval(e.e, mode);
        if (v === UNKNOWN) return UNKNOWN;
        if (e.to === 'int') return toNumber(v, true);
        if (e.to === 'float') return toNumber(v, false);
        if (e.to === 'string') return phpString(v);
        if (e.to === 'bool') return truthy(v);
        return UNKNOWN;
      }
      case 'bin':
        return this.binary(e.op, e.l, e.r, mode);
      case 'tern': {
        const c = this.eval(e.c, mode);
        if (c === UNKNOWN) {
          if (e.t) this.eval(e.t, 'uncertain');
          this.eval(e.f, 'uncertain');
          return UNKNOWN;
        }
        if (truthy(c)) return e.t ? this.eval(e.t, mode) : c;
        return this.eval(e.f, mode);
      }
      case 'assign':
        return this.assign(e, mode);
      case 'isset': {
        let result: Res = true;
        for (const arg of e.args) {
          const v = arg.k === 'var' || arg.k === 'index' ? this.read(arg, mode) : UNKNOWN;
          if (v === null) return false;
          if (v === UNKNOWN) result = UNKNOWN;
        }
        return result;
      }
      case 'empty': {
        const v = this.eval(e.e, mode);
        return v === UNKNOWN ? UNKNOWN : !truthy(v);
      }
      case 'exit':
        if (e.e) this.eval(e.e, mode);
        if (mode === 'certain') throw new Halt();
        return UNKNOWN;
    }
  }

  private binary(op: string, l: Expr, r: Expr, mode: Mode): Res {
    if (op === '&&' || op === 'and' || op === '||' || op === 'or') {
      const isAnd = op === '&&' || op === 'and';
      const left = this.eval(l, mode);
      if (left === UNKNOWN) {
        const right = this.eval(r, 'uncertain');
        return right !== UNKNOWN && truthy(right) !== isAnd ? !isAnd : UNKNOWN;
      }
      if (truthy(left) !== isAnd) return !isAnd; // short circuit: the right side never runs
      const right = this.eval(r, mode);
      return right === UNKNOWN ? UNKNOWN : truthy(right);
    }
    if (op === '??') {
      const left = this.eval(l, mode);
      if (left === UNKNOWN) {
        this.eval(r, 'uncertain');
        return UNKNOWN;
      }
      return left === null ? this.eval(r, mode) : left;
    }
    const a = this.eval(l, mode);
    const b = this.eval(r, mode);
    if (a === UNKNOWN || b === UNKNOWN) return UNKNOWN;
    switch (op) {
      case '.': {
        const sa = phpString(a);
        const sb = phpString(b);
        return sa === UNKNOWN || sb === UNKNOWN ? UNKNOWN : sa + sb;
      }
      case '===':
        return a === b;
      case '!==':
        return a !== b;
      case '==':
        return looseEquals(a, b);
      case '!=':
      case '<>': {
        const eq = looseEquals(a, b);
        return eq === UNKNOWN ? UNKNOWN : !eq;
      }
      case 'xor':
        return truthy(a) !== truthy(b);
      default:
        return arithmetic(op, a, b);
    }
  }

  private assign(e: Extract<Expr, { k: 'assign' }>, mode: Mode): Res {
    const value = this.eval(e.e, mode);
    const target = e.target;
    const isPrefix =
      (target.k === 'var' && target.name === 'table_prefix') ||
      (target.k === 'index' &&
        target.base.k === 'var' &&
        target.base.name === 'GLOBALS' &&
        target.key?.k === 'lit' &&
        target.key.v === 'table_prefix');
    if (isPrefix) {
      let v: Res = UNKNOWN;
      const current = this.readVar('table_prefix');
      if (e.op === '=') v = value;
      else if (e.op === '.=' && current !== UNKNOWN && value !== UNKNOWN) {
        const a = phpString(current);
        const b = phpString(value);
        v = a === UNKNOWN || b === UNKNOWN ? UNKNOWN : a + b;
      } else if (e.op === '??=' && current !== UNKNOWN) {
        if (current !== null) return current;
        v = value;
      }
      this.setPrefix(v, e.line, mode);
      return v;
    }
    if (target.k === 'index' && target.base.k === 'var') {
      const which = target.base.name;
      if (which === '_ENV' || which === '_SERVER') {
        const sg = this.superglobals[which];
        const key = target.key ? this.eval(target.key, mode) : UNKNOWN;
        const k = key === UNKNOWN ? UNKNOWN : phpString(key);
        if (k === UNKNOWN) sg.clobbered = true;
        else sg.overrides.set(k, e.op === '=' && mode === 'certain' ? value : UNKNOWN);
      }
    }
    return e.op === '=' ? value : UNKNOWN;
  }

  private call(e: Extract<Expr, { k: 'call' }>, mode: Mode): Res {
    const args = e.args.map((arg) => this.eval(arg, mode));
    const first = args[0];
    const second = args.length > 1 ? (args[1] as Res) : UNKNOWN; // (a null argument is a value)
    const firstString = first === undefined || first === UNKNOWN ? UNKNOWN : phpString(first);
    switch (e.name) {
      case 'define':
        if (firstString === UNKNOWN) {
          this.unsupported.push({ name: '?', line: e.line });
          return UNKNOWN;
        }
        return this.define(firstString, second, e.line, mode);
      case 'defined': {
        if (firstString === UNKNOWN) return UNKNOWN;
        const seen = this.seen.get(firstString);
        if (seen === 'certain' || PREDEFINED_CONSTANTS.has(firstString)) return true;
        return seen === 'uncertain' ? UNKNOWN : false;
      }
      case 'constant':
        return firstString === UNKNOWN ? UNKNOWN : this.constant(firstString);
      case 'getenv':
        return firstString === UNKNOWN ? UNKNOWN : this.getenv(firstString);
      case 'getenv_docker':
        // The official image's helper: the file named by X_FILE, else env X, else the default.
        if (firstString === UNKNOWN || args.length < 2) return UNKNOWN;
        return this.getenvDocker(firstString, second, mode);
      default:
        return UNKNOWN;
    }
  }

  private getenvDocker(name: string, fallback: Res, mode: Mode): Res {
    const file = this.getenv(`${name}_FILE`);
    if (file !== false && truthy(file)) {
      try {
        return this.readFile(file).replace(/[\r\n]+$/, ''); // rtrim( ..., "\r\n" )
      } catch (err) {
        if (mode === 'uncertain') return UNKNOWN;
        const reason = err instanceof Error ? err.message : String(err);
        throw new WpConfigError(`wp-config.php: ${name}_FILE names ${file}, which cannot be read: ${reason}`, {
          cause: err,
        });
      }
    }
    const value = this.getenv(name);
    return value === false ? fallback : value;
  }
}

/** Reads wp-config.php source as PHP would run it, without running PHP. */
export function parseWpConfig(source: string, opts?: ParseWpConfigOptions): WpConfigFile {
  const { toks, sawOpenTag } = tokenize(source);
  if (!sawOpenTag) throw new WpConfigError('wp-config.php has no "<?php" opening tag, so PHP would run none of it');
  const program = new Parser(toks).program();
  const readFile = opts?.readFile ?? ((path: string) => readFileSync(path, 'utf8'));
  return new Interpreter(toks, opts?.env ?? {}, readFile).run(program);
}

// ---------------------------------------------------------------------------------------------
// Site settings

function settingString(v: WpConstantValue): string {
  const s = phpString(v);
  return s === UNKNOWN ? String(v) : s;
}

/** The database settings, table prefix and secrets WordPress would take from this file. */
export function wpSiteSettings(file: WpConfigFile): WpSiteSettings {
  const lookup = (name: string): WpConstantValue | undefined => {
    if (Object.hasOwn(file.constants, name)) return file.constants[name];
    const entry = file.unsupported.find((u) => u.name === name);
    if (entry) {
      throw new WpConfigError(
        `wp-config.php line ${entry.line}: ${name} is set by code that cannot be evaluated without PHP ` +
          '(use a literal value, getenv() or getenv_docker())',
      );
    }
    return undefined;
  };
  const required = (name: string): string => {
    const v = lookup(name);
    if (v === undefined) {
      const unnamed = file.unsupported.find((u) => u.name === '?');
      const hint = unnamed ? ` (line ${unnamed.line} defines a constant whose name cannot be determined)` : '';
      throw new WpConfigError(`wp-config.php does not define ${name}${hint}`);
    }
    if (typeof v === 'string' || typeof v === 'number') return settingString(v);
    throw new WpConfigError(
      `wp-config.php defines ${name} as ${String(v)}, not a string (is the environment variable it reads unset?)`,
    );
  };
  const optional = (name: string, fallback: string): string => {
    const v = lookup(name);
    return v === undefined ? fallback : settingString(v);
  };

  const name = required('DB_NAME');
  const user = required('DB_USER');
  const dbHost = required('DB_HOST');
  const host = parseDbHost(dbHost);
  if (!host) throw new WpConfigError(`wp-config.php: DB_HOST ${JSON.stringify(dbHost)} cannot be parsed`);
  const db: WpSiteSettings['db'] = {
    name,
    user,
    password: optional('DB_PASSWORD', ''),
    host: host.host,
    charset: optional('DB_CHARSET', 'utf8mb4'),
    collate: optional('DB_COLLATE', ''),
  };
  if (host.port !== undefined) db.port = host.port;
  if (host.socket !== undefined) db.socket = host.socket;

  const tablePrefix = file.tablePrefix;
  if (tablePrefix === undefined) {
    const entry = file.unsupported.findLast((u) => u.name === '$table_prefix');
    throw new WpConfigError(
      entry
        ? `wp-config.php line ${entry.line}: $table_prefix is set by code that cannot be evaluated without PHP`
        : 'wp-config.php does not set $table_prefix',
    );
  }
  if (tablePrefix === '') throw new WpConfigError('wp-config.php sets an empty $table_prefix');
  if (/[^a-z0-9_]/i.test(tablePrefix)) {
    throw new WpConfigError(
      `wp-config.php: $table_prefix ${JSON.stringify(tablePrefix)} is invalid. ` +
        'Table prefix can only contain numbers, letters, and underscores.',
    );
  }

  const secrets: Partial<Record<WpSecretName, string>> = {};
  for (const name of WP_SECRET_NAMES) {
    const v = lookup(name);
    if (v !== undefined) secrets[name] = settingString(v);
  }
  return { db, tablePrefix, secrets };
}
