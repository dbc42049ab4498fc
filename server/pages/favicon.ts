import type { RequestHandler } from 'express';
import type { AppDeps } from '../http/deps';
import { pageContext } from '../http/page-context';
import { siteIconUrl } from '../services/site/site-icon';

/**
 * `/favicon.ico`, which browsers ask for on every page: as WordPress's `do_favicon()`, a redirect to
 * the site icon; a site with none answers 204 (no content, nothing for the console to report)
 * rather than WordPress's logo, which the embedded site does not have.
 */
export function favicon(deps: AppDeps): RequestHandler {
  return async (req, res, next) => {
    if (req.path !== '/favicon.ico' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    try {
      const url = await siteIconUrl(pageContext(req, deps));
      res.set('Cache-Control', 'public, max-age=3600');
      if (url) res.redirect(302, url);
      else res.status(204).end();
    } catch (err) {
      next(err);
    }
  };
}
