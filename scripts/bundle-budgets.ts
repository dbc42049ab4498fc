import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The weight budgets of the pages the islands run on (the funnel issue: a page loads at most 80 KB
 * of JavaScript and 40 KB of CSS, gzipped; issue 16: the payment page at most 60 KB of JavaScript).
 * The build prints them and fails when one is broken; client/e2e/budgets.e2e.test.ts checks the
 * same numbers against what Chromium fetches.
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

/** An island's reader of WordPress's markup (`client/islands/<Name>/adapter.ts`), when loaded lazily. */
const isAdapter = (key: string) => /^client\/islands\/[^/]+\/adapter\.tsx?$/.test(key);

/**
 * The manifest keys of the islands' own modules (`client/islands/<Name>/…`, loaded on demand); a
 * lazy adapter is not one (withOnDemand reaches it through its island).
 */
export function islandChunks(manifest: Manifest): string[] {
  return Object.entries(manifest)
    .filter(([key, chunk]) => key.startsWith('client/islands/') && chunk.isDynamicEntry && !isAdapter(key))
    .map(([key]) => key);
}

/**
 * The pages the build reports, by the island folders whose markers they can carry. "As loaded" is
 * the entry plus all of them, with what they fetch by themselves at once (the consent banner on a
 * first visit): the budget. "After first use" adds what a visitor's action fetches later (the
 * calendar when the date field is opened, glightbox when a gallery image is clicked): reported.
 */
// On every page of ours (server/pages/layout.tsx).
const SHELL = ['MobileMenu', 'ScrollToTop', 'ConfirmDialog', 'Lightbox', 'CookieConsent'];
export const PAGES: readonly {
  name: string;
  js: number;
  islands: readonly string[];
  /** Islands only in lightbox templates: fetched when a visitor opens one (client/main.ts). */
  inLightboxes?: readonly string[];
  /**
   * Modules or islands of one state of the page only (a step of the payment page): the page as
   * loaded is its heaviest state, each counted without the others' modules.
   */
  states?: readonly (readonly string[])[];
  /**
   * Modules of its islands the page never fetches, whatever the visitor does (the payment page's
   * booking bar is its sidebar: the tour page's tabs are not asked for). budgets.e2e.test.ts fails
   * if Chromium fetches one.
   */
  never?: readonly string[];
}[] = [
  {
    name: 'tour page',
    js: BUDGETS.js,
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
    // The sign-up form in the guest's lightboxes, with its birth date selects.
    inLightboxes: ['RegisterForm', 'DateSelect'],
  },
  {
    name: 'payment page',
    js: 60 * 1024,
    // The markers our payment page prints (budgets.e2e.test.ts checks them against what Chromium
    // fetches): the shell's but the account's confirm links and galleries; the sidebar is the booking
    // bar's wrap (its sticky placement); a service sold by the unit has a maximum.
    islands: ['MobileMenu', 'ScrollToTop', 'Lightbox/index', 'CookieConsent', 'BookingBar', 'PaymentPage'],
    inLightboxes: ['RegisterForm', 'DateSelect'],
    // The contact step's forms; the payment step's terms, methods, coupon and PayPal's buttons, and its services (a unit's maximum).
    states: [['PaymentPage/ContactStep/ContactStep'], ['PaymentPage/PaymentStep/index']],
    never: ['BookingBar/BookingBar'],
  },
];

/** `name` is an island's folder (all its modules) or one module of it (`Lightbox/index`). */
export const isModuleOf = (key: string, name: string) =>
  name.includes('/') ? key.startsWith(`client/islands/${name}.`) : islandFolder(key) === name;

const islandFolder = (key: string) => (key.startsWith('client/islands/') ? key.split('/')[2] : undefined);

/**
 * A chunk with what it imports, and the modules it fetches itself: those of its own folder at once
 * (the consent banner), shared code and libraries (the calendar, glightbox) only with `firstUse`.
 * An island's lazy adapter is fetched only where WordPress rendered the page or answered (our
 * pages and replies carry props): not counted for our pages unless `wordpress`.
 * Other islands are not followed: they have markers of their own.
 */
