import { hitRateLimit } from '../../data/rate-limit';
import type { WpDb } from '../../data/tables';

/** The API's window: `API_RATE_LIMIT` calls a minute per key. */
export const API_KEY_WINDOW_SECONDS = 60;

export type KeyLimitCheck = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * Counts one key-authenticated call against its key (the application password's uuid, so two keys
 * of one user are limited apart), in `{prefix}dropin_rate_limits` like every other limit, so it
 * holds across processes.
 */
export async function hitApiKeyLimit(wp: WpDb, keyUuid: string, perMinute: number, now: Date): Promise<KeyLimitCheck> {
  const hit = await hitRateLimit(
    wp,
    { bucket: 'api-key', subject: keyUuid, limit: perMinute, windowSeconds: API_KEY_WINDOW_SECONDS },
    now,
  );
  return hit.allowed ? { allowed: true } : { allowed: false, retryAfter: Math.max(1, hit.retryAfter) };
}
