import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { html } from '../views/html';
import { pageHeaders, readClientAssets, renderPage } from './layout';

describe('page shell', () => {
  const page = renderPage({
    title: 'Login',
    siteName: 'Aegean & Trails',
    homeUrl: 'http://127.0.0.1:8080',
    siteUrl: 'http://127.0.0.1:8080',
    content: html`<div class="tourmaster-template-wrapper">${'<script>x</script>'}</div>`,
    topBar: html`<div class="tourmaster-user-top-bar tourmaster-guest"></div>`,
    robots: 'max-image-preview:large',
    bodyClass: 'tourmaster-template-login',
  });

  it('is a valid document with the legacy title, robots and body classes', () => {
    expect(page.startsWith('<!DOCTYPE html><html lang="en-US">')).toBe(true);
    const errors: string[] = [];
    parse(page, { onParseError: (e) => errors.push(e.code) });
    expect(errors).toEqual([]);
    expect(page).toContain('<title>Login – Aegean &amp; Trails</title>');
    expect(page).toContain('<meta name="robots" content="max-image-preview:large"/>');
    expect(page).toContain('<body class="tourmaster-body traveltour-body tourmaster-template-login">');
    expect(page).toContain('href="http://127.0.0.1:8080/wp-content/plugins/tourmaster/tourmaster.css"');
  });

  it('prints the content and top bar as built, their values escaped', () => {
    expect(page).toContain('<div class="tourmaster-template-wrapper">&lt;script&gt;x&lt;/script&gt;</div>');
    expect(page).toContain('<div class="tourmaster-user-top-bar tourmaster-guest"></div>');
    expect(page).toContain('<a class="dropin-site-name" href="http://127.0.0.1:8080/">Aegean &amp; Trails</a>');
  });

  it("links the client build's entry files from the manifest", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'manifest-'));
    const file = path.join(dir, 'manifest.json');
    writeFileSync(
      file,
      JSON.stringify({
        'client/main.ts': { file: 'assets/main-1.js', isEntry: true, css: ['assets/main-1.css'] },
        'client/x.ts': { file: 'assets/x-1.js' },
      }),
    );
    expect(readClientAssets(file)).toEqual({
      scripts: ['/dropin-assets/assets/main-1.js'],
      stylesheets: ['/dropin-assets/assets/main-1.css'],
    });
    expect(readClientAssets(path.join(dir, 'missing.json'))).toEqual({ scripts: [], stylesheets: [] });
  });

  it("sends WordPress's no-cache headers", () => {
    expect(pageHeaders('private')).toEqual({
      'Content-Type': 'text/html; charset=UTF-8',
      Expires: 'Wed, 11 Jan 1984 05:00:00 GMT',
      'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private',
    });
    expect(pageHeaders('public')).toEqual({ 'Content-Type': 'text/html; charset=UTF-8' });
  });
});
