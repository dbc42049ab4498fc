import path from 'node:path';
import { build } from 'vite';
import { PROJECT_ROOT } from '../../server/core/config';

/**
 * Before the browser tier: a production build of the client, so the pages under test load exactly
 * what visitors get (one chunk per island, the real bundle sizes).
 */
export default async function buildClient(): Promise<void> {
  // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(PROJECT_ROOT, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
