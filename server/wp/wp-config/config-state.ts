/**
 * What running the file has established so far: the constants defined, the value of
 * `$table_prefix`, and the definitions whose value could not be determined. Code runs in one of
 * two modes: `certain` (it surely runs, once) or `uncertain` (it may run, or run more than once,
 * e.g. in a loop or behind a condition we cannot evaluate). Only certain code gives a value;
 * uncertain code makes what it would set unknown.
 */

import type { WpConfigFile, WpConstantValue } from './types';
import { phpString, UNKNOWN, type Value } from './values';

export type Mode = 'certain' | 'uncertain';

/** Constants PHP defines before running the file. */
const PREDEFINED_CONSTANTS = new Map<string, WpConstantValue>([
  ['PHP_EOL', '\n'],
  ['DIRECTORY_SEPARATOR', '/'],
  ['PATH_SEPARATOR', ':'],
]);

export class ConfigState {
  /** Constants with a known value. */
  private readonly values = new Map<string, WpConstantValue>();
  /** Every constant a define may have reached, and whether it certainly did. */
  private readonly seen = new Map<string, Mode>();
  private readonly unsupported: WpConfigFile['unsupported'] = [];
  private prefix: { kind: 'unset' } | { kind: 'known'; v: WpConstantValue } | { kind: 'unknown' } = { kind: 'unset' };

  /** PHP's define(): the first definition wins, later ones are ignored (with a warning). */
  define(name: string, value: Value, line: number, mode: Mode): Value {
    const before = this.seen.get(name);
    if (before === 'certain') return mode === 'certain' ? false : UNKNOWN;
    if (mode === 'uncertain') {
      if (before === undefined) {
        this.seen.set(name, 'uncertain');
        this.unsupported.push({ name, line });
      }
      return UNKNOWN;
    }
    this.seen.set(name, 'certain');
    if (before === 'uncertain') return UNKNOWN; // already reported; which definition won is unknown
    if (value === UNKNOWN) this.unsupported.push({ name, line });
    else this.values.set(name, value);
    return true;
  }

  /** A define() whose constant name cannot be determined. */
  defineUnnamed(line: number): void {
    this.unsupported.push({ name: '?', line });
  }

  /** PHP's defined(). */
  isDefined(name: string): Value {
    const seen = this.seen.get(name);
    if (seen === 'certain' || PREDEFINED_CONSTANTS.has(name)) return true;
    return seen === 'uncertain' ? UNKNOWN : false;
  }

  /** A constant's value. */
  constant(name: string): Value {
    if (this.values.has(name)) return this.values.get(name) ?? null;
    return PREDEFINED_CONSTANTS.has(name) ? (PREDEFINED_CONSTANTS.get(name) ?? null) : UNKNOWN;
  }

  /** `$table_prefix`: null while unset. */
  tablePrefix(): Value {
    if (this.prefix.kind === 'known') return this.prefix.v;
    return this.prefix.kind === 'unset' ? null : UNKNOWN;
  }

  setTablePrefix(value: Value, line: number, mode: Mode): void {
    if (mode === 'certain' && value !== UNKNOWN) {
      this.prefix = { kind: 'known', v: value };
    } else {
      this.prefix = { kind: 'unknown' };
      this.unsupported.push({ name: '$table_prefix', line });
    }
  }

  /** What the file established, once it has run. */
  result(): WpConfigFile {
    const constants: Record<string, WpConstantValue> = {};
    for (const [name, value] of this.values) {
      // defineProperty, so that a constant named __proto__ is an ordinary property
      Object.defineProperty(constants, name, { value, enumerable: true, writable: true, configurable: true });
    }
    let tablePrefix: string | undefined;
    if (this.prefix.kind === 'known') {
      const s = phpString(this.prefix.v);
      tablePrefix = s === UNKNOWN ? undefined : s;
    }
    return { constants, tablePrefix, unsupported: this.unsupported };
  }
}
