/**
 * Reads a WordPress `wp-config.php` the way PHP would run it, without running PHP: a small PHP
 * lexer, a statement/expression parser for the subset config files use, and an evaluator that
 * knows which code certainly runs. Whatever it cannot evaluate is skipped; a `define` or a
 * `$table_prefix` assignment it cannot evaluate is reported in `unsupported`, never guessed.
 * `wpSiteSettings()` then turns the result into the settings this app needs.
 *
 * The stages live in `./wp-config/`: lexer → parse-statements (with parse-expressions) →
 * execute (with evaluate) → settings.
 */

import { readFileSync } from 'node:fs';
import { Environment } from './wp-config/environment';
import { execute } from './wp-config/execute';
import { tokenize } from './wp-config/lexer';
import { parseProgram } from './wp-config/parse-statements';
import { type ParseWpConfigOptions, WpConfigError, type WpConfigFile } from './wp-config/types';

export { WP_SECRET_NAMES, type WpSecretName, type WpSiteSettings, wpSiteSettings } from './wp-config/settings';
export { type ParseWpConfigOptions, WpConfigError, type WpConfigFile, type WpConstantValue } from './wp-config/types';

/** Reads wp-config.php source as PHP would run it, without running PHP. */
export function parseWpConfig(source: string, opts?: ParseWpConfigOptions): WpConfigFile {
  const { toks, sawOpenTag } = tokenize(source);
  if (!sawOpenTag) throw new WpConfigError('wp-config.php has no "<?php" opening tag, so PHP would run none of it');
  const program = parseProgram(toks);
  const readFile = opts?.readFile ?? ((path: string) => readFileSync(path, 'utf8'));
  return execute(program, toks, new Environment(opts?.env ?? {}, readFile));
}
