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

/**
 * The tokens of `input`, ending with an `eof` token, and whether it has an opening tag at all
 * (without one, PHP prints the file instead of running it).
 */
export function tokenize(input: string): { toks: Tok[]; sawOpenTag: boolean } {
  const src = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const lineAt = lineIndex(src);
  const n = src.length;
  const toks: Tok[] = [];
  let sawOpenTag = false;
  let i = 0;
  const push = (k: 'id' | 'var' | 'op', v: string, pos: number) => toks.push({ k, v, line: lineAt(pos) });
  const pushString = (v: string | null, pos: number) => toks.push({ k: 'str', v, line: lineAt(pos) });
  const matchAt = (re: RegExp, at: number): RegExpExecArray | null => {
    re.lastIndex = at;
    return re.exec(src);
  };
  const fail = (what: string, pos: number): never => {
    throw new WpConfigError(`wp-config.php line ${lineAt(pos)}: ${what}`);
  };

  outer: while (i < n) {
    // Inline HTML up to the next opening tag.
    const open = matchAt(RE_OPEN_TAG, i);
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
        const end = findSingleQuotedEnd(src, i + 1);
        if (end < 0) fail('unterminated string', i);
        pushString(decodeSingleQuoted(src.slice(i + 1, end)), i);
        i = end + 1;
      } else if (ch === '"' || ch === '`') {
        const end = findDoubleQuotedEnd(src, i + 1, ch);
        if (end < 0) fail('unterminated string', i);
        // A backtick string is a shell command: never evaluated.
        pushString(ch === '"' ? decodeDoubleQuoted(src.slice(i + 1, end), false) : null, i);
        i = end + 1;
      } else if (heredocMatch) {
        const heredoc = readHeredoc(src, heredocMatch) ?? fail(`unterminated heredoc <<<${heredocMatch[2]}`, i);
        pushString(heredoc.value, i);
        i = heredoc.end;
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
