import type { Request } from 'express';
import { type CurrentUser, resolveCurrentUser } from '../wp/current-user';
import { loadSite, originFromHost, type Site } from '../wp/site';
import type { AppDeps } from './deps';

/** Who is asking, and about which site: resolved per request, never cached across requests. */
export interface Visitor {
  site: Site;
  user: CurrentUser | null;
  now: Date;
  https: boolean;
  ip: string;
  userAgent: string;
}

export async function resolveVisitor(req: Request, deps: AppDeps, options: { adminAjax: boolean }): Promise<Visitor> {
  const now = deps.clock();
  const https = req.secure;
  const origin = deps.config.siteUrlFollowsRequest ? originFromHost(req.get('host'), https) : undefined;
  const site = await loadSite(deps.wp, origin);
  const user = await resolveCurrentUser(
    deps.wp,
    { cookieHeader: req.headers.cookie, https, method: req.method, adminAjax: options.adminAjax },
    site,
    await deps.salts(),
    now,
  );
  return { site, user, now, https, ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '' };
}
