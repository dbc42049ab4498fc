import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'parse5';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { html, raw } from '../views/html';
import { withScriptNonce } from '../views/script-nonce';
import {
  documentWithNonce,
  pageHeaders,
  readClientAssets,
  renderDocumentBytes,
  renderPage,
  renderPageBytes,
} from './layout';

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
    // A site without pages or an assigned menu.
    shell: { nav: [] },
  });

  it('is a valid document with the legacy title, robots and body classes', () => {
    expect(page.startsWith('<!DOCTYPE html><html lang="en-US">')).toBe(true);
    const errors: string[] = [];
    parse(page, { onParseError: (e) => errors.push(e.code) });
    expect(errors).toEqual([]);
    expect(page).toContain('<title>Login – Aegean &amp; Trails</title>');
    expect(page).toContain('<meta name="robots" content="max-image-preview:large"/>');
    expect(page).toContain('<body class="tourmaster-body traveltour-body tourmaster-template-login">');
  });

  it("loads none of the theme's or plugin's stylesheets and scripts", () => {
    expect(page).not.toContain('/wp-content/');
    expect(page).not.toContain('/wp-includes/');
  });

  it('prints the content and top bar as built, their values escaped', () => {
    expect(page).toContain(
      '<main class="traveltour-page-wrapper" id="traveltour-page-wrapper"><div class="tourmaster-template-wrapper">&lt;script&gt;x&lt;/script&gt;</div></main>',
    );
    expect(page).toContain(
      '<div class="traveltour-top-bar-right"><div class="tourmaster-user-top-bar tourmaster-guest"></div></div>',
    );
  });

  it("links the logo to the home page, named by the site's name", () => {
    expect(page).toContain('<a class="dropin-site-name" href="http://127.0.0.1:8080/">');
    expect(page).toContain('<span class="dropin-visually-hidden">Aegean &amp; Trails</span></a>');
    expect(page).toContain('<a class="dropin-skip-link" href="#traveltour-page-wrapper">Skip to content</a>');
    expect(page).toContain('<button type="button" class="dropin-scroll-to-top" data-scroll-to-top="" hidden="">');
  });

  it('shows no menu when the site has none, and the menu, its mobile sidebar and the privacy link with the shell data', () => {
    expect(page).not.toContain('data-mobile-menu');
    const withShell = renderPage({
      title: 'Santorini',
      siteName: 'Aegean Trails',
      homeUrl: 'http://h',
      siteUrl: 'http://h',
      content: createElement('div', { className: 'tour' }, 'React content & more'),
      description: 'A memorable "cruise".',
      canonical: 'http://h/tour/santorini/',
      showTitle: false,
      shell: {
        nav: [
          { title: 'Home', url: 'http://h/', children: [] },
          {
            title: 'Tours',
            url: 'http://h/tours/',
            children: [{ title: 'Islands', url: 'http://h/islands/', children: [] }],
          },
        ],
        privacyUrl: 'http://h/privacy-policy/',
      },
    });
    expect(withShell).toContain('<meta name="description" content="A memorable &quot;cruise&quot;."/>');
    expect(withShell).toContain('<link rel="canonical" href="http://h/tour/santorini/"/>');
    expect(withShell).toContain(
      '<main class="traveltour-page-wrapper" id="traveltour-page-wrapper"><div class="tour">React content &amp; more</div></main>',
    );
    expect(withShell).not.toContain('traveltour-page-title');
    expect(withShell).toContain(
      '<nav class="traveltour-navigation dropin-nav" aria-label="Main"><ul class="sf-menu dropin-nav-list"><li class="menu-item"><a class="dropin-nav-link" href="http://h/">Home</a></li><li class="menu-item menu-item-has-children"><a class="dropin-nav-link" href="http://h/tours/">Tours</a><ul class="sub-menu"><li class="menu-item"><a class="dropin-nav-link" href="http://h/islands/">Islands</a></li></ul></li></ul></nav>',
    );
    expect(withShell).toContain(
      '<button type="button" class="dropin-mobile-menu-button" aria-expanded="false" aria-controls="dropin-mobile-menu-panel" data-mobile-menu-toggle="">',
    );
    expect(withShell).toContain('<div class="dropin-mobile-menu-panel" id="dropin-mobile-menu-panel" hidden="">');
    expect(withShell).toContain('<a class="dropin-footer-link" href="http://h/privacy-policy/">Privacy Policy</a>');
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

  it('reuses the document around the content, with each request’s own nonce and content', () => {
    const assets = { scripts: ['/dropin-assets/assets/main-1.js'], stylesheets: ['/dropin-assets/assets/main-1.css'] };
    const props = (title: string, text: string) => ({
      title,
      siteName: 'Aegean Trails',
      homeUrl: 'http://127.0.0.1:8080',
      siteUrl: 'http://127.0.0.1:8080',
      content: html`<p>${text}</p>`,
      shell: { nav: [{ title: 'Home', url: 'http://127.0.0.1:8080/', children: [] }] },
    });
    const first = withScriptNonce('nonceOne', () => renderPage(props('Tours', 'one'), assets));
    const second = withScriptNonce('nonceTwo', () => renderPage(props('Tours', 'two'), assets));
    const other = withScriptNonce('nonceTwo', () => renderPage(props('Search', 'two'), assets));
    const outside = renderPage(props('Tours', 'one'), assets);
    expect(first).toContain('<script type="module" src="/dropin-assets/assets/main-1.js" nonce="nonceOne"></script>');
    expect(first).toContain('<p>one</p>');
    expect(second).toContain('nonce="nonceTwo"');
    expect(second).not.toContain('nonceOne');
    expect(second).toContain('<p>two</p>');
    expect(second).not.toContain('<p>one</p>');
    expect(second.replace('nonceTwo', 'nonceOne').replace('<p>two</p>', '<p>one</p>')).toBe(first);
    expect(other).toContain('<title>Search – Aegean Trails</title>');
    const bars = ['guest', 'member'].map((who) =>
      renderPage({ ...props('Tours', 'one'), topBar: html`<div class="${who}"></div>` }, assets),
    );
    expect(bars[0]).toContain('<div class="guest"></div>');
    expect(bars[1]).toContain('<div class="member"></div>');
    expect(outside).toContain('<script type="module" src="/dropin-assets/assets/main-1.js"></script>');
    // The same as rendering the whole document at once.
    const whole = withScriptNonce('nonceOne', () =>
      renderPage({ ...props('Tours', 'one'), content: createElement('p', null, 'one') }, assets),
    );
    expect(first).toBe(whole);
  });

  it('gives the same document as bytes: per nonce, per content, embeds gated per site host', () => {
    const assets = { scripts: ['/dropin-assets/assets/main-1.js'], stylesheets: [] };
    const content = html`<p>Ωραία θέα</p>${raw('<iframe src="https://www.youtube.com/embed/x"></iframe>')}`;
    const props = (homeUrl: string) => ({
      title: 'Santorini – “Caldera”',
      siteName: 'Aegean Trails',
      homeUrl,
      siteUrl: homeUrl,
      content,
      shell: { nav: [{ title: 'Home', url: `${homeUrl}/`, children: [] }] },
    });
    for (const nonce of ['nonceOne', 'nonceTwo', undefined]) {
      for (const home of ['http://127.0.0.1:8080', 'https://tours.example']) {
        const render = <T>(f: () => T) => (nonce ? withScriptNonce(nonce, f) : f());
        const text = render(() => renderPage(props(home), assets));
        const bytes = render(() => renderPageBytes(props(home), assets));
        expect(bytes.toString('utf8')).toBe(text);
        if (nonce) expect(text).toContain(`nonce="${nonce}"`);
      }
    }
    // Content in kept parts (the tour page's body around its booking bar): the same as it whole.
    const parts = [raw('<div class="a">'), html`<p>Ωραία ${'<b>'}</p>`, content, raw('</div>')];
    const whole = raw(parts.map((p) => p.value).join(''));
    for (const home of ['http://127.0.0.1:8080', 'https://tours.example']) {
      const joined = withScriptNonce('nonceOne', () => renderPage({ ...props(home), content: whole }, assets));
      const split = withScriptNonce('nonceOne', () => renderPageBytes({ ...props(home), content: parts }, assets));
      expect(split.toString('utf8')).toBe(joined);
      // Kept whole under one request's nonce, sent with another's: the same as rendered for it.
      const kept = withScriptNonce('nonceOne', () => renderDocumentBytes({ ...props(home), content: parts }, assets));
      const sent = withScriptNonce('nonceTwo', () => documentWithNonce(kept));
      const fresh = withScriptNonce('nonceTwo', () => renderPage({ ...props(home), content: whole }, assets));
      expect(sent.toString('utf8')).toBe(fresh);
      expect(fresh).not.toContain('nonceOne');
    }
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
