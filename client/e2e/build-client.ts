import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../../server/core/config';

/**
 * Before the browser tier: a production build of the client, so the pages under test load exactly
 * what visitors get (one chunk per island, the real bundle sizes). Through `npm run build`'s script,
 * which takes the build lock: a `npm start` of another tier building at the same time waits for it.
 */
export default function buildClient(): void {
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, 'scripts', 'build.mjs'), 'client'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
}
