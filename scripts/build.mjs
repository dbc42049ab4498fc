// `npm run build`: the client (Vite, dist/client) and the server (one ESM bundle, dist/server/main.js).
// `node scripts/build.mjs client` (or `server`): that part only. `--if-stale`: only the parts missing
// or older than their sources (what `npm start` runs).
// Plain JavaScript, so it runs on Node alone, like the bundle it makes.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, SERVER_BUNDLE, SERVER_INPUTS, staleParts } from './build-state.mjs';

const LOCK = path.join(ROOT, 'dist', '.build-lock');
const LOCK_WAIT_MS = 10 * 60_000;

/**
 * server/main.ts and everything it imports (server/, migrations/, the client modules the pages
 * share), in one file; packages stay imports of node_modules. Written beside, then renamed, so a
 * process starting meanwhile reads the old bundle or the new one, never half of one.
 */
async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(ROOT, 'server', 'main.ts')],
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // No comments: some have characters beyond Latin-1, which would make V8 keep the whole source
    // two bytes a character (2.3 MB instead of 1 MB, in every process). Names are kept; the map
    // beside the bundle gives .ts lines (`npm start -- --enable-source-maps`, or offline).
    minifyWhitespace: true,
    sourcemap: 'linked',
    outfile: SERVER_BUNDLE,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
  // Also rebuilt when the build's own settings change.
  const inputs = [...Object.keys(result.metafile.inputs), 'tsconfig.json', 'scripts/build.mjs'];
  writeAtomically(SERVER_INPUTS, `${JSON.stringify(inputs, null, 1)}\n`);
}

/** @param {string} file @param {string | Uint8Array} contents */
function writeAtomically(file, contents) {
  writeFileSync(`${file}.${process.pid}.tmp`, contents);
  renameSync(`${file}.${process.pid}.tmp`, file);
}

async function buildClient() {
  // React's production build goes into the bundles whatever the shell says (vitest sets NODE_ENV=test).
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
}

/**
 * One build at a time on a checkout (two `npm start`s, tests starting sites side by side): the
 * others wait, then build only what is still stale. A lock left by a killed build is taken over.
 */
async function withBuildLock(work) {
  mkdirSync(path.dirname(LOCK), { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      if (!lockHolderAlive()) rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`another build holds ${LOCK}`);
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function lockHolderAlive() {
  let pid;
  try {
    pid = Number(readFileSync(path.join(LOCK, 'pid'), 'utf8'));
  } catch {
    // Taken a moment ago, its pid not written yet (or its holder died right then).
    try {
      return Date.now() - statSync(LOCK).mtimeMs < 10_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

const ifStale = process.argv.includes('--if-stale');
const named = process.argv.slice(2).filter((arg) => arg === 'client' || arg === 'server');
const asked = named.length ? named : ['client', 'server'];
await withBuildLock(async () => {
  const parts = ifStale ? staleParts().filter((part) => asked.includes(part)) : asked;
  if (ifStale && parts.length)
    process.stdout.write(`Building the ${parts.join(' and the ')} (new or changed sources)…\n`);
  if (parts.includes('client')) await buildClient();
  if (parts.includes('server')) await buildServer();
});
