// Whether the built site (dist/client, dist/server) is there and newer than what it was built from.
// Plain JavaScript with nothing but node:fs, so `npm start` can ask without loading a TypeScript
// loader, Vite or esbuild when the build is fresh: a few hundred stat calls, a few milliseconds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
/**
 * The server bundle. It sits two folders below the root, as server/core/config.ts does, so that
 * file's PROJECT_ROOT (import.meta.dirname/../..) is the root in the bundle too.
 */
export const SERVER_BUNDLE = path.join(ROOT, 'dist', 'server', 'main.js');
/** The sources the bundle was made of (esbuild's metafile), relative to the root. */
export const SERVER_INPUTS = path.join(ROOT, 'dist', 'server', 'inputs.json');
export const CLIENT_MANIFEST = path.join(ROOT, 'dist', 'client', '.vite', 'manifest.json');

/** What the client build reads besides client/: its configuration and the installed packages it bundles. */
const CLIENT_CONFIG = ['vite.config.ts', 'scripts/bundle-budgets.ts', 'package-lock.json'];
/** Under client/, what the build never reads: tests and their helpers. */
const NOT_CLIENT_SOURCE = /(\.test\.tsx?$)|(^client\/(e2e|testing)\/)/;

/**
 * @param {string} [root] the checkout (another one in tests)
 * @returns {('client' | 'server')[]} the parts to build: missing, or older than a source.
 */
export function staleParts(root = ROOT) {
  /** @type {('client' | 'server')[]} */
  const parts = [];
  if (!clientIsFresh(root)) parts.push('client');
  if (!serverIsFresh(root)) parts.push('server');
  return parts;
}

/** @param {string} file */
function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Every source the last build read is still there and none changed since (a new one is imported by a changed one). */
/** @param {string} root */
function serverIsFresh(root) {
  const built = mtimeOf(inRoot(root, SERVER_BUNDLE));
  if (built === undefined) return false;
  /** @type {string[]} */
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inRoot(root, SERVER_INPUTS), 'utf8'));
  } catch {
    return false;
  }
  return inputs.every((file) => {
    const changed = mtimeOf(path.join(root, file));
    return changed !== undefined && changed <= built;
  });
}

/** Vite names no inputs afterwards, so every file of client/ counts (but tests). */
/** @param {string} root */
function clientIsFresh(root) {
  const built = mtimeOf(inRoot(root, CLIENT_MANIFEST));
  if (built === undefined) return false;
  const sources = readdirSync(path.join(root, 'client'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !NOT_CLIENT_SOURCE.test(file));
  return [...sources, ...CLIENT_CONFIG].every((file) => (mtimeOf(path.join(root, file)) ?? 0) <= built);
}

/** @param {string} root @param {string} file one of the paths above, moved to `root` */
function inRoot(root, file) {
  return path.join(root, path.relative(ROOT, file));
}
