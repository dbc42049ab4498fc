import type { Request } from 'express';

/**
 * Paths that are WordPress's own machinery, which this server never renders: the admin (but
 * admin-ajax, routed before the pages), the REST API, the theme's, plugins' and uploads' files,
 * the core endpoints other than wp-login.php (served here; the actions it leaves reach WordPress
 * through the 404 route), the feeds but RSS 2.0 and the sitemaps. With an upstream they go there straight away,
 * without reading the database; everything else we do not render reaches it through the 404 page.
 */
const WORDPRESS_PATHS = [
  /^\/wp-admin(?:\/|$)/,
  // The REST API, but our own namespace (rest/router.ts, mounted before the switch-over).
  /^\/wp-json(?:\/(?!tourmaster\/v1(?:\/|$))|$)/,
  /^\/wp-(?:content|includes)\//,
  /^\/(?:xmlrpc|wp-cron|wp-comments-post|wp-trackback|wp-signup|wp-activate|wp-links-opml|wp-mail)\.php$/,
  // The Atom, RDF and RSS 0.92 feeds. RSS 2.0 feeds (`/feed/`, `/category/x/feed/`…) go through our
  // routes (pages/blog/archives.ts serves the site's and the archives'; a post's comments feed is
  // not ours, so it reaches WordPress through the 404 route).
  /(?:^|\/)(?:feed\/)?(?:rss|atom|rdf)\/?$/,
  /^\/wp-sitemap[\w-]*\.(?:xml|xsl)$/,
];

/** Query variables of WordPress views we never render: a feed or a REST route on any path. */
const WORDPRESS_QUERIES = ['feed', 'rest_route'];

export function isWordpressPath(req: Request): boolean {
  const path = req.path.toLowerCase();
  if (WORDPRESS_PATHS.some((pattern) => pattern.test(path))) return true;
  return WORDPRESS_QUERIES.some((name) => Object.hasOwn(req.query, name));
}
