import { maybeUnserialize } from '../php/serialize';
import type { PhpValue } from '../php/values';
import {
  addSession,
  hashSessionToken,
  type MintedLogin,
  mintAuthCookies,
  normalizeSessions,
  removeSession,
  type SessionEntry,
  type SessionWrite,
} from '../wp/auth-cookie';
import type { Site } from '../wp/site';
import type { WpUser } from '../wp/user';
import { deleteMeta, updateMeta } from './meta';
import { setUserPassword } from './profile';
import type { Salts } from './salts';
import { inTransaction, type WpDb } from './tables';

/**
 * The `session_tokens` user meta, changed as WP_Session_Tokens does: re-read, prune expired,
 * change, write back (or delete the row when empty). The read locks the row, so two logins of the
 * same user at once cannot lose each other's session.
 */
async function changeSessions(wp: WpDb, userId: number, change: (current: unknown) => SessionWrite): Promise<void> {
  await inTransaction(wp, async (trx) => {
    const row = await trx.dialect.forUpdate(
      trx
        .knex(trx.t.usermeta)
        .first('meta_value')
        .where({ user_id: userId, meta_key: 'session_tokens' })
        .orderBy('umeta_id'),
    );
    const current = row ? maybeUnserialize(String(row.meta_value ?? '')) : undefined;
    const write = change(current);
    if (write.op === 'delete') await deleteMeta(trx, 'user', userId, 'session_tokens');
    else await updateMeta(trx, 'user', userId, 'session_tokens', write.sessions as unknown as PhpValue);
  });
}

/**
 * Logs a user in as wp_set_auth_cookie does: a new session token stored in `session_tokens` and
 * the auth and logged-in cookies WordPress will accept.
 */
export async function startSession(
  wp: WpDb,
  user: WpUser,
  options: { site: Site; salts: Salts; remember: boolean; https: boolean; ip: string; ua: string; now: Date },
): Promise<MintedLogin> {
  let minted: MintedLogin | undefined;
  await changeSessions(wp, user.id, (current) => {
    minted = mintAuthCookies({
      user: { user_login: user.login, user_pass: user.pass },
      remember: options.remember,
      https: options.https,
      home: options.site.homeUrl,
      siteurl: options.site.siteUrl,
      salts: (scheme) => options.salts[scheme],
      sessionTokens: current,
      ip: options.ip,
      ua: options.ua,
      now: Math.floor(options.now.getTime() / 1000),
    });
    return minted.sessionWrite;
  });
  return minted!;
}

/** Destroys one session (logout on this browser). */
export async function endSession(wp: WpDb, userId: number, token: string, now: Date): Promise<void> {
  await changeSessions(wp, userId, (current) => removeSession(current, token, Math.floor(now.getTime() / 1000)));
}

/** Adds a session entry directly (for tools and tests that mint cookies outside a login). */
export async function storeSession(
  wp: WpDb,
  userId: number,
  token: string,
  entry: Parameters<typeof addSession>[2],
  now: Date,
): Promise<void> {
  await changeSessions(wp, userId, (current) => addSession(current, token, entry, Math.floor(now.getTime() / 1000)));
}

/**
 * A password change as WordPress makes it: the new hash (any reset key cleared) and, of the user's
 * sessions, only `token`'s kept (the others end), in one transaction. Returns the kept session as it
 * was, or undefined when it was gone.
 */
export async function changePasswordKeepingSession(
  wp: WpDb,
  userId: number,
  hash: string,
  token: string,
  now: Date,
): Promise<SessionEntry | undefined> {
  const seconds = Math.floor(now.getTime() / 1000);
  let kept: SessionEntry | undefined;
  await inTransaction(wp, async (trx) => {
    await setUserPassword(trx, userId, hash);
    await changeSessions(trx, userId, (current) => {
      kept = normalizeSessions(current)[hashSessionToken(token)];
      return addSession({}, token, kept ?? { expiration: seconds + 2 * 86400, login: seconds }, seconds);
    });
  });
  return kept;
}
