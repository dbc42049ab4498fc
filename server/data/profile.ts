import { maybeUnserialize, serialize } from '../php/serialize';
import { isPhpArrayObject, PhpOrderedMap, type PhpValue, phpArrayKey, phpArrayValue } from '../php/values';
import { type AvatarMeta, PROFILE_META_KEYS, type Profile, type ProfileMetaKey } from '../wp/profile';
import type { WpUser } from '../wp/user';
import { getAllMeta, updateMeta } from './meta';
import { lockKeys } from './order-writes';
import { inTransaction, type WpDb } from './tables';
import { getUserByEmail, getUserById, getUserByLogin } from './users';
import { WISH_LIST_META_KEY } from './wish-list';

/**
 * The profile's rows (schema.md §6): `users.user_email`, the plugin's user meta, the avatar meta and
 * the wish list, read and written as WordPress and the plugin do, so the WordPress admin and the
 * legacy pages see every change.
 */
const AVATAR_KEY = 'tourmaster-user-avatar';

const text = (value: PhpValue | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';

export async function readProfile(wp: WpDb, userId: number): Promise<Profile | undefined> {
  const [user, all] = await Promise.all([getUserById(wp, userId), getAllMeta(wp, 'user', userId)]);
  if (!user) return undefined;
  const first = (key: string) => all.get(key)?.[0];
  const meta = Object.fromEntries(PROFILE_META_KEYS.map((k) => [k, text(first(k))])) as Record<ProfileMetaKey, string>;
  return { user, meta, avatar: readAvatar(first(AVATAR_KEY)) };
}

function readAvatar(value: PhpValue | undefined): AvatarMeta | undefined {
  if (!isPhpArrayObject(value)) return undefined;
  const avatar = { local_url: text(value.local_url), file_url: text(value.file_url), thumbnail: text(value.thumbnail) };
  return avatar.file_url || avatar.thumbnail ? avatar : undefined;
}

/** Writes the profile meta given (update_user_meta for each) and, when given, the e-mail. */
export async function updateProfile(
  wp: WpDb,
  userId: number,
  values: Partial<Record<ProfileMetaKey, string>>,
  email?: string,
): Promise<void> {
  await inTransaction(wp, async (trx) => {
    for (const key of PROFILE_META_KEYS) {
      const value = values[key];
      if (value !== undefined) await updateMeta(trx, 'user', userId, key, value);
    }
    if (email !== undefined) await trx.knex(trx.t.users).where('ID', userId).update({ user_email: email });
  });
}

export async function setAvatar(wp: WpDb, userId: number, avatar: AvatarMeta): Promise<void> {
  await updateMeta(wp, 'user', userId, AVATAR_KEY, { ...avatar });
}

/** `wp_set_password`: the new hash, and any pending reset key cleared. */
export async function setUserPassword(wp: WpDb, userId: number, hash: string): Promise<void> {
  await wp.knex(wp.t.users).where('ID', userId).update({ user_pass: hash, user_activation_key: '' });
}

// ---------------------------------------------------------------------------------------------
// Wish list

function wishListEntries(value: PhpValue | undefined): [string | number, PhpValue][] {
  if (Array.isArray(value)) return value.map((v, i) => [i, v]);
  if (value instanceof PhpOrderedMap) return [...value];
  if (isPhpArrayObject(value)) return Object.entries(value).map(([k, v]) => [phpArrayKey(k), v]);
  return [];
}

/**
 * Removes one tour from the wish list, as the plugin's `array_diff` does: every entry equal to the
 * tour id goes, the others keep their keys (so gaps are possible, as in lists the plugin wrote).
 * Returns whether anything was removed. The read and write are one transaction on the meta row.
 */
export async function removeFromWishList(wp: WpDb, userId: number, tourId: string): Promise<boolean> {
  return inTransaction(wp, async (trx) => {
    const row = await trx.dialect.forUpdate(
      trx
        .knex(trx.t.usermeta)
        .first('meta_value')
        .where({ user_id: userId, meta_key: WISH_LIST_META_KEY })
        .orderBy('umeta_id'),
    );
    if (!row) return false;
    const entries = wishListEntries(maybeUnserialize(String(row.meta_value ?? '')));
    const kept = entries.filter(([, v]) => text(v) !== tourId);
    if (kept.length === entries.length) return false;
    await updateMeta(trx, 'user', userId, WISH_LIST_META_KEY, phpArrayValue(new PhpOrderedMap(kept)));
    return true;
  });
}

/** Replaces the whole wish list (tests and tools). */
export async function setWishList(wp: WpDb, userId: number, tourIds: readonly string[]): Promise<void> {
  await updateMeta(wp, 'user', userId, WISH_LIST_META_KEY, [...tourIds]);
}

// ---------------------------------------------------------------------------------------------
// Creating a user (wp_insert_user)

/**
 * `sanitize_user($login, true)` as `wp_insert_user` runs it on a new login: tags, percent-escapes and
 * entities removed, accents dropped, then every character but `[A-Za-z0-9 _.\-@]`, trimmed, inner spaces collapsed.
 */
export function sanitizeNewLogin(raw: string): string {
  let login = raw
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/%[a-fA-F0-9]{2}/g, '')
    .replace(/&.+?;/g, '');
  // remove_accents (the common cases: a letter and its combining marks), then the strict set.
  login = login
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9 _.\-@]/g, '');
  return login.trim().replace(/\s+/g, ' ');
}

