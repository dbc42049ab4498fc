/**
 * PHP's request-variable decoding: what `$_POST` / `$_GET` hold for a given
 * `application/x-www-form-urlencoded` body or query string, and for the non-file fields of a
 * `multipart/form-data` body.
 *
 * A port of PHP 8.3's `php_default_treat_data` (splitting and url-decoding) and
 * `php_register_variable_ex` (variable-name mangling, `[...]` indexes, `max_input_vars`,
 * `max_input_nesting_level`, the `__Host-` / `__Secure-` mangling guard), including the hash-table
 * rules that matter: canonical decimal-integer keys are int keys, `[]` appends at
 * "largest int key ever inserted + 1" (0 when there is none), and overwriting a key keeps its
 * position. This is deliberately not `qs`: `a.b=1` is `a_b`, `a[b=1` is `a_b`, `a[b]c=1` is
 * `a[b]`, `a[01]` is the string key `01`, and nesting past the limit drops the whole variable.
 *
 * Output shape: a PHP array whose keys are exactly 0..n-1 in insertion order becomes a JS array;
 * every other PHP array is an `Object.create(null)` object (so `__proto__`, `constructor` … are
 * plain own keys and prototype pollution is impossible). The top level is always such an object.
 * Int keys become their decimal string; JS enumerates integer-like keys first, ascending, so an
 * object's key order can differ from PHP's.
 */

export type PhpInput = string | PhpInput[] | { [key: string]: PhpInput };

export interface PhpQueryLimits {
  /** PHP's `max_input_vars` (default 1000): pairs after this many are ignored. */
  maxInputVars?: number;
  /** PHP's `max_input_nesting_level` (default 64): deeper variables are dropped, with their top-level name. */
  maxNestingLevel?: number;
}

const DEFAULT_MAX_INPUT_VARS = 1000;
const DEFAULT_MAX_NESTING_LEVEL = 64;

const ZEND_LONG_MAX = 9223372036854775807n;
const ZEND_LONG_MIN = -9223372036854775808n;
const ZEND_LONG_MAX_KEY = ZEND_LONG_MAX.toString();

/** A PHP array while it is being built: an ordered hash plus `nNextFreeElement`. */
class PhpArray {
  readonly entries = new Map<string, PhpArray | string>();
  /** Next `[]` index; `null` while no int key was ever inserted (PHP's ZEND_LONG_MIN sentinel). */
  nextFree: bigint | null = null;
}

/** `ZEND_HANDLE_NUMERIC_STR`: `0`, `12`, `-3` are int keys; `012`, `-0`, `1.0`, ` 1`, overflow are not. */
function intKey(key: string): bigint | null {
  if (!/^(?:0|-?[1-9][0-9]{0,19})$/.test(key)) return null;
  const n = BigInt(key);
  return n > ZEND_LONG_MAX || n < ZEND_LONG_MIN ? null : n;
}

/** `zend_symtable_update`: keeps the position of an existing key. */
function setKey(arr: PhpArray, key: string, value: PhpArray | string): void {
  const n = intKey(key);
  if (n !== null && (arr.nextFree === null || n >= arr.nextFree)) {
    arr.nextFree = n < ZEND_LONG_MAX ? n + 1n : ZEND_LONG_MAX;
  }
  arr.entries.set(key, value);
}

/** `zend_hash_next_index_insert`; false when PHP's insert fails (the key ZEND_LONG_MAX is taken). */
function appendValue(arr: PhpArray, value: PhpArray | string): boolean {
  const n = arr.nextFree ?? 0n;
  if (n === ZEND_LONG_MAX && arr.entries.has(ZEND_LONG_MAX_KEY)) return false;
  setKey(arr, n.toString(), value);
  return true;
}

/** `php_is_forbidden_variable_name`: mangling must not manufacture a `__Host-` / `__Secure-` name. */
function isForbiddenName(mangled: string, preMangled: string): boolean {
  return (
    (mangled.startsWith('__Host-') && !preMangled.startsWith('__Host-')) ||
    (mangled.startsWith('__Secure-') && !preMangled.startsWith('__Secure-'))
  );
}

/** C `isspace` in the "C" locale. */
function isCSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';
}

