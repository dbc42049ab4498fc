import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the tests that start a database cluster of their own (a three-node
 * MariaDB Galera cluster, server/testing/galera-cluster.ts). Apart from `npm test`, whose projects
 * (vite.config.ts) leave these files out: they need the galera-4 and rsync packages and take a
 * minute or two. CI runs them after the main suite (.ci/run) and counts them in its summary.
 */
export default defineConfig({
  // Kept beside the other scripts; the paths below are the project's.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'cluster',
    include: ['server/**/*.cluster.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // One cluster at a time: each is three database servers.
    fileParallelism: false,
    reporters: process.env.CI_SUMMARY
      ? ['default', ['json', { outputFile: 'test-results/vitest-cluster.json' }]]
      : ['default'],
  },
});
