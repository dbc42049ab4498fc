/**
 * What reading a wp-config.php yields, the options for reading it, and the error it raises.
 * These are public (re-exported by `../wp-config-file.ts`) and shared by every stage of the reader.
 */

/** A PHP scalar as a constant can hold it: string, int or float, bool or null. */
export type WpConstantValue = string | number | boolean | null;

export interface WpConfigFile {
  /** Constants whose value is certain, as PHP would hold them after running the file. */
  constants: Record<string, WpConstantValue>;
  /** `$table_prefix` as a string, or undefined when never assigned or not evaluable. */
  tablePrefix: string | undefined;
  /**
   * Constants (first definitions only) and `$table_prefix` assignments (name `$table_prefix`)
   * whose value could not be determined, with the line they are on. A `define` whose constant
   * name cannot be determined is listed with the name `?`.
   */
  unsupported: { name: string; line: number }[];
}

export interface ParseWpConfigOptions {
  /** The environment PHP would see (getenv, $_ENV, $_SERVER). Defaults to an empty one. */
  env?: Record<string, string | undefined>;
  /** Reads the file named by a `*_FILE` variable for `getenv_docker()`. Defaults to fs. */
  readFile?: (path: string) => string;
}

/** A wp-config.php that cannot be read, or whose settings WordPress could not use. */
export class WpConfigError extends Error {
  override readonly name = 'WpConfigError';
}
