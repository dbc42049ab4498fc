/**
 * PHP string literals, the part of the lexer with the most rules: where each kind of string
 * ends, and what its body means. Single-quoted strings and nowdocs are raw text; double-quoted
 * strings and heredocs have escapes and may interpolate variables, and an interpolating string
 * has no value we can know, so it decodes to null.
 */

import { IDENT_CHARS, IDENT_START } from './names';

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

/** The index of the quote closing a '...' string whose body starts at `from`, or -1. */
export function findSingleQuotedEnd(src: string, from: number): number {
  for (let j = from; j < src.length; j++) {
    const ch = src.charAt(j);
    if (ch === '\\') j++;
    else if (ch === "'") return j;
  }
  return -1;
}

/**
 * The index of the quote closing a "..." (or `...`) string whose body starts at `from`, or -1,
 * stepping over escapes and {$...} / ${...} interpolations, which may hold quoted strings of their own.
 */
export function findDoubleQuotedEnd(src: string, from: number, quote: string): number {
  let j = from;
  while (j < src.length) {
    const ch = src.charAt(j);
    if (ch === '\\') j += 2;
    else if (ch === quote) return j;
    else if (ch === '{' && src.charAt(j + 1) === '$') j = skipInterpolation(src, j);
    else if (ch === '$' && src.charAt(j + 1) === '{') j = skipInterpolation(src, j + 1);
    else j++;
  }
  return -1;
}

/** The index just past the `}` matching the `{` at `open`, or the end of the source. */
function skipInterpolation(src: string, open: number): number {
  let depth = 0;
  let j = open;
  while (j < src.length) {
    const ch = src.charAt(j);
    if (ch === "'" || ch === '"') {
      const end = ch === "'" ? findSingleQuotedEnd(src, j + 1) : findDoubleQuotedEnd(src, j + 1, '"');
      if (end < 0) return src.length;
      j = end + 1;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return j + 1;
    j++;
  }
  return src.length;
}

/** The value of a '...' string body: only \\ and \' are escapes. */
export function decodeSingleQuoted(raw: string): string {
  return raw.replace(/\\([\\'])/g, '$1');
}

/** Decodes the body of a double-quoted string or heredoc; null if it interpolates or is not UTF-8. */
export function decodeDoubleQuoted(raw: string, heredoc: boolean): string | null {
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

/**
 * A heredoc (<<<ID, <<<"ID": escapes and interpolation) or nowdoc (<<<'ID': raw text) whose
 * opening line `opening` matched: its value (null if not knowable) and the index just past its
 * closing identifier; null if it is never closed. The closing line's indentation is removed from
 * every line of the body, as PHP 7.3+ does.
 */
export function readHeredoc(src: string, opening: RegExpExecArray): { value: string | null; end: number } | null {
  const quote = opening[1] ?? '';
  const id = opening[2] ?? '';
  const bodyStart = opening.index + opening[0].length;
  const closing = new RegExp(`([ \\t]*)${id}(?![${IDENT_CHARS}])`, 'y');
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
      return { value: quote === "'" ? body : decodeDoubleQuoted(body, true), end: lineStart + close[0].length };
    }
    const nl = src.indexOf('\n', lineStart);
    if (nl < 0) return null;
    lineStart = nl + 1;
  }
}
