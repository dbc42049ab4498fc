import type { NextFunction, Request, Response } from 'express';
import type { WpDb } from '../data/tables';
import { wireCookie } from './cookies';
import type { AppDeps } from './deps';

/**
 * Where a request's reads go, decided here and nowhere else. Everything reads the primary
 * (`deps.wp`) except the catalogue (services read it as `ctx.catalogue`: tour pages without their
 * seat counts, tour lists and search, archives, blog, reviews, the head price), which a request
 * that does not write reads from a replica, when one is configured and usable (data/replicas.ts).
 *
 * Read-your-writes: a response to a write sets `dropin_primary_reads` to the time until which the
 * visitor's catalogue reads stay on the primary, so they see their own change on any process or
 * machine. The window is the most a replica in use may lag behind (REPLICA_MAX_LAG_S as of its last
 * check) plus the time since that check (poll interval and check timeout), rounded up.
 */
export const PRIMARY_READS_COOKIE = 'dropin_primary_reads';

/** How long a visitor's catalogue reads stay on the primary after they write. */
export function readYourWritesMs(maxLagS: number): number {
  return (maxLagS + 3) * 1000;
}

/**
 * The catalogue reader of a request: the primary when the request writes (`writes`: it must see
 * its own changes) or when its visitor wrote within the window, else the next usable replica.
 * The window is real time, not the site's clock (deps.clock, fixed in tests and replays): it is
 * about replication delay.
 */
export function catalogueReader(req: Request, deps: AppDeps, writes: boolean): WpDb {
  if (!deps.replicas || writes) return deps.wp;
  const until = Number(wireCookie(req, PRIMARY_READS_COOKIE));
  if (Number.isFinite(until) && until > Date.now()) return deps.wp;
  return deps.replicas.next() ?? deps.wp;
}

/** Keeps this visitor's catalogue reads on the primary for the read-your-writes window. */
export function notePrimaryReads(req: Request, res: Response, deps: AppDeps): void {
  if (!deps.replicas) return;
  const windowMs = readYourWritesMs(deps.config.replicaMaxLagS);
  const secure = req.secure ? '; secure' : '';
  res.append(
    'Set-Cookie',
    `${PRIMARY_READS_COOKIE}=${Date.now() + windowMs}; Max-Age=${windowMs / 1000}; path=/; HttpOnly; SameSite=Lax${secure}`,
  );
}

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A page or API request writes unless its method only reads (admin-ajax decides per action: ajax/dispatcher.ts). */
export function writesByMethod(req: Request): boolean {
  return !READING_METHODS.has(req.method);
}

/** Marks every writing request outside admin-ajax, before any route answers it. */
export function primaryReadsAfterWrites(deps: AppDeps, adminAjaxPath: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== adminAjaxPath && writesByMethod(req)) notePrimaryReads(req, res, deps);
    next();
  };
}
