import type { Request } from 'express';
import type { RequestContext } from '../services/context';
import { createNonce, verifyNonce } from '../wp/nonce';
import type { AppDeps } from './deps';
import { catalogueReader, writesByMethod } from './read-routing';
import { type Visitor, visitorFor } from './visitor';

/**
 * What a page or form handler (anything but admin-ajax) knows about its request: the site and the
 * visitor (lazily, as for actions), cookies read as PHP reads `$_COOKIE`, and WordPress nonces bound
 * to the visitor's login session, so our forms carry tokens WordPress itself would accept.
 */
export interface PageContext extends Visitor, RequestContext {
  deps: AppDeps;
  /** `wp_create_nonce($action)` for this visitor. */
  nonce(action: string): Promise<string>;
  /** `wp_verify_nonce($nonce, $action)`: true when made for this visitor within the last day. */
  verifyNonce(nonce: unknown, action: string): Promise<boolean>;
}

export function pageContext(req: Request, deps: AppDeps): PageContext {
  const visitor = visitorFor(req, deps, { adminAjax: false });
  const nonceFor = async () => {
    const [user, salts] = await Promise.all([visitor.user(), deps.salts()]);
    return {
      uid: user?.user.id ?? 0,
      token: user?.sessionToken ?? '',
      salt: salts.nonce,
      now: Math.floor(visitor.now.getTime() / 1000),
    };
  };
  return {
    ...visitor,
    deps,
    wp: deps.wp,
    catalogue: catalogueReader(req, deps, writesByMethod(req)),
    log: deps.log,
    nonce: async (action) => createNonce(action, await nonceFor()),
    verifyNonce: async (nonce, action) => verifyNonce(nonce, action, await nonceFor()) !== false,
  };
}
