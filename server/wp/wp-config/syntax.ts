/**
 * The syntax tree the parser builds: PHP statements and expressions, as far as config files use
 * them. Whatever the parser does not understand stays in the tree as a `scan` of its tokens, so
 * that the evaluator can still notice a `define` or a `$table_prefix` assignment in it.
 */

import type { WpConstantValue } from './types';

export type Expr =
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

export type Stmt =
  | { k: 'expr'; e: Expr }
  | { k: 'block'; body: Stmt[] }
  | { k: 'if'; arms: { c: Expr; body: Stmt[] }[]; els: Stmt[] | null }
  | { k: 'maybe'; body: Stmt[] } // runs zero or more times: loops, switch, catch
  | { k: 'const'; items: { name: string; e: Expr; line: number }[] }
  | { k: 'halt' }
  | { k: 'ns'; name: string };

/** An expression whose value is unknown and which has nothing inside it that runs. */
export const OPAQUE: Expr = { k: 'opaque', subs: [] };
