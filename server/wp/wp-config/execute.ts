/**
 * Runs the parsed statements, following the control flow it can decide: an `if` whose condition
 * is known runs only the arm PHP would run; once a condition is unknown, that arm and every later
 * one may or may not run. Loops and the like (`maybe` blocks) run in uncertain mode. Code that
 * certainly stops the file ends the run.
 */

import { ConfigState, type Mode } from './config-state';
import type { Environment } from './environment';
import { Evaluator, Halt } from './evaluate';
import type { Tok } from './lexer';
import type { Stmt } from './syntax';
import type { WpConfigFile } from './types';
import { truthy, UNKNOWN } from './values';

/** What running `program` (parsed from `toks`) in `env` establishes. */
export function execute(program: Stmt[], toks: Tok[], env: Environment): WpConfigFile {
  const state = new ConfigState();
  try {
    new StatementRunner(new Evaluator(toks, state, env), state).exec(program, 'certain');
  } catch (err) {
    if (!(err instanceof Halt)) throw err;
  }
  return state.result();
}

class StatementRunner {
  /** The current namespace, which `const` declarations are in. */
  private namespace = '';

  constructor(
    private readonly evaluator: Evaluator,
    private readonly state: ConfigState,
  ) {}

  exec(stmts: Stmt[], mode: Mode): void {
    for (const s of stmts) this.stmt(s, mode);
  }

  private stmt(s: Stmt, mode: Mode): void {
    switch (s.k) {
      case 'expr':
        this.evaluator.eval(s.e, mode);
        return;
      case 'block':
        this.exec(s.body, mode);
        return;
      case 'maybe':
        this.exec(s.body, 'uncertain');
        return;
      case 'if':
        this.ifStatement(s, mode);
        return;
      case 'const':
        for (const item of s.items) {
          const name = this.namespace === '' ? item.name : `${this.namespace}\\${item.name}`;
          this.state.define(name, this.evaluator.eval(item.e, mode), item.line, mode);
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

  private ifStatement(s: Extract<Stmt, { k: 'if' }>, mode: Mode): void {
    let m = mode;
    for (const arm of s.arms) {
      const c = this.evaluator.eval(arm.c, m);
      if (c === UNKNOWN) {
        this.exec(arm.body, 'uncertain');
        m = 'uncertain';
      } else if (truthy(c)) {
        this.exec(arm.body, m);
        return;
      }
    }
    if (s.els) this.exec(s.els, m);
  }
}
