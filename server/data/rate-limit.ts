import { inTransaction, type WpDb } from './tables';

/**
 * Fixed-window rate limits kept in the database, so they hold across every server process: each
 * hit adds one to the counter of (bucket, subject, window) in one atomic upsert, then reads it.
 */
export interface RateLimit {
  /** What is limited, e.g. `login-account`, `login-address`, `enquiry-address`. */
  bucket: string;
  /** Who: a login, an IP address, an e-mail. Folded to lower case. */
  subject: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the window ends (when refused). */
  retryAfter: number;
}

const table = (wp: WpDb) => `${wp.prefix}dropin_rate_limits`;

function windowOf(limit: RateLimit, now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return seconds - (seconds % limit.windowSeconds);
}

/** Counts one attempt and says whether it is within the limit. */
export async function hitRateLimit(wp: WpDb, limit: RateLimit, now: Date): Promise<RateLimitResult> {
  const windowStart = windowOf(limit, now);
  const key = { bucket: limit.bucket, subject: limit.subject.toLowerCase().slice(0, 191), window_start: windowStart };
  // The upsert holds the row's lock until commit, so the read sees exactly this hit's count.
  const hits = await inTransaction(wp, async (trx) => {
    await trx
      .knex(table(trx))
      .insert({ ...key, hits: 1 })
      .onConflict(['bucket', 'subject', 'window_start'])
      .merge({ hits: trx.knex.raw('?? + 1', [`${table(trx)}.hits`]) });
    const row = await trx.knex(table(trx)).first('hits').where(key);
    return Number(row?.hits ?? 1);
  });
  return {
    allowed: hits <= limit.limit,
    hits,
    retryAfter: windowStart + limit.windowSeconds - Math.floor(now.getTime() / 1000),
  };
}

/** Whether a subject is already over its limit, without counting an attempt. */
export async function isRateLimited(wp: WpDb, limit: RateLimit, now: Date): Promise<boolean> {
  const row = await wp
    .knex(table(wp))
    .first('hits')
    .where({
      bucket: limit.bucket,
      subject: limit.subject.toLowerCase().slice(0, 191),
      window_start: windowOf(limit, now),
    });
  return Number(row?.hits ?? 0) >= limit.limit;
}

/** Forgets a subject's attempts (after a successful login). */
export async function clearRateLimit(wp: WpDb, limit: Pick<RateLimit, 'bucket' | 'subject'>): Promise<void> {
  await wp
    .knex(table(wp))
    .where({ bucket: limit.bucket, subject: limit.subject.toLowerCase().slice(0, 191) })
    .delete();
}

/** Drops counters of windows that ended long ago (called now and then; cheap). */
export async function pruneRateLimits(wp: WpDb, olderThan: Date): Promise<number> {
  return wp
    .knex(table(wp))
    .where('window_start', '<', Math.floor(olderThan.getTime() / 1000))
    .delete();
}
