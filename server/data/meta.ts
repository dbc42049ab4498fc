import { maybeSerialize, maybeUnserialize } from '../php/serialize';
import type { PhpValue } from '../php/values';
import { toText } from './dialect';
import type { WpDb } from './tables';

/** WordPress's metadata API over postmeta, usermeta and termmeta: one implementation for the three. */
export type MetaType = 'post' | 'user' | 'term';

function metaTable(wp: WpDb, type: MetaType) {
  const table = type === 'post' ? wp.t.postmeta : type === 'user' ? wp.t.usermeta : wp.t.termmeta;
  return { table, idColumn: `${type}_id`, pk: type === 'user' ? 'umeta_id' : 'meta_id' };
}

/** get_metadata(…, single = true): the first row (lowest meta id) for the key, unserialised. */
export async function getMeta(wp: WpDb, type: MetaType, objectId: number, key: string): Promise<PhpValue | undefined> {
  const { table, idColumn, pk } = metaTable(wp, type);
  const row = await wp.knex(table).first('meta_value').where(idColumn, objectId).andWhere('meta_key', key).orderBy(pk);
  return row ? maybeUnserialize(String(row.meta_value ?? '')) : undefined;
}

/** Every key of one object, each with its values in meta id order (get_metadata without a key). */
export async function getAllMeta(wp: WpDb, type: MetaType, objectId: number): Promise<Map<string, PhpValue[]>> {
  const { table, idColumn, pk } = metaTable(wp, type);
  const rows: { meta_key: string; meta_value: string | null }[] = await wp
    .knex(table)
    .select('meta_key', 'meta_value')
    .where(idColumn, objectId)
    .orderBy(pk);
  const out = new Map<string, PhpValue[]>();
  for (const r of rows) {
    const values = out.get(r.meta_key) ?? [];
    values.push(maybeUnserialize(String(r.meta_value ?? '')));
    out.set(r.meta_key, values);
  }
  return out;
}

/** One key for many objects (first value per object), e.g. a list of tours' prices in one query. */
export async function getMetaForMany(
  wp: WpDb,
  type: MetaType,
  objectIds: readonly number[],
  key: string,
): Promise<Map<number, PhpValue>> {
  if (!objectIds.length) return new Map();
  const { table, idColumn, pk } = metaTable(wp, type);
  const rows: Record<string, unknown>[] = await wp
    .knex(table)
    .select(idColumn, 'meta_value')
    .whereIn(idColumn, [...objectIds])
    .andWhere('meta_key', key)
    .orderBy(pk);
  const out = new Map<number, PhpValue>();
  for (const r of rows) {
    const id = Number(r[idColumn]);
    if (!out.has(id)) out.set(id, maybeUnserialize(String(r.meta_value ?? '')));
  }
  return out;
}

/** update_metadata: rewrites every row with the key, or inserts one when there is none. */
export async function updateMeta(
  wp: WpDb,
  type: MetaType,
  objectId: number,
  key: string,
  value: PhpValue,
): Promise<void> {
  const { table, idColumn } = metaTable(wp, type);
  const stored = toText(maybeSerialize(value));
  const updated = await wp
    .knex(table)
    .where(idColumn, objectId)
    .andWhere('meta_key', key)
    .update({ meta_value: stored });
  if (!updated) await wp.knex(table).insert({ [idColumn]: objectId, meta_key: key, meta_value: stored });
}

/** delete_metadata for one key of one object. */
export async function deleteMeta(wp: WpDb, type: MetaType, objectId: number, key: string): Promise<number> {
  const { table, idColumn } = metaTable(wp, type);
  return wp.knex(table).where(idColumn, objectId).andWhere('meta_key', key).delete();
}

/** The raw stored text, for parity checks with what PHP wrote. */
export async function getRawMeta(wp: WpDb, type: MetaType, objectId: number, key: string): Promise<string | undefined> {
  const { table, idColumn, pk } = metaTable(wp, type);
  const row = await wp.knex(table).first('meta_value').where(idColumn, objectId).andWhere('meta_key', key).orderBy(pk);
  return row ? String(row.meta_value ?? '') : undefined;
}

/** The first stored text of each of `keys` for one object (one query; keys it lacks are absent). */
export async function getRawMetas(
  wp: WpDb,
  type: MetaType,
  objectId: number,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const { table, idColumn, pk } = metaTable(wp, type);
  const rows: { meta_key: string; meta_value: string | null }[] = await wp
    .knex(table)
    .select('meta_key', 'meta_value')
    .where(idColumn, objectId)
    .whereIn('meta_key', [...keys])
    .orderBy(pk);
  const out = new Map<string, string>();
  for (const row of rows) if (!out.has(row.meta_key)) out.set(row.meta_key, String(row.meta_value ?? ''));
  return out;
}
