/**
 * The outside world as the config file sees it: `getenv()`, the `$_ENV` and `$_SERVER`
 * superglobals (environment variables, plus whatever the file assigns to them), and the secret
 * files that the official Docker image's `getenv_docker()` reads. `$_SERVER` keys a web server
 * fills in per request cannot be known from the environment, so they read as unknown.
 */

import type { Mode } from './config-state';
import { WpConfigError } from './types';
import { phpString, truthy, UNKNOWN, type Value } from './values';

export type Superglobal = '_ENV' | '_SERVER';

export const isSuperglobal = (name: string): name is Superglobal => name === '_ENV' || name === '_SERVER';

/** $_SERVER keys the web server fills in per request; unknowable from the environment. */
const REQUEST_SERVER_KEYS =
  /^(?:HTTP_|REQUEST_|SERVER_|REMOTE_|SCRIPT_|PHP_|REDIRECT_|CONTENT_|PATH_|ORIG_|CONTEXT_)|^(?:HTTPS|QUERY_STRING|DOCUMENT_ROOT|GATEWAY_INTERFACE|AUTH_TYPE|UNIQUE_ID|FCGI_ROLE|argv|argc)$/;

export class Environment {
  /** Per superglobal: the keys the file assigned, and whether it assigned to a key we cannot know. */
  private readonly superglobals = {
    _ENV: { overrides: new Map<string, Value>(), clobbered: false },
    _SERVER: { overrides: new Map<string, Value>(), clobbered: false },
  };

  constructor(
    private readonly env: Record<string, string | undefined>,
    private readonly readFile: (path: string) => string,
  ) {}

  /** PHP's getenv(): the variable's value, or false when it is not set. */
  getenv(name: string): string | false {
    const v = Object.hasOwn(this.env, name) ? this.env[name] : undefined;
    return v === undefined ? false : v;
  }

  /** `$_ENV[key]` or `$_SERVER[key]`; null when not set. */
  read(which: Superglobal, key: Value): Value {
    const sg = this.superglobals[which];
    if (key === UNKNOWN || sg.clobbered) return UNKNOWN;
    const k = phpString(key);
    if (k === UNKNOWN) return UNKNOWN;
    if (sg.overrides.has(k)) return sg.overrides.get(k) ?? null;
    const v = this.getenv(k);
    if (v !== false) return v;
    return which === '_SERVER' && REQUEST_SERVER_KEYS.test(k) ? UNKNOWN : null;
  }

  /** An assignment to `$_ENV[key]` or `$_SERVER[key]`; an unknown key makes every key unknown. */
  write(which: Superglobal, key: Value, value: Value): void {
    const sg = this.superglobals[which];
    const k = key === UNKNOWN ? UNKNOWN : phpString(key);
    if (k === UNKNOWN) sg.clobbered = true;
    else sg.overrides.set(k, value);
  }

  /** The official image's helper: the file named by X_FILE, else env X, else the default. */
  getenvDocker(name: string, fallback: Value, mode: Mode): Value {
    const file = this.getenv(`${name}_FILE`);
    if (file !== false && truthy(file)) {
      try {
        return this.readFile(file).replace(/[\r\n]+$/, ''); // rtrim( ..., "\r\n" )
      } catch (err) {
        if (mode === 'uncertain') return UNKNOWN;
        const reason = err instanceof Error ? err.message : String(err);
        throw new WpConfigError(`wp-config.php: ${name}_FILE names ${file}, which cannot be read: ${reason}`, {
          cause: err,
        });
      }
    }
    const value = this.getenv(name);
    return value === false ? fallback : value;
  }
}
