import type { PhpValue } from '../php/values';
import {
  APPLICATION_PASSWORDS_IN_USE_OPTION,
  APPLICATION_PASSWORDS_META,
  type StoredItems,
  storedItemsOf,
  storedValueOf,
  withUuids,
} from '../wp/application-passwords';
import { getMeta, updateMeta } from './meta';
import { getOptions, updateOption } from './options';
import { inTransaction, type WpDb } from './tables';

/**
 * A user's application passwords in the user meta `_application_passwords` (a PHP-serialised
 * array, written back whole as `update_user_meta` does), read as `get_user_application_passwords`
 * reads them: items without a uuid get one, saved at once.
 */
export async function readApplicationPasswords(wp: WpDb, userId: number): Promise<StoredItems> {
  const stored = storedItemsOf(await getMeta(wp, 'user', userId, APPLICATION_PASSWORDS_META));
  const { items, changed } = withUuids(stored);
  if (changed) await updateMeta(wp, 'user', userId, APPLICATION_PASSWORDS_META, storedValueOf(items));
  return items;
}

/**
 * Rewrites a user's list under a lock on the user's row, so two writers (a key created while
 * another's usage is recorded, by any process) never lose each other's change: `change` gets the
 * list as it is now and returns the new one, or null to leave it.
 */
export async function changeApplicationPasswords<T>(
  wp: WpDb,
  userId: number,
  change: (items: StoredItems) => { items: StoredItems | null; result: T },
): Promise<T> {
  return inTransaction(wp, async (trx) => {
    await trx.dialect.forUpdate(trx.knex(trx.t.users).first('ID').where('ID', userId));
    const { items, result } = change(
      withUuids(storedItemsOf(await getMeta(trx, 'user', userId, APPLICATION_PASSWORDS_META))).items,
    );
    if (items) await updateMeta(trx, 'user', userId, APPLICATION_PASSWORDS_META, storedValueOf(items));
    return result;
  });
}

/** `update_network_option('using_application_passwords', true)` on a single site: `1`, autoload `no`. */
export async function markApplicationPasswordsInUse(wp: WpDb): Promise<void> {
  await updateOption(wp, APPLICATION_PASSWORDS_IN_USE_OPTION, '1', 'no');
}

/**
 * What `WP_User` reads to know a user's capabilities: the user meta `{prefix}capabilities` and the
 * option `{prefix}user_roles` (role → name and capabilities).
 */
export async function readCapabilitySources(
  wp: WpDb,
  userId: number,
): Promise<{ userCaps: PhpValue | undefined; roles: PhpValue | undefined }> {
  const rolesOption = `${wp.prefix}user_roles`;
  const [userCaps, options] = await Promise.all([
    getMeta(wp, 'user', userId, `${wp.prefix}capabilities`),
    getOptions(wp, [rolesOption]),
  ]);
  return { userCaps, roles: options.get(rolesOption) };
}