/** `sanitize_title($login)` as WordPress derives `user_nicename` from it. */
export function nicenameOf(login: string): string {
  return login
    .toLowerCase()
    .replace(/\./g, '-')
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50);
}

export interface NewUser {
  /** Already sanitised (`sanitizeUserLogin`). */
  login: string;
  /** The password hash to store (`hashPassword`). */
  passwordHash: string;
  email: string;
  /** Profile meta written after the core defaults (missing ones as ''). */
  meta: Partial<Record<ProfileMetaKey, string>>;
}

export type CreateUserResult = { ok: true; user: WpUser } | { ok: false; message: string };

/** WordPress's own messages for what `wp_insert_user` refuses. */
export const INSERT_USER_MESSAGES = {
  emptyLogin: 'Cannot create a user with an empty login name.',
  longLogin: 'Username may not be longer than 60 characters.',
  loginExists: 'Sorry, that username already exists!',
  emailExists: 'Sorry, that email address is already used!',
  longNicename: 'Nicename may not be longer than 50 characters.',
} as const;

/**
 * `wp_insert_user` for a self-registered customer, row for row: the `users` row (login, hash,
 * nicename made unique, e-mail, registration time in UTC, display name = login), the core user meta
 * with WordPress's defaults, the `subscriber` role, then the plugin's profile meta. Login and e-mail
 * uniqueness are checked under a lock in the same transaction, so two sign-ups cannot both take them.
 */
export async function createUser(wp: WpDb, input: NewUser, now: Date): Promise<CreateUserResult> {
  const login = input.login;
  if (login === '') return { ok: false, message: INSERT_USER_MESSAGES.emptyLogin };
  if (login.length > 60) return { ok: false, message: INSERT_USER_MESSAGES.longLogin };
  return inTransaction(wp, async (trx) => {
    await lockKeys(trx, [`user-login:${login.toLowerCase()}`, `user-email:${input.email.toLowerCase()}`]);
    if (await getUserByLogin(trx, login)) return { ok: false, message: INSERT_USER_MESSAGES.loginExists };
    if (input.email !== '' && (await getUserByEmail(trx, input.email)))
      return { ok: false, message: INSERT_USER_MESSAGES.emailExists };
    const nicename = await uniqueNicename(trx, nicenameOf(login) || login.toLowerCase().slice(0, 50));
    const [insertedId] = await trx.knex(trx.t.users).insert({
      user_login: login,
      user_pass: input.passwordHash,
      user_nicename: nicename,
      user_email: input.email,
      user_url: '',
      user_registered: now.toISOString().slice(0, 19).replace('T', ' '),
      user_activation_key: '',
      user_status: 0,
      display_name: login,
    });
    const id = Number(insertedId);
    const meta: [string, PhpValue][] = [
      ['nickname', login],
      ['first_name', input.meta.first_name ?? ''],
      ['last_name', input.meta.last_name ?? ''],
      ['description', ''],
      ['rich_editing', 'true'],
      ['syntax_highlighting', 'true'],
      ['comment_shortcuts', 'false'],
      ['admin_color', 'fresh'],
      ['use_ssl', '0'],
      ['show_admin_bar_front', 'true'],
      ['locale', ''],
    ];
    // WordPress writes the role map serialised; it is stored as PHP wrote it: a:1:{s:10:"subscriber";b:1;}
    const rows = meta.map(([key, value]) => ({ user_id: id, meta_key: key, meta_value: String(value) }));
    rows.push({ user_id: id, meta_key: `${trx.prefix}capabilities`, meta_value: serialize({ subscriber: true }) });
    rows.push({ user_id: id, meta_key: `${trx.prefix}user_level`, meta_value: '0' });
    for (const key of PROFILE_META_KEYS) {
      if (key === 'first_name' || key === 'last_name') continue;
      rows.push({ user_id: id, meta_key: key, meta_value: input.meta[key] ?? '' });
    }
    for (const row of rows) await trx.knex(trx.t.usermeta).insert(row);
    const user = await getUserById(trx, id);
    if (!user) throw new Error('The new user could not be read back.');
    return { ok: true, user };
  });
}

/** `wp_unique_user_nicename`-style: `name`, else `name-2`, `name-3`… */
async function uniqueNicename(wp: WpDb, base: string): Promise<string> {
  let candidate = base;
  for (let n = 2; n < 1000; n++) {
    const taken = await wp.knex(wp.t.users).first('ID').where('user_nicename', candidate);
    if (!taken) return candidate;
    const suffix = `-${n}`;
    candidate = `${base.slice(0, 50 - suffix.length)}${suffix}`;
  }
  return candidate;
}
