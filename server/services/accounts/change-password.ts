import { getOptions } from '../../data/options';
import { hitRateLimit, isRateLimited } from '../../data/rate-limit';
import { changePasswordKeepingSession } from '../../data/sessions';
import { mailAddress } from '../../mail/mailer';
import { str } from '../../php/coerce';
import { authCookiesFor, COOKIE_EXPIRY_SLACK_SECONDS } from '../../wp/auth-cookie';
import { checkPassword, hashPassword } from '../../wp/password';
import type { ReplyCookie } from '../../wp/set-cookie';
import type { Site } from '../../wp/site';
import type { CurrentUser } from '../../wp/user';
import type { RequestContext } from '../context';
import { passwordChangedMail } from './account-mails';
import { PROFILE_MESSAGES, passwordRuleError } from './profile-form';

/** Wrong old passwords a logged-in session may try before the form refuses for a while. */
const OLD_PASSWORD_LIMIT = { bucket: 'change-password-account', limit: 5, windowSeconds: 900 } as const;

export type ChangePasswordResult =
  | { ok: true; cookies: ReplyCookie[]; user: CurrentUser }
  | { ok: false; message: string; status: number };

/**
 * The account page's password change: the old password (a few wrong tries, then a pause), our
 * length rule; then the new hash is written, every other session of the user ends, this one
 * continues with re-issued cookies (the password fragment in them changed), and WordPress's
 * "Password Changed" notice is mailed.
 */
export async function changePassword(
  ctx: RequestContext,
  current: CurrentUser,
  site: Site,
  input: { oldPassword: string; newPassword: string },
): Promise<ChangePasswordResult> {
  const user = current.user;
  const limit = { ...OLD_PASSWORD_LIMIT, subject: String(user.id) };
  if (await isRateLimited(ctx.wp, limit, ctx.now)) {
    return { ok: false, message: 'Too many attempts. Please try again in a few minutes.', status: 429 };
  }
  if (!(await checkPassword(input.oldPassword, user.pass)).ok) {
    await hitRateLimit(ctx.wp, limit, ctx.now);
    return { ok: false, message: PROFILE_MESSAGES.oldPassword, status: 200 };
  }
  const rule = passwordRuleError(input.newPassword, user);
  if (rule) return { ok: false, message: rule, status: 200 };

  const hash = hashPassword(input.newPassword);
  const token = current.sessionToken;
  const kept = await changePasswordKeepingSession(ctx.wp, user.id, hash, token, ctx.now);
  const now = Math.floor(ctx.now.getTime() / 1000);
  const expiration = kept?.expiration ?? now + 2 * 86400;
  const remember = kept !== undefined && kept.expiration - (kept.login ?? now) > 2 * 86400;
  const salts = await ctx.deps.salts();
  const { cookies } = authCookiesFor({
    user: { user_login: user.login, user_pass: hash },
    expiration,
    token,
    expires: remember ? new Date((expiration + COOKIE_EXPIRY_SLACK_SECONDS) * 1000) : undefined,
    https: ctx.https,
    home: site.homeUrl,
    siteurl: site.siteUrl,
    salts: (scheme) => salts[scheme],
  });
  const changed = { ...current, user: { ...user, pass: hash } };
  ctx.log.info({ userId: user.id }, 'password changed');
  await sendPasswordChangedMail(ctx, changed, site);
  return { ok: true, cookies, user: changed };
}

async function sendPasswordChangedMail(ctx: RequestContext, current: CurrentUser, site: Site): Promise<void> {
  const options = await getOptions(ctx.wp, ['admin_email']);
  let host = '';
  try {
    host = new URL(site.homeUrl).hostname.replace(/^www\./, '');
  } catch {}
  const from = mailAddress(`wordpress@${host}`) ?? mailAddress(str(options.get('admin_email')));
  if (!from) return;
  const message = passwordChangedMail({
    siteName: site.name,
    homeUrl: site.homeUrl,
    adminEmail: str(options.get('admin_email')),
    login: current.user.login,
    email: current.user.email,
    from,
    now: ctx.now,
  });
  if (!message) return;
  try {
    await ctx.deps.mailer.send(message);
  } catch (err) {
    ctx.log.error({ err, userId: current.user.id }, 'password change notice not sent');
  }
}
