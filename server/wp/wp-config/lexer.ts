/**
 * Turns wp-config.php source into PHP tokens. Only the text between `<?php` (or `<?=`) and `?>`
 * is code; the lexer drops whitespace and comments, decodes string literals and numbers, and
 * stops at `__halt_compiler`. Each token knows its line, for error messages.
 */

import { IDENT, IDENT_START } from './names';
import {
  decodeDoubleQuoted,
  decodeSingleQuoted,
  findDoubleQuotedEnd,
  findSingleQuotedEnd,
  readHeredoc,
} from './string-literals';
import { WpConfigError } from './types';

export type Tok =
  | { k: 'str'; v: string | null; line: number } // v null: interpolation or bytes that are not UTF-8
  | { k: 'num'; v: number; line: number }
  | { k: 'id' | 'var' | 'op' | 'eof'; v: string; line: number };

export const isOpTok = (t: Tok | undefined, v: string): boolean => t !== undefined && t.k === 'op' && t.v === v;
export const isKwTok = (t: Tok | undefined, w: string): boolean =>
  t !== undefined && t.k === 'id' && t.v.toLowerCase() === w;

const RE_OPEN_TAG = /<\?php(?=\s|$)|<\?=/gi;
const RE_NAME = new RegExp(`\\\\?${IDENT}(?:\\\\${IDENT})*`, 'y');
const RE_VAR = new RegExp(`\\$(${IDENT})`, 'y');
const RE_HEREDOC = new RegExp(`<<<[ \\t]*(["']?)(${IDENT})\\1\\r?\\n`, 'y');
const RE_NUMBER =
  /0[xX][0-9a-fA-F]+(?:_[0-9a-fA-F]+)*|0[bB][01]+(?:_[01]+)*|0[oO][0-7]+(?:_[0-7]+)*|(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:[eE][+-]?\d+(?:_\d+)*)?/y;
/** Operators of more than one character, longest first so that the longest one matches. */
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

/** The source being read, the tokens so far and the position reached. */
interface Lexer {
  readonly src: string;
  readonly lineAt: (pos: number) => number;
  readonly toks: Tok[];
  i: number;
}

/** After one token: read on, a closing tag was met (back to inline HTML), or `__halt_compiler`. */
type Step = 'next' | 'close' | 'halt';

/**
 * The tokens of `input`, ending with an `eof` token, and whether it has an opening tag at all
 * (without one, PHP prints the file instead of running it).
 */
export function tokenize(input: string): { toks: Tok[]; sawOpenTag: boolean } {
  const src = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const lx: Lexer = { src, lineAt: lineIndex(src), toks: [], i: 0 };
  const n = src.length;
  let sawOpenTag = false;
  while (lx.i < n) {
    // Inline HTML up to the next opening tag.
    const open = matchAt(RE_OPEN_TAG, src, lx.i);
    if (!open) break;
    sawOpenTag = true;
    lx.i = open.index + open[0].length;
    if (open[0] === '<?=') push(lx, 'id', 'echo', open.index);
    if (lexCode(lx) === 'halt') break; // the rest is raw data
  }
  lx.toks.push({ k: 'eof', v: '', line: lx.lineAt(n) });
  return { toks: lx.toks, sawOpenTag };
}

/** The tokens of one block of code: up to a closing tag, `__halt_compiler` or the end of the source. */
function lexCode(lx: Lexer): Step {
  while (lx.i < lx.src.length) {
    const step = lexToken(lx);
    if (step !== 'next') return step;
  }
  return 'next';
}

/** Reads what starts at the current position: whitespace, a comment, a closing tag or one token. */
function lexToken(lx: Lexer): Step {
  const ch = lx.src.charAt(lx.i);
  const next = lx.src.charAt(lx.i + 1);
  if (/\s/.test(ch)) lx.i++;
  else if (ch === '?' && next === '>') return closeTag(lx);
  else if (ch === '#' || (ch === '/' && next === '/')) skipLineComment(lx);
  else if (ch === '/' && next === '*') skipBlockComment(lx);
  else if (ch === "'" || ch === '"' || ch === '`') lexQuoted(lx, ch);
  else if ((ch === '<' && lexHeredoc(lx)) || (ch === '$' && lexVariable(lx))) return 'next';
  else if (/\d/.test(ch) || (ch === '.' && /\d/.test(next))) lexNumber(lx, ch);
  else if (IDENT_START.test(ch) || (ch === '\\' && IDENT_START.test(next))) return lexName(lx, ch);
  else lexPunctuation(lx, ch);
  return 'next';
}

function push(lx: Lexer, k: 'id' | 'var' | 'op', v: string, pos: number): void {
  lx.toks.push({ k, v, line: lx.lineAt(pos) });
}

