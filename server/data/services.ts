import type { ServiceOption } from '../tourmaster/services';
import { unserializeCached } from '../wp/parse-cache';
import type { WpDb } from './tables';

/**
 * The options of the additional services a booking names (`tour_service` posts, meta
 * `tourmaster-service-option`), by post id, in one query. Ids that are not published services are
 * left out (the legacy site priced any post id it was given).
 */
export async function loadServiceOptions(wp: WpDb, ids: readonly string[]): Promise<Map<string, ServiceOption>> {
  const numeric = [...new Set(ids.filter((id) => /^\d{1,19}$/.test(id)).map(Number))];
  if (!numeric.length) return new Map();
  const rows: { id: number; value: string | null }[] = await wp
    .knex(`${wp.t.posts} as p`)
    .join(`${wp.t.postmeta} as m`, 'm.post_id', 'p.ID')
    .select('p.ID as id', 'm.meta_value as value')
    .whereIn('p.ID', numeric)
    .andWhere({ 'p.post_type': 'tour_service', 'p.post_status': 'publish', 'm.meta_key': 'tourmaster-service-option' })
    .orderBy('m.meta_id');
  const out = new Map<string, ServiceOption>();
  for (const row of rows) {
    const value = unserializeCached(String(row.value ?? ''));
    if (!out.has(String(row.id)) && value && typeof value === 'object' && !Array.isArray(value)) {
      out.set(String(row.id), value as ServiceOption);
    }
  }
  return out;
}
