import path from 'node:path';
import { build } from 'vite';
import { PROJECT_ROOT } from '../../server/config';

/**
 * Before the browser tier: a production build of the client, so the pages under test load exactly
 * what visitors get (one chunk per island, the real bundle sizes).
 */
export default async function buildClient(): Promise<void> {
  await build({ configFile: path.join(PROJECT_ROOT, 'vite.config.ts'), logLevel: 'warn' });
}
