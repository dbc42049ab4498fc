import { changeApplicationPasswords, markApplicationPasswordsInUse } from '../../data/application-passwords';
import type { WpDb } from '../../data/tables';
import { getUserByLogin } from '../../data/users';
import {
  appendItem,
  generateApplicationPassword,
  hashApplicationPassword,
  MAX_APPLICATION_NAME_LENGTH,
  nameExists,
  newItem,
  sanitizeTextField,
} from '../../wp/application-passwords';

export type CreatedKey =
  | { ok: true; userId: number; login: string; name: string; password: string; uuid: string }
  | { ok: false; reason: 'unknown-user' | 'empty-name' | 'long-name' | 'duplicate-name' };

/**
 * `WP_Application_Passwords::create_new_application_password` for the user with `login`: the name
 * sanitised (`sanitize_text_field`) and required, unique for the user (case-insensitively), a new
 * 24-character password hashed as this site's WordPress hashes it (phpass), the item appended to
 * `_application_passwords` and the site marked as using application passwords. The password is
 * returned once, in clear; only its hash is stored.
 */
export async function createApplicationPassword(
  wp: WpDb,
  input: { login: string; name: string; now: Date },
): Promise<CreatedKey> {
  const user = await getUserByLogin(wp, input.login);
  if (!user) return { ok: false, reason: 'unknown-user' };
  const name = sanitizeTextField(input.name);
  if (name === '') return { ok: false, reason: 'empty-name' };
  if ([...name].length > MAX_APPLICATION_NAME_LENGTH) return { ok: false, reason: 'long-name' };
  const password = generateApplicationPassword();
  const item = newItem(name, hashApplicationPassword(password), Math.floor(input.now.getTime() / 1000));
  const added = await changeApplicationPasswords(wp, user.id, (items) =>
    nameExists(items, name) ? { items: null, result: false } : { items: appendItem(items, item), result: true },
  );
  if (!added) return { ok: false, reason: 'duplicate-name' };
  await markApplicationPasswordsInUse(wp);
  return { ok: true, userId: user.id, login: user.login, name, password, uuid: String(item.uuid) };
}
