import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../http/deps';
import { loggableUrl } from '../http/loggable-url';
import { type PageContext, pageContext } from '../http/page-context';
import { renderTopBar } from '../services/accounts/top-bar';
import { loadShell } from '../services/site/shell';
import { html } from '../views/html';
import { siteNameText } from './account/site';
import { renderPage, sendPage } from './layout';

/**
 * The 404 page: WordPress's "Page not found" in the page shell (top bar, menu, footer), with status
 * 404, for every path no route owns and for a tour that is not published. If the site cannot be read
 * (the database is down), the bare page still answers 404. With a WordPress upstream
 * (`LEGACY_UPSTREAM`), all of these are WordPress's to answer instead.
 */
export function notFound(deps: AppDeps) {
  return async (req: Request, res: Response, _next: NextFunction) => {
    await sendNotFound(req, res, deps);
  };
}

export async function sendNotFound(req: Request, res: Response, deps: AppDeps, known?: PageContext): Promise<void> {
  // During a switch-over WordPress may have what we do not (a plugin's page, another post type).
  if (deps.upstream && (await deps.upstream.forwardPage(req, res))) return;
  let document: string;
  let loggedIn = false;
  try {
    const ctx = known ?? pageContext(req, deps);
    const [site, user] = await Promise.all([ctx.site(), ctx.user()]);
    loggedIn = user !== null;
    const [shell, topBar] = await Promise.all([
      loadShell(deps, site.homeUrl),
      renderTopBar(ctx, { redirect: `${site.homeUrl}/`, requestUri: req.originalUrl }),
    ]);
    document = renderPage({
      title: 'Page not found',
      siteName: siteNameText(site),
      homeUrl: site.homeUrl,
      siteUrl: site.siteUrl,
      content: notFoundContent(site.homeUrl),
      ...(topBar ? { topBar } : {}),
      bodyClass: `error404${loggedIn ? ' logged-in' : ''}`,
      robots: 'noindex, follow',
      showTitle: false,
      shell,
    });
  } catch (err) {
    deps.log.warn({ err, url: loggableUrl(req.originalUrl) }, 'the 404 page could not be rendered in the shell');
    document = bareNotFoundPage();
  }
  if (res.headersSent) return;
  sendPage(res, document, { status: 404, cache: loggedIn ? 'private' : 'no-cache' });
}

function notFoundContent(homeUrl: string) {
  return html`<div class="traveltour-not-found-wrap" ><div class="traveltour-container" ><div class="traveltour-not-found-inner traveltour-item-pdlr" ><div class="traveltour-not-found-head" >404</div><h1 class="traveltour-not-found-title" >Page Not Found</h1><div class="traveltour-not-found-caption" >Sorry, the page you were looking for could not be found. It may have moved, or the address may be mistyped.</div><a class="tourmaster-button traveltour-not-found-back" href="${homeUrl}/" >Go to the home page</a></div></div></div>`;
}

/** The page without the shell, when even the site's name cannot be read. */
export function bareNotFoundPage(): string {
  return '<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found</title></head><body><h1>Page not found</h1><p>Sorry, the page you were looking for could not be found.</p><p><a href="/">Go to the home page</a></p></body></html>';
}
