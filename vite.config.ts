import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { budgetReport } from './scripts/bundle-budgets.ts';

// One file for the client build and the three test tiers (STYLE.md §2.10).
// The integration tier runs twice: on MariaDB and on the embedded SQLite default.
const integration = (engine: 'mariadb' | 'sqlite') => ({
  extends: true as const,
  test: {
    name: `int-${engine}`,
    include: ['server/**/*.int.test.ts', 'scripts/**/*.int.test.ts', 'migrations/**/*.int.test.ts'],
    env: { TEST_DB_ENGINE: engine },
    globalSetup: ['server/testing/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

/**
 * The islands are written against React's API (react-hook-form needs it), but the browser gets
 * Preact's runtime through preact/compat, as Fresh does: react-dom alone would take most of a tour
 * page's 80 KB budget. Only the client build is aliased; the server keeps rendering pages with
 * react-dom/server, and the tests run what the server runs.
 */
const PREACT_ALIASES = [
  { find: /^react$/, replacement: path.resolve('client/react-on-preact.js') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
];

export default defineConfig(({ command }) => ({
  root: '.',
  // Served by server/app.ts under this prefix, which WordPress itself never uses.
  base: '/dropin-assets/',
  resolve: { alias: command === 'build' ? PREACT_ALIASES : [] },
  // Prints each page's gzipped weight after a build, and fails the build over budget.
  plugins: [budgetReport(path.resolve('dist/client'))],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    rollupOptions: {
      input: { main: 'client/main.ts' },
      output: {
        // The small modules of client/lib and client/common that three islands or more share, with
        // what they import (Preact, zod), in one chunk: a page fetches one file for them instead of
        // a dozen of a few hundred bytes, each with its own request and its own gzip dictionary
        // (the tour and payment pages' budgets, scripts/bundle-budgets.ts: about 3 KB less each).
        codeSplitting: {
          groups: [{ name: 'common', test: /client\/(lib|common)\//, maxModuleSize: 2500, minShareCount: 3 }],
        },
      },
    },
  },
  test: {
    // The browser tier has its first tests with the pages issue; an empty tier is not a failure.
    passWithNoTests: true,
    // Most test time is spent waiting on MariaDB, Chromium and child servers, so two files at once
    // finish sooner even on two cores (Vitest's default would be one worker there).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: process.env.CI_SUMMARY ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'client/**/*.test.ts', 'scripts/**/*.test.ts', 'migrations/**/*.test.ts'],
          // *.cluster.test.ts start database clusters: `npm run test:cluster` (scripts/vitest.cluster.config.ts).
          exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts', '**/*.cluster.test.ts', 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          // Islands rendered by React in jsdom, their admin-ajax replies from msw (client/testing/).
          name: 'component',
          include: ['client/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['client/testing/setup.ts'],
        },
      },
      integration('mariadb'),
      integration('sqlite'),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['client/e2e/**/*.e2e.test.ts'],
          // A fresh SQLite copy of the fixture site per test file, and a production build of the client.
          globalSetup: ['server/testing/global-setup.ts', 'client/e2e/build-client.ts'],
          hookTimeout: 120_000,
          testTimeout: 60_000,
        },
      },
    ],
  },
}));
