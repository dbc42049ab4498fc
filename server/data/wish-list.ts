import { maybeSerialize, maybeUnserialize } from '../php/serialize';
import { PhpFloat, PhpObject, PhpOrderedMap, type PhpValue } from '../php/values';
import { inTransaction, type WpDb } from './tables';

/**
 * A customer's wish list: user meta `tourmaster-wish-list`, a PHP-serialised list of tour ids as
 * strings (`a:2:{i:0;s:1:"4";i:1;s:1:"7";}`), in the order they were added, as the plugin stores it.
 * The plugin compares ids loosely (`in_array`): `"6"` and `"06"` are the same tour.
 */
export const WISH_LIST_META_KEY = 'tourmaster-wish-list';

/** The stored list as strings (what the plugin reads back); [] when there is none or it is not a list. */
export function parseWishList(value: unknown): string[] {
  const list = Array.isArray(value)
    ? value
    : value instanceof Map
      ? [...value.values()]
      : value && typeof value === 'object' && !(value instanceof PhpObject)
        ? Object.values(value as Record<string, unknown>)
        : [];
  return list.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => String(v));
}

/** `in_array($id, $list)` with PHP 8's loose comparison of numeric strings. */
export function wishListHas(list: readonly string[], tourId: number | string): boolean {
  const wanted = String(tourId).trim();
  const numeric = /^\d+$/.test(wanted) ? Number(wanted) : undefined;
  return list.some((v) => v === wanted || (numeric !== undefined && /^\s*\d+\s*$/.test(v) && Number(v) === numeric));
}

/** The user's wish list, oldest first (the account page and the tour page's button read it). */
export async function readWishList(wp: WpDb, userId: number): Promise<string[]> {
  const row = await wp
    .knex(wp.t.usermeta)
    .first('meta_value')
    .where({ user_id: userId, meta_key: WISH_LIST_META_KEY })
    .orderBy('umeta_id');
  if (!row) return [];
  try {
    return parseWishList(maybeUnserialize(String(row.meta_value ?? '')));
  } catch {
    return [];
  }
}

/**
 * Appends a tour id (as its decimal string) unless it is already there, as the plugin does
 * (`$list[] = $id`: after a removal left gaps in the keys, the new key follows the highest one).
 * Runs under a row lock, so two requests of the same user cannot lose each other's change.
 * Returns the list as strings.
 */
export async function addToWishList(wp: WpDb, userId: number, tourId: number): Promise<string[]> {
  return inTransaction(
    wp,
    async (trx) => {
      // The user's row always exists: locking it serialises this user's changes even before the
      // meta row exists (a lock on a missing meta row would be a gap lock, and two inserts deadlock).
      await trx.dialect.forUpdate(trx.knex(trx.t.users).first('ID').where('ID', userId));
      const rows: { meta_value: unknown }[] = await trx.dialect.forUpdate(
        trx
          .knex(trx.t.usermeta)
          .select('meta_value')
          .where({ user_id: userId, meta_key: WISH_LIST_META_KEY })
          .orderBy('umeta_id'),
      );
      const first = rows[0];
      let stored: PhpValue = [];
      if (first) {
        try {
          stored = maybeUnserialize(String(first.meta_value ?? ''));
        } catch {
          stored = [];
        }
      }
      const current = parseWishList(stored);
      if (wishListHas(current, tourId)) return current;
      const next = appendToPhpList(stored, String(tourId));
      const text = maybeSerialize(next);
      if (first) {
        await trx
          .knex(trx.t.usermeta)
          .where({ user_id: userId, meta_key: WISH_LIST_META_KEY })
          .update({ meta_value: text });
      } else {
        await trx.knex(trx.t.usermeta).insert({ user_id: userId, meta_key: WISH_LIST_META_KEY, meta_value: text });
      }
      return [...current, String(tourId)];
    },
    { readCommitted: true },
  );
}

/** PHP `$list[] = $value` on what get_user_meta returned (anything that is not an array starts a new one). */
function appendToPhpList(list: PhpValue, value: string): PhpValue {
  if (Array.isArray(list)) return [...list, value];
  const nextKey = (keys: Iterable<string | number>) => {
    let max = -1;
    for (const k of keys) if (/^(0|[1-9]\d*)$/.test(String(k))) max = Math.max(max, Number(k));
    return max + 1;
  };
  if (list instanceof PhpOrderedMap) {
    const copy = new PhpOrderedMap(list);
    copy.set(nextKey(list.keys()), value);
    return copy;
  }
  if (list && typeof list === 'object' && !(list instanceof PhpFloat) && !(list instanceof PhpObject)) {
    const obj = list as Record<string, PhpValue>;
    return { ...obj, [String(nextKey(Object.keys(obj)))]: value };
  }
  return [value];
}

/** Whether an id is a published tour (what a wish list may hold). */
export async function isPublishedTour(wp: WpDb, tourId: number): Promise<boolean> {
  if (!Number.isSafeInteger(tourId) || tourId <= 0) return false;
  const row = await wp.knex(wp.t.posts).first('ID').where({ ID: tourId, post_type: 'tour', post_status: 'publish' });
  return row !== undefined;
}
