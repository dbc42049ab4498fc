/**
 * Parses PHP expressions by precedence climbing. Only what can yield a config value becomes a
 * precise node (literals, constants, variables, calls, operators, casts, `isset`, `empty`,
 * `exit`); the rest (arrays, objects, closures, `match`, `include`) becomes an opaque node that
 * keeps just the sub-expressions that would run. Closure and anonymous-class bodies are skipped:
 * creating them runs none of their code.
 */

import { bareName } from './names';
import {
  ASSIGN_OPS,
  BINARY,
  CASTS,
  P_ASSIGN,
  P_NOT,
  P_TERNARY,
  P_UNARY,
  RIGHT_ASSOC,
  WORD_OPERATORS,
} from './operators';
import { type Expr, OPAQUE } from './syntax';
import { FAIL, TokenCursor } from './token-cursor';

export class ExpressionParser extends TokenCursor {
  /** An expression binding at least as tightly as `minPrec`. */
  protected expr(minPrec: number): Expr {
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
        left = this.ternaryRest(left);
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

  /** `c ? t : f` or `c ?: f`, past the `?`. */
  private ternaryRest(c: Expr): Expr {
    if (this.isOp(':')) {
      this.next();
      return { k: 'tern', c, t: null, f: this.expr(P_TERNARY + 1) };
    }
    const whenTrue = this.expr(P_ASSIGN);
    this.expectOp(':');
    return { k: 'tern', c, t: whenTrue, f: this.expr(P_TERNARY + 1) };
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
        if (t.v === '$') return this.variableVariable();
        throw FAIL;
      default:
        throw FAIL;
    }
  }

  /** `$$name` or `${expr}`, past the first `$`. */
  private variableVariable(): Expr {
    if (this.isOp('{')) {
      this.next();
      const e = this.expr(0);
      this.expectOp('}');
      return { k: 'opaque', subs: [e] };
    }
    return { k: 'opaque', subs: [this.primary()] };
  }

  /** What starts with a name: a keyword construct, a function call or a constant. */
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
        if (this.isKw('function') || this.isKw('fn')) {
          const kind = this.isKw('fn') ? 'fn' : 'function';
          this.next();
          return this.closure(kind);
        }
        break;
      case 'function':
      case 'fn':
        return this.closure(word);
      case 'match':
        if (this.isOp('(')) return this.match();
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

  /** `match (subject) { ... }`: the subject runs; which arm runs is not worked out. */
  private match(): Expr {
    this.next();
    const subject = this.expr(0);
    this.expectOp(')');
    if (!this.isOp('{')) throw FAIL;
    this.skipGroup();
    return { k: 'opaque', subs: [subject] };
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
  protected list(close: string): Expr[] {
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

  /** Indexing, member access, calls and ++/-- after `base`; then an assignment to the result. */
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
