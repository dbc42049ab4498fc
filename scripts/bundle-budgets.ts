import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The weight budgets of the pages the islands run on (the funnel issue: a tour page loads at most
 * 80 KB of JavaScript and 40 KB of CSS, gzipped). The build prints them and fails when one is broken;
 * client/e2e/budgets.e2e.test.ts checks the same numbers against what Chromium fetches.
 */
export const BUDGETS = { js: 80 * 1024, css: 40 * 1024 } as const;

/** The client entry in the Vite manifest. */
export const ENTRY = 'client/main.ts';

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;
export type Files = { js: Set<string>; css: Set<string> };

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically: the files the browser fetches with it. */
export function closure(manifest: Manifest, key: string, files: Files = { js: new Set(), css: new Set() }): Files {
  const chunk = manifest[key];
  if (!chunk || files.js.has(chunk.file)) return files;
  if (chunk.file.endsWith('.js')) files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files);
  return files;
}

/** Gzipped bytes (level 9, as a server would serve them) of the files. */
export function weigh(dist: string, files: Files): { js: number; css: number } {
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const sum = (set: Set<string>) => [...set].reduce((total, file) => total + gz(file), 0);
  return { js: sum(files.js), css: sum(files.css) };
}

/** The manifest keys of the islands' own modules (`client/islands/<Name>/…`, loaded on demand). */
export function islandChunks(manifest: Manifest): string[] {
  return Object.entries(manifest)
    .filter(([key, chunk]) => key.startsWith('client/islands/') && chunk.isDynamicEntry)
    .map(([key]) => key);
}

/**
 * The pages the build reports, by the island folders whose markers they can carry: the most a page
 * can load is the entry plus all of them, with the chunks they load on first use (the calendar).
 */
const SHELL = ['MobileMenu', 'ScrollToTop', 'ConfirmDialog', 'Lightbox'];
export const PAGES: readonly { name: string; islands: readonly string[]; enforced: boolean }[] = [
  {
    name: 'tour page',
    islands: [
      ...SHELL,
      'BookingBar',
      'BookingForm',
      'EnquiryForm',
      'WishListButton',
      'UrgencyMessage',
      'ReadMore',
      'Reviews',
      'RatingInput',
    ],
    enforced: true,
  },
  { name: 'payment page', islands: [...SHELL, 'PaymentPage', 'PaypalButtons'], enforced: true },
];

/** A chunk with what it imports, and what it loads later on its own (not other islands: they have markers). */
export function withOnDemand(manifest: Manifest, key: string, files: Files): void {
  closure(manifest, key, files);
  for (const lazy of manifest[key]?.dynamicImports ?? []) {
    if (!lazy.startsWith('client/islands/')) closure(manifest, lazy, files);
  }
}

export function pageWeights(dist: string, manifest: Manifest = readManifest(dist)) {
  const islands = islandChunks(manifest);
  return PAGES.map((page) => {
    const files = closure(manifest, ENTRY);
    const folder = (key: string) => key.split('/')[2] ?? '';
    for (const key of islands.filter((k) => page.islands.includes(folder(k)))) withOnDemand(manifest, key, files);
    return { name: page.name, enforced: page.enforced, ...weigh(dist, files) };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Vite plugin: after a client build, print each page's weight and fail if one is over budget. */
export function budgetReport(dist: string): Plugin {
  return {
    name: 'dropin-budgets',
    apply: 'build',
    closeBundle() {
      const over: string[] = [];
      const lines = pageWeights(dist).map((page) => {
        if (page.enforced && page.js > BUDGETS.js)
          over.push(`${page.name}: JavaScript ${kb(page.js)} > ${kb(BUDGETS.js)}`);
        if (page.enforced && page.css > BUDGETS.css)
          over.push(`${page.name}: CSS ${kb(page.css)} > ${kb(BUDGETS.css)}`);
        return `  ${page.name}: JS ${kb(page.js)} of ${kb(BUDGETS.js)}, CSS ${kb(page.css)} of ${kb(BUDGETS.css)} (gzipped)${page.enforced ? '' : ', reported only'}`;
      });
      process.stdout.write(`\nbudgets:\n${lines.join('\n')}\n`);
      if (over.length > 0) throw new Error(`over budget:\n${over.join('\n')}`);
    },
  };
}
