import { createRequire } from 'node:module';
import path from 'node:path';
import type { Request, Response } from 'express';
import { REST_NAMESPACE } from '../http/rest-namespace';

/**
 * The human-readable reference at `{namespace}/docs`: Swagger UI (swagger-ui-dist, served from our
 * own address, no CDN) rendering `{namespace}/openapi.json`, started by our own script file (the
 * page has no inline script), under a content-security policy that allows exactly that.
 */
const DOCS_ASSETS = `${REST_NAMESPACE}/docs/assets`;

/** swagger-ui-dist's folder, found the way Node finds the package (a production install has it). */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the page loads (and their source maps, for the browser's tools). */
const SWAGGER_FILES = new Set([
  'swagger-ui-bundle.js',
  'swagger-ui.css',
  'swagger-ui-bundle.js.map',
  'swagger-ui.css.map',
]);

/** Starts Swagger UI on the page's `#swagger-ui`, with the document named by its `data-spec-url`. */
const INIT_SCRIPT = `(function () {
  var root = document.getElementById('swagger-ui');
  window.ui = window.SwaggerUIBundle({
    url: root.getAttribute('data-spec-url'),
    domNode: root,
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
  });
})();
`;

/**
 * What the page needs and nothing else: our scripts and style sheet (Swagger UI sets element styles
 * through the DOM, which a policy does not block), its data: images (icons in its CSS), calls to
 * this site (the document) and to the API's server address ("Try it out").
 */
export function docsPolicy(apiOrigin: string | undefined): string {
  const connect = ["'self'", ...(apiOrigin ? [apiOrigin] : [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function docsPage(apiOrigin: (req: Request) => Promise<string | undefined>) {
  return async (req: Request, res: Response, next: (err?: unknown) => void): Promise<void> => {
    let origin: string | undefined;
    try {
      origin = await apiOrigin(req);
    } catch (err) {
      return next(err);
    }
    const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Booking API reference</title>
<link rel="stylesheet" href="${DOCS_ASSETS}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-spec-url="${REST_NAMESPACE}/openapi.json"></div>
<script src="${DOCS_ASSETS}/swagger-ui-bundle.js"></script>
<script src="${DOCS_ASSETS}/docs.js"></script>
</body>
</html>
`;
    res
      .status(200)
      .set('Content-Security-Policy', docsPolicy(origin))
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(html);
  };
}

/** `docs/assets/<file>`: our starter script, or one of swagger-ui-dist's files; anything else is next(). */
export function docsAsset(req: Request, res: Response, next: () => void): void {
  const file = String(req.params.file ?? '');
  if (file === 'docs.js') {
    res.status(200).type('text/javascript').set('Cache-Control', 'public, max-age=300').send(INIT_SCRIPT);
    return;
  }
  if (!SWAGGER_FILES.has(file)) {
    next();
    return;
  }
  res.sendFile(path.join(SWAGGER_UI_DIR, file), { maxAge: '1d', headers: { 'X-Content-Type-Options': 'nosniff' } });
}