/** `php_register_variable_ex` into `root`. */
function registerVariable(root: PhpArray, rawName: string, value: string, maxNestingLevel: number): void {
  // The name is a C string in PHP: a NUL (from %00) ends it.
  const nul = rawName.indexOf('\0');
  let varName = nul === -1 ? rawName : rawName.slice(0, nul);
  // Leading spaces are ignored.
  let start = 0;
  while (varName[start] === ' ') start++;
  varName = varName.slice(start);

  // The base name runs to the first '['; ' ' and '.' in it become '_'.
  const firstBracket = varName.indexOf('[');
  const base = (firstBracket === -1 ? varName : varName.slice(0, firstBracket)).replace(/[ .]/g, '_');
  if (base === '') return;

  let symtable = root;
  /** The key the value (or the next level) goes under; `null` appends. */
  let index: string | null = base;

  if (firstBracket !== -1) {
    let ip = firstBracket; // at a '['
    let nestLevel = 0;
    for (;;) {
      if (++nestLevel > maxNestingLevel) {
        // PHP drops the whole top-level variable, including what earlier pairs put there.
        root.entries.delete(base);
        return;
      }
      const indexStart = ip + 1;
      let p = indexStart;
      if (isCSpace(varName[p])) p++;
      let newIndex: string | null;
      if (varName[p] === ']') {
        newIndex = null; // `[]` (or `[ ]`): append
        ip = p;
      } else {
        const close = varName.indexOf(']', p);
        if (close === -1) {
          // Not an index: at the first level the '[' and the rest become part of the name
          // (`a[b.c` → `a_b_c`); deeper, the rest is dropped (`a[b][c` → `a[b]`).
          if (nestLevel === 1) index = `${base}_${varName.slice(indexStart).replace(/[ .[]/g, '_')}`;
          break;
        }
        newIndex = varName.slice(indexStart, close);
        ip = close;
      }

      if (index === null) {
        const child = new PhpArray();
        if (!appendValue(symtable, child)) return;
        symtable = child;
      } else {
        if (isForbiddenName(index, varName)) return;
        const existing = symtable.entries.get(index);
        if (existing instanceof PhpArray) {
          symtable = existing;
        } else {
          // Missing, or a scalar that an array write replaces in place.
          const child = new PhpArray();
          setKey(symtable, index, child);
          symtable = child;
        }
      }
      index = newIndex;

      ip++; // past the ']'
      if (varName[ip] !== '[') break; // anything else after a ']' is ignored
    }
  }

  if (index === null) {
    appendValue(symtable, value);
  } else {
    if (isForbiddenName(index, varName)) return;
    setKey(symtable, index, value);
  }
}

function toPhpInput(node: PhpArray | string): PhpInput {
  if (typeof node === 'string') return node;
  let isList = true;
  let i = 0;
  for (const key of node.entries.keys()) {
    if (key !== String(i++)) {
      isList = false;
      break;
    }
  }
  if (isList) return Array.from(node.entries.values(), toPhpInput);
  return toObject(node);
}

function toObject(arr: PhpArray): { [key: string]: PhpInput } {
  const out = Object.create(null) as { [key: string]: PhpInput };
  for (const [key, value] of arr.entries) out[key] = toPhpInput(value);
  return out;
}

/**
 * Registers already-decoded (name, value) pairs the way PHP fills `$_POST`; multipart fields go
 * through here. Every pair counts towards `maxInputVars`, registered or not.
 */
export function parsePhpQueryEntries(
  entries: Iterable<readonly [string, string]>,
  limits: PhpQueryLimits = {},
): { [key: string]: PhpInput } {
  const maxInputVars = limits.maxInputVars ?? DEFAULT_MAX_INPUT_VARS;
  const maxNestingLevel = limits.maxNestingLevel ?? DEFAULT_MAX_NESTING_LEVEL;
  const root = new PhpArray();
  let count = 0;
  for (const [name, value] of entries) {
    if (++count > maxInputVars) break;
    registerVariable(root, name, value, maxNestingLevel);
  }
  return toObject(root);
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/**
 * PHP `urldecode`: `+` is a space, `%XX` a byte, a `%` not followed by two hex digits stays as is.
 * The bytes are read as UTF-8 (invalid sequences become U+FFFD).
 */
function phpUrlDecode(text: string): string {
  if (!text.includes('%')) return text.includes('+') ? text.replaceAll('+', ' ') : text;
  const src = Buffer.from(text, 'utf8');
  const out = Buffer.allocUnsafe(src.length);
  let o = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === 0x2b) {
      out[o++] = 0x20;
    } else if (c === 0x25 && i + 2 < src.length) {
      const hi = hexValue(src[i + 1]!);
      const lo = hexValue(src[i + 2]!);
      if (hi >= 0 && lo >= 0) {
        out[o++] = hi * 16 + lo;
        i += 2;
      } else {
        out[o++] = c;
      }
    } else {
      out[o++] = c;
    }
  }
  return out.toString('utf8', 0, o);
}

function* decodePairs(body: string): Generator<[string, string]> {
  for (const piece of body.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    if (eq === -1) yield [phpUrlDecode(piece), ''];
    else yield [phpUrlDecode(piece.slice(0, eq)), phpUrlDecode(piece.slice(eq + 1))];
  }
}

/**
 * Decodes a query string or an `application/x-www-form-urlencoded` body into what PHP puts in
 * `$_GET` / `$_POST`: pairs split on `&` (empty pieces skipped, not counted), each split at its
 * first `=`, both halves `urldecode`d, then registered like `parsePhpQueryEntries`.
 */
export function parsePhpQuery(body: string, limits: PhpQueryLimits = {}): { [key: string]: PhpInput } {
  return parsePhpQueryEntries(decodePairs(body), limits);
}

/** One file part, as in a `$_FILES` entry (without `tmp_name`: the bytes are in `data`). */
export interface UploadedFile {
  /** Client file name without its path; `''` when no file was chosen. */
  name: string;
  /** The part's media type; `''` when `error` is not 0. */
  type: string;
  size: number;
  data: Buffer;
  /** UPLOAD_ERR_*: 0 ok, 1 over `maxFileBytes`, 2 over the form's MAX_FILE_SIZE, 3 partial, 4 no file. */
  error: 0 | 1 | 2 | 3 | 4;
}

export type PhpFilesEntry = UploadedFile | UploadedFile[];
