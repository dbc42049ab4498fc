/**
 * The parser's position in the token list, with the small moves both the expression and the
 * statement parser make: look ahead, consume, expect, and skip a bracketed group or a
 * declaration body without reading it. A parse that cannot go on throws `FAIL`; the statement
 * parser catches it and keeps the statement as tokens to scan.
 */

import { isKwTok, isOpTok, type Tok } from './lexer';

export class ParseFail extends Error {}
export const FAIL = new ParseFail('not understood');

const OPEN_BRACKETS = new Set(['(', '[', '{']);
const CLOSE_BRACKETS = new Set([')', ']', '}']);

export const isOpenBracket = (t: Tok): boolean => t.k === 'op' && OPEN_BRACKETS.has(t.v);
export const isCloseBracket = (t: Tok): boolean => t.k === 'op' && CLOSE_BRACKETS.has(t.v);

export class TokenCursor {
  /** Index of the current token; never past the final `eof` token. */
  protected i = 0;

  constructor(protected readonly toks: Tok[]) {}

  protected peek(offset = 0): Tok {
    return this.toks[Math.min(this.i + offset, this.toks.length - 1)] as Tok;
  }

  protected next(): Tok {
    const t = this.peek();
    if (this.i < this.toks.length - 1) this.i++;
    return t;
  }

  protected isOp(v: string, offset = 0): boolean {
    return isOpTok(this.peek(offset), v);
  }

  protected isKw(w: string, offset = 0): boolean {
    return isKwTok(this.peek(offset), w);
  }

  protected expectOp(v: string): void {
    if (!this.isOp(v)) throw FAIL;
    this.next();
  }

  protected expectKw(w: string): void {
    if (!this.isKw(w)) throw FAIL;
    this.next();
  }

  protected atEof(): boolean {
    return this.peek().k === 'eof';
  }

  /** A `;`, or the end of the file, which also ends a statement. */
  protected endStatement(): void {
    if (this.isOp(';')) this.next();
    else if (!this.atEof()) throw FAIL;
  }

  /** Consumes a bracketed group starting at the current opening bracket. */
  protected skipGroup(): void {
    if (!isOpenBracket(this.peek())) throw FAIL;
    let depth = 0;
    do {
      const t = this.next();
      if (t.k === 'eof') throw FAIL;
      if (isOpenBracket(t)) depth++;
      else if (isCloseBracket(t)) depth--;
    } while (depth > 0);
  }

  /** Skips a declaration header up to its `{`, then the braced body. */
  protected skipDeclaration(): void {
    while (!this.isOp('{')) {
      if (this.atEof() || this.isOp(';')) throw FAIL;
      if (this.isOp('(')) this.skipGroup();
      else this.next();
    }
    this.skipGroup();
  }
}