export function withOnDemand(
  manifest: Manifest,
  key: string,
  files: Files,
  options: { firstUse: boolean; wordpress?: boolean; skip?: (key: string) => boolean } = { firstUse: true },
  seen = new Set<string>(),
): void {
  if (seen.has(key)) return;
  seen.add(key);
  closure(manifest, key, files);
  for (const lazy of manifest[key]?.dynamicImports ?? []) {
    const ownFolder = islandFolder(lazy) !== undefined && islandFolder(lazy) === islandFolder(key);
    const library = !lazy.startsWith('client/islands/');
    if ((isAdapter(lazy) && !options.wordpress) || options.skip?.(lazy)) continue;
    if (ownFolder || (library && options.firstUse)) withOnDemand(manifest, lazy, files, options, seen);
  }
}

export function pageWeights(dist: string, manifest: Manifest = readManifest(dist)) {
  const islands = islandChunks(manifest);
  const weighPage = (names: readonly string[], firstUse: boolean, without: readonly string[] = []) => {
    const skip = (key: string) => without.some((name) => isModuleOf(key, name));
    const files = closure(manifest, ENTRY);
    for (const key of islands.filter((k) => names.some((name) => isModuleOf(k, name)) && !skip(k))) {
      withOnDemand(manifest, key, files, { firstUse, skip });
    }
    return weigh(dist, files);
  };
  return PAGES.map((page) => {
    const states = page.states ?? [[]];
    const never = page.never ?? [];
    const each = states.map((state) =>
      weighPage([...page.islands, ...state], false, [...states.flat().filter((n) => !state.includes(n)), ...never]),
    );
    const loaded = each.reduce((heaviest, state) => (state.js > heaviest.js ? state : heaviest));
    const everything = [...page.islands, ...states.flat(), ...(page.inLightboxes ?? [])];
    return {
      name: page.name,
      budget: page.js,
      ...loaded,
      states: states.length > 1 ? each.map((w) => w.js) : [],
      afterFirstUse: weighPage(everything, true, never).js,
    };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The chunks that would load the entry's stylesheet (the whole site's CSS) with them: a chunk loaded
 * by another island's chunk and doing dynamic imports of its own imports the entry (Vite's preload
 * helper lives there), and Vite then lists the entry's CSS among its dependencies, which would
 * restyle the pages WordPress renders (the mu-plugin links only what it asks for).
 */
export function chunksLoadingEntryCss(dist: string, manifest: Manifest = readManifest(dist)): string[] {
  const entry = manifest[ENTRY];
  const css = entry?.css ?? [];
  return Object.values(manifest)
    .filter((chunk) => chunk !== entry && chunk.file.endsWith('.js'))
    .filter((chunk) => css.some((file) => readFileSync(path.join(dist, chunk.file), 'utf8').includes(`"${file}"`)))
    .map((chunk) => chunk.file);
}

/** Vite plugin: after a client build, print each page's weight and fail if one is over budget. */
export function budgetReport(dist: string): Plugin {
  return {
    name: 'dropin-budgets',
    apply: 'build',
    closeBundle() {
      const over: string[] = [];
      const lines = pageWeights(dist).map((page) => {
        if (page.js > page.budget) over.push(`${page.name}: JavaScript ${kb(page.js)} > ${kb(page.budget)}`);
        if (page.css > BUDGETS.css) over.push(`${page.name}: CSS ${kb(page.css)} > ${kb(BUDGETS.css)}`);
        const states = page.states.length > 0 ? `, its states ${page.states.map(kb).join(' / ')}` : '';
        return `  ${page.name}: JS ${kb(page.js)} of ${kb(page.budget)} as loaded (${kb(page.afterFirstUse)} after first use${states}), CSS ${kb(page.css)} of ${kb(BUDGETS.css)} (gzipped)`;
      });
      process.stdout.write(`\nbudgets:\n${lines.join('\n')}\n`);
      for (const file of chunksLoadingEntryCss(dist)) over.push(`${file} would load the entry's stylesheet with it`);
      if (over.length > 0) throw new Error(`over budget:\n${over.join('\n')}`);
    },
  };
}
