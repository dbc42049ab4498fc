import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../../http/deps';
import { AVATAR_URL_PREFIX, avatarDir } from '../../services/accounts/avatar';

const FILE_NAME = /^([0-9a-f]{32})\.(png|jpg|gif)$/;
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

/** Serves the stored pictures: `GET /dropin-uploads/tourmaster-avatar/{user id}/{name}`. */
export function avatarFiles(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith(AVATAR_URL_PREFIX)) return next();
    const [user, name, ...rest] = req.path.slice(AVATAR_URL_PREFIX.length).split('/');
    const match = name ? FILE_NAME.exec(name) : null;
    if (rest.length > 0 || !user || !/^\d{1,20}$/.test(user) || !match) return next();
    res.sendFile(
      path.join(avatarDir(deps.config), user, name!),
      {
        headers: {
          'Content-Type': MIME[match[2]!]!,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cache-Control': 'public, max-age=86400',
        },
      },
      (err) => {
        if (err && !res.headersSent) next();
      },
    );
  };
}
