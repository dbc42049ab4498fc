/**
 * Parses the statements of a config file into a tree that records which code certainly runs:
 * `if` keeps its arms and conditions; loops, `switch` and `catch` become `maybe` blocks (they run
 * zero or more times); `return`, `exit` and `__halt_compiler` stop the file. Function and class
 * declarations are skipped, since declaring runs none of their code. A statement that does not
 * parse is kept as a scan of its tokens, up to the `;` that ends it.
 */

import { isKwTok, isOpTok, type Tok } from './lexer';
import { bareName } from './names';
import { ExpressionParser } from './parse-expressions';
import type { Expr, Stmt } from './syntax';
import { FAIL, isCloseBracket, isOpenBracket, ParseFail } from './token-cursor';

/** Keywords that continue or close a construct; met on their own, they are skipped. */
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

/** The statements of a whole file. */
export function parseProgram(toks: Tok[]): Stmt[] {
  return new StatementParser(toks).program();
}

class StatementParser extends ExpressionParser {
  program(): Stmt[] {
    return this.statements(() => false);
  }

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
      if (isOpenBracket(t)) depth++;
      else if (isCloseBracket(t)) {
        if (depth === 0 && t.v === '}') break;
        if (depth > 0) depth--;
      } else if (isOpTok(t, ';') && depth === 0) {
        this.next();
        break;
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
    if (isOpTok(t, ';')) {
      this.next();
      return null;
    }
    if (isOpTok(t, '{')) return { k: 'block', body: this.block() };
    if (t.k === 'id') {
      const word = t.v.toLowerCase();
      switch (word) {
        case 'if':
          return this.ifStatement();
        case 'while':
        case 'for':
        case 'foreach':
          return this.loop(word);
        case 'switch':
          return this.switchStatement();
        case 'do':
          return this.doWhile();
        case 'declare':
          return this.declare();
        case 'try':
          return this.tryStatement();
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
          if (this.peek(1).k === 'id' || this.isOp('{', 1)) return this.namespace();
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
            this.skipSwitchLabel();
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

  /** `while`, `for` and `foreach`: the header and body may run, any number of times. */
  private loop(word: string): Stmt {
    this.next();
    const header = this.parenExpr();
    return { k: 'maybe', body: [{ k: 'expr', e: header }, ...this.body(`end${word}`)] };
  }

  /** `switch`: which cases run is not worked out, so all of them may. */
  private switchStatement(): Stmt {
    this.next();
    const header: Stmt = { k: 'expr', e: this.parenExpr() };
    if (this.isOp(':')) return { k: 'maybe', body: [header, ...this.body('endswitch')] };
    return { k: 'maybe', body: [header, ...this.block()] };
  }

  /** A `case ...:` or `default:` label: its expression and the ':' are skipped. */
  private skipSwitchLabel(): void {
    this.next();
    while (!this.isOp(':') && !this.isOp(';')) {
      if (this.atEof()) throw FAIL;
      if (isOpenBracket(this.peek())) this.skipGroup();
      else this.next();
    }
    this.next();
  }

  private doWhile(): Stmt {
    this.next();
    const body = this.single();
    this.expectKw('while');
    const condition = this.parenExpr();
    this.endStatement();
    return { k: 'maybe', body: [...body, { k: 'expr', e: condition }] };
  }

  /** `declare(...)`: the directives are skipped; a body, if any, runs. */
  private declare(): Stmt | null {
    this.next();
    this.skipGroup();
    if (this.isOp(';')) {
      this.next();
      return null;
    }
    return { k: 'block', body: this.body('enddeclare') };
  }

  /** `try`: the body and `finally` run; the `catch` blocks may. */
  private tryStatement(): Stmt {
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

  /** `namespace X;` or `namespace X { ... }` (or a global `namespace { ... }`). */
  private namespace(): Stmt {
    this.next();
    let name = '';
    const t = this.peek();
    if (t.k === 'id') {
      this.next();
      name = bareName(t.v);
    }
    if (this.isOp('{')) {
      const body = this.block();
      return { k: 'block', body: [{ k: 'ns', name }, ...body, { k: 'ns', name: '' }] };
    }
    this.endStatement();
    return { k: 'ns', name };
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
}
