import type { WpUser } from '../wp/user';
import type { WpDb } from './tables';

function toUser(row: Record<string, unknown>): WpUser {
  return {
    id: Number(row.ID),
    login: String(row.user_login),
    pass: String(row.user_pass ?? ''),
    nicename: String(row.user_nicename ?? ''),
    email: String(row.user_email ?? ''),
    url: String(row.user_url ?? ''),
    registered: String(row.user_registered),
    activationKey: String(row.user_activation_key ?? ''),
    status: Number(row.user_status ?? 0),
    displayName: String(row.display_name ?? ''),
  };
}

export async function getUserById(wp: WpDb, id: number): Promise<WpUser | undefined> {
  const row = await wp.knex(wp.t.users).first().where('ID', id);
  return row ? toUser(row) : undefined;
}

/** By login, matched as the site collation matches it (`Customer1` finds `customer1`). */
export async function getUserByLogin(wp: WpDb, login: string): Promise<WpUser | undefined> {
  const row = await wp.dialect.whereFolded(wp.knex(wp.t.users).select(), 'user_login', login).orderBy('ID').first();
  return row ? toUser(row) : undefined;
}

/** By e-mail, case- and accent-insensitively as MySQL compares it. */
export async function getUserByEmail(wp: WpDb, email: string): Promise<WpUser | undefined> {
  const row = await wp.dialect.whereFolded(wp.knex(wp.t.users).select(), 'user_email', email).orderBy('ID').first();
  return row ? toUser(row) : undefined;
}

export async function countUsers(wp: WpDb): Promise<number> {
  const row = await wp.knex(wp.t.users).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** Writes a user's password hash and/or activation key (`user_pass`, `user_activation_key`), as WordPress does. */
export async function updateUserSecrets(
  wp: WpDb,
  userId: number,
  changes: { pass?: string; activationKey?: string },
): Promise<void> {
  const row: Record<string, string> = {};
  if (changes.pass !== undefined) row.user_pass = changes.pass;
  if (changes.activationKey !== undefined) row.user_activation_key = changes.activationKey;
  if (Object.keys(row).length > 0) await wp.knex(wp.t.users).where('ID', userId).update(row);
}
