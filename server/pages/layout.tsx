import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Response } from 'express';
import { renderToStaticMarkup } from 'react-dom/server';
import { PROJECT_ROOT } from '../config';
import type { SafeHtml } from '../views/html';

/**
 * The page shell every server-rendered page shares: document head, a header with the site name
 * and the top-bar slot, the main slot holding the plugin's own markup, and a footer. It is rendered
 * with React (static markup, no hydration); the content slots take HTML built with views/html.ts,
 * which keeps the legacy class names, so the theme's CSS and the plugin's jQuery keep working on
 * what they find inside.
 *
 * The shell itself is deliberately ours, not the theme's: the replay compares pages by their
 * content region (`tourmaster-template-wrapper`), never by the whole document.
 */
export interface PageProps {
  /** The page's own title: `<title>{title} – {siteName}</title>` and the page-title bar. */
  title: string;
  /** `blogname`. */
  siteName: string;
  /** `home` without trailing slash: the header's link. */
  homeUrl: string;
  /** `siteurl` without trailing slash: where WordPress serves the theme's and plugin's assets. */
  siteUrl: string;
  /** The plugin's content markup (legacy class names), printed as HTML. */
  content: SafeHtml;
  /** Extra `<body>` classes, e.g. `tourmaster-template-user` (engagement.md §4). */
  bodyClass?: string;
  /** `<meta name="robots">`; WordPress prints `max-image-preview:large` on public pages. */
  robots?: string;
  /** The top bar (login/sign-up or the user menu), as HTML; nothing when absent. */
  topBar?: SafeHtml;
  /** Show the title bar (`traveltour-page-title`) above the content (default true). */
  showTitle?: boolean;
  /** `<html lang>` (default `en-US`). */
  lang?: string;
}

/** The theme's and plugin's assets the legacy markup needs (served by WordPress under `siteurl`). */
export const LEGACY_STYLESHEETS = [
  '/wp-content/plugins/goodlayers-core/plugins/fontawesome/font-awesome.css',
  '/wp-content/plugins/goodlayers-core/plugins/elegant/elegant-font.css',
  '/wp-content/plugins/tourmaster/tourmaster.css',
  '/wp-content/themes/traveltour/css/style-core.css',
  '/wp-content/uploads/tourmaster-style-custom.css',
];
export const LEGACY_SCRIPTS = ['/wp-includes/js/jquery/jquery.min.js', '/wp-content/plugins/tourmaster/tourmaster.js'];

/** URL prefix of the built client (app.ts `ASSET_BASE`, vite.config.ts `base`; not imported: app.ts imports the pages). */
const ASSET_BASE = '/dropin-assets/';

interface ClientAssets {
  scripts: string[];
  stylesheets: string[];
}

let clientAssets: ClientAssets | undefined;

/** The client build's entry files from `dist/client/.vite/manifest.json` (none when not built). */
export function readClientAssets(manifestPath = path.join(PROJECT_ROOT, 'dist', 'client', '.vite', 'manifest.json')) {
  const assets: ClientAssets = { scripts: [], stylesheets: [] };
  try {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
      string,
      { file?: string; isEntry?: boolean; css?: string[] }
    >;
    for (const chunk of Object.values(manifest)) {
      if (!chunk.isEntry) continue;
      if (chunk.file?.endsWith('.js')) assets.scripts.push(`${ASSET_BASE}${chunk.file}`);
      for (const css of chunk.css ?? []) assets.stylesheets.push(`${ASSET_BASE}${css}`);
    }
  } catch {
    // Not built (tests, a fresh checkout): the page works without the islands.
  }
  return assets;
}

function Page(props: PageProps & { assets: ClientAssets }) {
  const { siteUrl } = props;
  return (
    <html lang={props.lang ?? 'en-US'}>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.siteName ? `${props.title} \u2013 ${props.siteName}` : props.title}</title>
        {props.robots ? <meta name="robots" content={props.robots} /> : null}
        {LEGACY_STYLESHEETS.map((href) => (
          <link key={href} rel="stylesheet" href={`${siteUrl}${href}`} />
        ))}
        {props.assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className={['tourmaster-body traveltour-body', props.bodyClass].filter(Boolean).join(' ')}>
        <div className="traveltour-body-outer-wrapper">
          <header className="traveltour-header-wrap dropin-header">
            <div className="traveltour-container clearfix">
              <a className="dropin-site-name" href={`${props.homeUrl}/`}>
                {props.siteName}
              </a>
              {props.topBar ? (
                // biome-ignore lint/security/noDangerouslySetInnerHtml: SafeHtml (views/html.ts) escapes every value it holds
                <div className="traveltour-top-bar-right" dangerouslySetInnerHTML={{ __html: props.topBar.value }} />
              ) : null}
            </div>
          </header>
          {props.showTitle === false ? null : (
            <div className="traveltour-page-title-wrap traveltour-style-small traveltour-left-align">
              <div className="traveltour-page-title-container traveltour-container">
                <div className="traveltour-page-title-content traveltour-item-pdlr">
                  <h1 className="traveltour-page-title">{props.title}</h1>
                </div>
              </div>
            </div>
          )}
          <main
            className="traveltour-page-wrapper"
            id="traveltour-page-wrapper"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: SafeHtml (views/html.ts) escapes every value it holds
            dangerouslySetInnerHTML={{ __html: props.content.value }}
          />
          <footer className="dropin-footer">
            <div className="traveltour-container">
              <a href={`${props.homeUrl}/`}>{props.siteName}</a>
            </div>
          </footer>
        </div>
        {LEGACY_SCRIPTS.map((src) => (
          <script key={src} src={`${siteUrl}${src}`} />
        ))}
        {props.assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </body>
    </html>
  );
}

/** The whole document as text, starting with `<!DOCTYPE html>`. */
export function renderPage(props: PageProps): string {
  clientAssets ??= readClientAssets();
  return `<!DOCTYPE html>${renderToStaticMarkup(<Page {...props} assets={clientAssets} />)}`;
}

/**
 * WordPress's caching headers on these pages: `nocache_headers()` for the plugin's login and
 * register pages and for anything a logged-in user sees (`private`, `no-store` added then).
 */
export type PageCache = 'public' | 'no-cache' | 'private';

export function pageHeaders(cache: PageCache): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=UTF-8' };
  if (cache === 'no-cache' || cache === 'private') {
    headers.Expires = 'Wed, 11 Jan 1984 05:00:00 GMT';
    headers['Cache-Control'] =
      `no-cache, must-revalidate, max-age=0${cache === 'private' ? ', no-store, private' : ''}`;
  }
  return headers;
}

/** Sends a rendered page. */
export function sendPage(res: Response, document: string, options: { status?: number; cache: PageCache }): void {
  res
    .status(options.status ?? 200)
    .set(pageHeaders(options.cache))
    .send(document);
}

/** A redirect as `wp_safe_redirect` sends it (302, `X-Redirect-By: WordPress`, empty body). */
export function sendRedirect(
  res: Response,
  location: string,
  options: { cache?: PageCache; cookies?: string[] } = {},
): void {
  res.status(302);
  const headers = pageHeaders(options.cache ?? 'public');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (options.cookies?.length) res.setHeader('Set-Cookie', options.cookies);
  res.setHeader('X-Redirect-By', 'WordPress');
  res.setHeader('Location', location);
  res.end();
}
