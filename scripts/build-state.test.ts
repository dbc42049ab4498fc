import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleParts } from './build-state.mjs';

const SOURCES = [
  'client/main.ts',
  'client/common/islands/Reviews.tsx',
  'client/common/islands/Reviews.test.tsx',
  'client/e2e/pages.e2e.test.ts',
  'vite.config.ts',
  'scripts/bundle-budgets.ts',
  'package-lock.json',
  'server/main.ts',
  'server/app.ts',
  'server/unused.ts',
];
const OUTPUTS = ['dist/client/.vite/manifest.json', 'dist/server/main.js', 'dist/server/inputs.json'];

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A checkout in miniature, built a minute after its sources were last written. */
function builtCheckout(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'build-state-'));
  roots.push(root);
  for (const file of [...SOURCES, ...OUTPUTS]) write(root, file, '');
  write(root, 'dist/server/inputs.json', JSON.stringify(['server/main.ts', 'server/app.ts']));
  for (const file of SOURCES) touch(root, file, -120);
  for (const file of OUTPUTS) touch(root, file, -60);
  return root;
}

function write(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** Sets a file's modification time `seconds` from now. */
function touch(root: string, file: string, seconds: number): void {
  const when = new Date(Date.now() + seconds * 1000);
  utimesSync(path.join(root, file), when, when);
}

describe('staleParts (what npm start rebuilds)', () => {
  it('is nothing on a checkout built after its last change', () => {
    expect(staleParts(builtCheckout())).toEqual([]);
  });

  it('is both parts on a fresh clone, and a part whose output is missing', () => {
    const root = builtCheckout();
    rmSync(path.join(root, 'dist', 'server', 'main.js'));
    expect(staleParts(root)).toEqual(['server']);
    rmSync(path.join(root, 'dist'), { recursive: true });
    expect(staleParts(root)).toEqual(['client', 'server']);
  });

  it('is the server when a file the bundle was made of changed or went, not when another did', () => {
    const root = builtCheckout();
    touch(root, 'server/unused.ts', 0);
    expect(staleParts(root)).toEqual([]);
    touch(root, 'server/app.ts', 0);
    expect(staleParts(root)).toEqual(['server']);
    touch(root, 'server/app.ts', -120);
    rmSync(path.join(root, 'server', 'app.ts'));
    expect(staleParts(root)).toEqual(['server']);
  });

  it('is the server when the list of its sources cannot be read', () => {
    const root = builtCheckout();
    write(root, 'dist/server/inputs.json', '[');
    expect(staleParts(root)).toEqual(['server']);
  });

  it.each(['client/common/islands/Reviews.tsx', 'vite.config.ts', 'package-lock.json'])(
    'is the client when %s changed',
    (file) => {
      const root = builtCheckout();
      touch(root, file, 0);
      expect(staleParts(root)).toEqual(['client']);
    },
  );

  it('ignores the client tests', () => {
    const root = builtCheckout();
    touch(root, 'client/common/islands/Reviews.test.tsx', 0);
    touch(root, 'client/e2e/pages.e2e.test.ts', 0);
    expect(staleParts(root)).toEqual([]);
  });
});