function pushString(lx: Lexer, v: string | null, pos: number): void {
  lx.toks.push({ k: 'str', v, line: lx.lineAt(pos) });
}

function matchAt(re: RegExp, src: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(src);
}

function fail(lx: Lexer, what: string, pos: number): never {
  throw new WpConfigError(`wp-config.php line ${lx.lineAt(pos)}: ${what}`);
}

/** `?>`: a closing tag ends the statement, and swallows one newline after it. */
function closeTag(lx: Lexer): Step {
  push(lx, 'op', ';', lx.i);
  lx.i += 2;
  if (lx.src.charAt(lx.i) === '\n') lx.i++;
  else if (lx.src.startsWith('\r\n', lx.i)) lx.i += 2;
  return 'close';
}

/** A line comment ends at the end of the line or at a closing tag. */
function skipLineComment(lx: Lexer): void {
  const { src } = lx;
  let j = lx.i + 1;
  while (j < src.length && src.charAt(j) !== '\n' && src.charAt(j) !== '\r' && !src.startsWith('?>', j)) j++;
  lx.i = j;
}

function skipBlockComment(lx: Lexer): void {
  const end = lx.src.indexOf('*/', lx.i + 2);
  if (end < 0) fail(lx, 'unterminated /* comment', lx.i);
  lx.i = end + 2;
}

/** A single-quoted, double-quoted or backtick string. */
function lexQuoted(lx: Lexer, quote: "'" | '"' | '`'): void {
  const { src, i } = lx;
  if (quote === "'") {
    const end = findSingleQuotedEnd(src, i + 1);
    if (end < 0) fail(lx, 'unterminated string', i);
    pushString(lx, decodeSingleQuoted(src.slice(i + 1, end)), i);
    lx.i = end + 1;
    return;
  }
  const end = findDoubleQuotedEnd(src, i + 1, quote);
  if (end < 0) fail(lx, 'unterminated string', i);
  // A backtick string is a shell command: never evaluated.
  pushString(lx, quote === '"' ? decodeDoubleQuoted(src.slice(i + 1, end), false) : null, i);
  lx.i = end + 1;
}

/** A heredoc or nowdoc when one starts here; false when the `<` is something else. */
function lexHeredoc(lx: Lexer): boolean {
  const match = matchAt(RE_HEREDOC, lx.src, lx.i);
  if (!match) return false;
  const heredoc = readHeredoc(lx.src, match) ?? fail(lx, `unterminated heredoc <<<${match[2]}`, lx.i);
  pushString(lx, heredoc.value, lx.i);
  lx.i = heredoc.end;
  return true;
}

/** A `$name` when one starts here; false for a lone `$`. */
function lexVariable(lx: Lexer): boolean {
  const match = matchAt(RE_VAR, lx.src, lx.i);
  if (!match) return false;
  push(lx, 'var', match[1] ?? '', lx.i);
  lx.i += match[0].length;
  return true;
}

function lexNumber(lx: Lexer, ch: string): void {
  const text = matchAt(RE_NUMBER, lx.src, lx.i)?.[0] ?? ch;
  lx.toks.push({ k: 'num', v: numberValue(text), line: lx.lineAt(lx.i) });
  lx.i += text.length;
}

/** The longest operator that starts here, else the character alone. */
function lexPunctuation(lx: Lexer, ch: string): void {
  const p = PUNCTUATION.find((candidate) => lx.src.startsWith(candidate, lx.i)) ?? ch;
  push(lx, 'op', p, lx.i);
  lx.i += p.length;
}

/** A name (possibly namespaced); `__halt_compiler` ends the code. */
function lexName(lx: Lexer, ch: string): Step {
  const name = matchAt(RE_NAME, lx.src, lx.i)?.[0] ?? ch;
  push(lx, 'id', name, lx.i);
  lx.i += name.length;
  return name.toLowerCase() === '__halt_compiler' ? 'halt' : 'next';
}

/** Maps a source index to its 1-based line number. */
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

/** The value of a PHP number literal: hex, binary, octal (0o17 or 017), decimal or float. */
function numberValue(text: string): number {
  const s = text.replace(/_/g, '');
  if (/^0[xX]/.test(s)) return Number.parseInt(s.slice(2), 16);
  if (/^0[bB]/.test(s)) return Number.parseInt(s.slice(2), 2);
  if (/^0[oO]/.test(s)) return Number.parseInt(s.slice(2), 8);
  if (/[.eE]/.test(s)) return Number(s);
  if (s.length > 1 && s.startsWith('0')) return Number.parseInt(s, 8);
  return Number(s);
}
