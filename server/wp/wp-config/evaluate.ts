/**
 * Evaluates expressions as PHP would, as far as their value can be known without PHP:
 * literals, constants, `$table_prefix`, environment lookups (`getenv`, `getenv_docker`,
 * `$_ENV`, `$_SERVER`), operators, casts, `??`, `?:` and `isset`/`empty`. Evaluating also runs
 * the expression's effects: `define()`, assignments to `$table_prefix` and the superglobals, and
 * `exit`. A branch that may not run is evaluated in uncertain mode, so what it sets is unknown.
 */

import type { ConfigState, Mode } from './config-state';
import { type Environment, isSuperglobal } from './environment';
import { isOpTok, type Tok } from './lexer';
import { bareName } from './names';
import { ASSIGN_OPS } from './operators';
import type { Expr } from './syntax';
import { binaryOperation, castTo, concat, phpString, truthy, UNKNOWN, unaryOperation, type Value } from './values';

/** Thrown when code that certainly runs stops the file (`exit`, `return`, `__halt_compiler`). */
export class Halt extends Error {}

export class Evaluator {
  constructor(
    private readonly toks: Tok[],
    private readonly state: ConfigState,
    private readonly env: Environment,
  ) {}

  eval(e: Expr, mode: Mode): Value {
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
        return this.state.constant(e.name);
      case 'var':
      case 'index':
        return this.read(e, mode);
      case 'call':
        return this.call(e, mode);
      case 'unary': {
        const v = this.eval(e.e, mode);
        return v === UNKNOWN ? UNKNOWN : unaryOperation(e.op, v);
      }
      case 'cast': {
        const v = this.eval(e.e, mode);
        return v === UNKNOWN ? UNKNOWN : castTo(e.to, v);
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
        let result: Value = true;
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

  /** Code that was not understood: any define or $table_prefix assignment in it is unknown. */
  private scan(from: number, to: number): void {
    for (let j = from; j < to; j++) {
      const t = this.toks[j];
      if (t === undefined) break;
      if (t.k === 'id' && bareName(t.v.toLowerCase()) === 'define' && isOpTok(this.toks[j + 1], '(')) {
        const name = this.toks[j + 2];
        if (name?.k === 'str' && name.v !== null && isOpTok(this.toks[j + 3], ',')) {
          this.state.define(name.v, UNKNOWN, t.line, 'uncertain');
        } else {
          this.state.defineUnnamed(t.line);
        }
      } else if (t.k === 'var' && t.v === 'table_prefix') {
        const op = this.toks[j + 1];
        if (op?.k === 'op' && ASSIGN_OPS.has(op.v)) this.state.setTablePrefix(UNKNOWN, t.line, 'uncertain');
      }
    }
  }

  /** Of all variables, only `$table_prefix` is tracked. */
  private readVar(name: string): Value {
    return name === 'table_prefix' ? this.state.tablePrefix() : UNKNOWN;
  }

  /** The value of a variable or array element, or null if unset ($_ENV['X'], $table_prefix). */
  private read(e: Expr, mode: Mode): Value {
    if (e.k === 'var') return this.readVar(e.name);
    if (e.k === 'index') {
      if (e.base.k !== 'var') this.eval(e.base, mode);
      const key = e.key ? this.eval(e.key, mode) : UNKNOWN;
      const base = e.base.k === 'var' ? e.base.name : '';
      if (isSuperglobal(base)) return this.env.read(base, key);
      if (base === 'GLOBALS' && key === 'table_prefix') return this.readVar('table_prefix');
      return UNKNOWN;
    }
    this.eval(e, mode);
    return UNKNOWN;
  }

  private binary(op: string, l: Expr, r: Expr, mode: Mode): Value {
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
    return binaryOperation(op, a, b);
  }

  private assign(e: Extract<Expr, { k: 'assign' }>, mode: Mode): Value {
    const value = this.eval(e.e, mode);
    const target = e.target;
    if (isTablePrefix(target)) return this.assignTablePrefix(e.op, value, e.line, mode);
    if (target.k === 'index' && target.base.k === 'var' && isSuperglobal(target.base.name)) {
      const key = target.key ? this.eval(target.key, mode) : UNKNOWN;
      this.env.write(target.base.name, key, e.op === '=' && mode === 'certain' ? value : UNKNOWN);
    }
    return e.op === '=' ? value : UNKNOWN;
  }

  /** `$table_prefix = ...`, `.=` or `??=`; other compound assignments make it unknown. */
  private assignTablePrefix(op: string, value: Value, line: number, mode: Mode): Value {
    let v: Value = UNKNOWN;
    const current = this.readVar('table_prefix');
    if (op === '=') v = value;
    else if (op === '.=' && current !== UNKNOWN && value !== UNKNOWN) v = concat(current, value);
    else if (op === '??=' && current !== UNKNOWN) {
      if (current !== null) return current;
      v = value;
    }
    this.state.setTablePrefix(v, line, mode);
    return v;
  }

  /** The functions config files use to define constants and read the environment. */
  private call(e: Extract<Expr, { k: 'call' }>, mode: Mode): Value {
    const args = e.args.map((arg) => this.eval(arg, mode));
    const first = args[0];
    const second = args.length > 1 ? (args[1] as Value) : UNKNOWN; // (a null argument is a value)
    const firstString = first === undefined || first === UNKNOWN ? UNKNOWN : phpString(first);
    switch (e.name) {
      case 'define':
        if (firstString === UNKNOWN) {
          this.state.defineUnnamed(e.line);
          return UNKNOWN;
        }
        return this.state.define(firstString, second, e.line, mode);
      case 'defined':
        return firstString === UNKNOWN ? UNKNOWN : this.state.isDefined(firstString);
      case 'constant':
        return firstString === UNKNOWN ? UNKNOWN : this.state.constant(firstString);
      case 'getenv':
        return firstString === UNKNOWN ? UNKNOWN : this.env.getenv(firstString);
      case 'getenv_docker':
        if (firstString === UNKNOWN || args.length < 2) return UNKNOWN;
        return this.env.getenvDocker(firstString, second, mode);
      default:
        return UNKNOWN;
    }
  }
}

/** `$table_prefix` or `$GLOBALS['table_prefix']`. */
function isTablePrefix(target: Expr): boolean {
  return (
    (target.k === 'var' && target.name === 'table_prefix') ||
    (target.k === 'index' &&
      target.base.k === 'var' &&
      target.base.name === 'GLOBALS' &&
      target.key?.k === 'lit' &&
      target.key.v === 'table_prefix')
  );
}
