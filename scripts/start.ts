import { existsSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../server/core/config';

/**
 * `npm start`: builds the client when it has not been built yet (a fresh clone), then starts the
 * server. One command from clone to a running site.
 */
// Express and React run their production paths (no dev-only checks, cached views) unless told otherwise.
process.env.NODE_ENV ??= 'production';

const manifest = path.join(PROJECT_ROOT, 'dist', 'client', '.vite', 'manifest.json');
if (!existsSync(manifest)) {
  process.stdout.write('Building the client (first start)…\n');
  const { build } = await import('vite');
  await build({ configFile: path.join(PROJECT_ROOT, 'vite.config.ts'), logLevel: 'warn' });
}
await import('../server/main');
