import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { PROJECT_ROOT } from '../core/config';

/**
 * `GET /dropin-assets/.vite/manifest.json`: the client build's manifest, for the WordPress
 * must-use plugin (scripts/wp-mu-plugin/tourmaster-dropin.php), which reads it to find the entry
 * script it loads on pages WordPress still renders. The static asset route does not serve dot
 * folders, so this one file is answered here, never cached for long (a new build is picked up).
 */
export const DROPIN_MANIFEST_PATH = '/dropin-assets/.vite/manifest.json';

export function dropinManifest(manifestFile = path.join(PROJECT_ROOT, 'dist', 'client', '.vite', 'manifest.json')) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== DROPIN_MANIFEST_PATH) return next();
    res.set({ 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
    res.type('application/json');
    res.sendFile(manifestFile, { dotfiles: 'allow' }, (err) => {
      if (err && !res.headersSent) res.status(404).json({ error: 'The client is not built.' });
    });
  };
}
