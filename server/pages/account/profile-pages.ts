import { updateMeta } from '../../data/meta';
import { getOptions } from '../../data/options';
import { type ProfileMetaKey, readProfile, setAvatar, setUserPassword, updateProfile } from '../../data/profile';
import { hitRateLimit, isRateLimited } from '../../data/rate-limit';
import { inTransaction } from '../../data/tables';
import { getUserByEmail } from '../../data/users';
import { mailAddress } from '../../mail/mailer';
import { str } from '../../php/coerce';
import { maybeUnserialize } from '../../php/serialize';
import type { PhpValue } from '../../php/values';
import { passwordChangedMail } from '../../services/accounts/account-mails';
import { breadcrumbs, contentInner, userAvatar } from '../../views/account/common';
import { changePasswordForm, editProfileForm, nonceField } from '../../views/account/profile';
import { birthYears, EDIT_PROFILE_FIELDS } from '../../views/account/profile-fields';
import type { SafeHtml } from '../../views/html';
import {
  addSession,
  authCookieNames,
  COOKIE_EXPIRY_SLACK_SECONDS,
  cookiePaths,
  generateAuthCookie,
  hashSessionToken,
  normalizeSessions,
} from '../../wp/auth-cookie';
import { checkPassword, hashPassword } from '../../wp/password';
import type { ReplyCookie } from '../../wp/set-cookie';
import { checkAvatarUpload, storeAvatar } from './avatar';
import { type AccountRequest, accountPageUrl } from './context';
import type { FormBody } from './form-body';
import {
  birthDateValue,
  PROFILE_MESSAGES,
  passwordRuleError,
  postedText,
  profileValue,
  validateProfileFields,
} from './profile-form';

/** Our nonce actions (DEFECTS.md 18 for the profile; the change-password one is the plugin's). */
export const EDIT_PROFILE_NONCE = 'tourmaster-edit-profile';
export const CHANGE_PASSWORD_NONCE = 'tourmaster-change-password';

export type Notice = { kind: 'success' | 'failure'; messages: string[] } | undefined;

/** The profile as the edit form shows it: stored meta and e-mail. */
function storedValues(a: AccountRequest): Record<string, string> {
  return { ...a.profile.meta, email: a.profile.user.email };
}

async function formNonce(a: AccountRequest, action: string): Promise<SafeHtml> {
  return nonceField('security', await a.ctx.nonce(action), a.requestUri);
}

export async function editProfilePage(
  a: AccountRequest,
  state: { values?: Record<string, string>; notice?: Notice } = {},
): Promise<SafeHtml> {
  return contentInner('edit-profile', [
    breadcrumbs([{ title: 'Dashboard', url: accountPageUrl(a, 'dashboard') }, { title: 'Edit Profile' }]),
    editProfileForm({
      avatar: userAvatar(a.profile.avatar, a.profile.user.email, a.avatar, a.ctx.https),
      values: state.values ?? storedValues(a),
      years: birthYears(a.ctx.now),
      notice: state.notice,
      nonce: await formNonce(a, EDIT_PROFILE_NONCE),
    }),
  ]);
}

/**
 * The edit-profile post (`tourmaster-edit-profile=1`, multipart): our nonce, the plugin's field
 * rules, a unique valid e-mail (the legacy page ignored core's refusal silently), and the picture.
 * Nothing is saved unless everything is valid. Returns the state to render.
 */
export async function postEditProfile(
  a: AccountRequest,
  body: FormBody,
): Promise<{ values: Record<string, string>; notice: Notice; status: number }> {
  const values: Record<string, string> = {};
  for (const field of EDIT_PROFILE_FIELDS) {
    let value = profileValue(field, postedText(body.fields, field.slug));
    if (field.slug === 'birth_date') value = birthDateValue(value);
    values[field.slug] = field.slug === 'email' ? value.trim() : value;
  }
  if (!(await a.ctx.verifyNonce(body.fields.security, EDIT_PROFILE_NONCE))) {
    return { values, notice: { kind: 'failure', messages: [PROFILE_MESSAGES.sessionExpired] }, status: 200 };
  }
  const errors = validateProfileFields(EDIT_PROFILE_FIELDS, values);
  const email = values.email ?? '';
  if (errors.length === 0 && email.toLowerCase() !== a.profile.user.email.toLowerCase()) {
    const owner = await getUserByEmail(a.ctx.deps.wp, email);
    if (owner && owner.id !== a.user.user.id) errors.push('Sorry, that email address is already used!');
  }
  const upload = checkAvatarUpload(body.files['profile-image']);
  if (upload.kind === 'error') errors.push(upload.message);
  if (errors.length > 0) return { values, notice: { kind: 'failure', messages: errors }, status: 200 };

  const userId = a.user.user.id;
  const meta: Partial<Record<ProfileMetaKey, string>> = {};
  for (const field of EDIT_PROFILE_FIELDS)
    if (field.slug !== 'email') meta[field.slug as ProfileMetaKey] = values[field.slug] ?? '';
  await updateProfile(a.ctx.deps.wp, userId, meta, email);
  if (upload.kind === 'image') {
    const avatar = await storeAvatar(a.ctx.deps, a.account.site.homeUrl, userId, upload, a.profile.avatar);
    await setAvatar(a.ctx.deps.wp, userId, avatar);
  }
  const fresh = await readProfile(a.ctx.deps.wp, userId);
  if (fresh) a.profile = fresh;
  a.ctx.log.info({ userId, avatar: upload.kind === 'image' }, 'profile updated');
  return {
    values: storedValues(a),
    notice: { kind: 'success', messages: [PROFILE_MESSAGES.profileChanged] },
    status: 200,
  };
}

export async function changePasswordPage(a: AccountRequest, notice: Notice = undefined): Promise<SafeHtml> {
  return contentInner('change-password', [
    breadcrumbs([{ title: 'Dashboard', url: accountPageUrl(a, 'dashboard') }, { title: 'Change Password' }]),
    changePasswordForm({ notice, nonce: await formNonce(a, CHANGE_PASSWORD_NONCE) }),
  ]);
}

/** Wrong old passwords a logged-in session may try before the form refuses for a while. */
const OLD_PASSWORD_LIMIT = { bucket: 'change-password-account', limit: 5, windowSeconds: 900 } as const;

/**
 * The change-password post: the plugin's nonce (`security`), required fields, confirmation, the old
 * password, our length rule. On success the new hash is written, every other session of the user
 * ends, this one continues with re-issued cookies (the password fragment in them changed), and
 * WordPress's "Password Changed" notice is mailed.
 */
export async function postChangePassword(
  a: AccountRequest,
  body: FormBody,
): Promise<{ notice: Notice; status: number; cookies: ReplyCookie[] }> {
  const fail = (message: string, status = 200) => ({
    notice: { kind: 'failure' as const, messages: [message] },
    status,
    cookies: [],
  });
  if (!(await a.ctx.verifyNonce(body.fields.security, CHANGE_PASSWORD_NONCE))) {
    return fail(PROFILE_MESSAGES.sessionExpired);
  }
  const oldPassword = postedText(body.fields, 'old-password');
  const newPassword = postedText(body.fields, 'new-password');
  const confirm = postedText(body.fields, 'confirm-password');
  if (oldPassword === '' || newPassword === '' || confirm === '') return fail(PROFILE_MESSAGES.required);
  if (newPassword !== confirm) return fail(PROFILE_MESSAGES.passwordMismatch);
  const wp = a.ctx.deps.wp;
  const user = a.user.user;
  const limit = { ...OLD_PASSWORD_LIMIT, subject: String(user.id) };
  if (await isRateLimited(wp, limit, a.ctx.now))
    return fail('Too many attempts. Please try again in a few minutes.', 429);
  if (!(await checkPassword(oldPassword, user.pass)).ok) {
    await hitRateLimit(wp, limit, a.ctx.now);
    return fail(PROFILE_MESSAGES.oldPassword);
  }
  const rule = passwordRuleError(newPassword, user);
  if (rule) return fail(rule);

  const hash = hashPassword(newPassword);
  const site = a.account.site;
  const salts = await a.ctx.deps.salts();
  const token = a.user.sessionToken;
  const now = Math.floor(a.ctx.now.getTime() / 1000);
  let expiration = now + 2 * 86400;
  let remember = false;
  await inTransaction(wp, async (trx) => {
    await setUserPassword(trx, user.id, hash);
    const row = await trx.dialect.forUpdate(
      trx
        .knex(trx.t.usermeta)
        .first('meta_value')
        .where({ user_id: user.id, meta_key: 'session_tokens' })
        .orderBy('umeta_id'),
    );
    const sessions = normalizeSessions(row ? maybeUnserialize(String(row.meta_value ?? '')) : undefined);
    const current = sessions[hashSessionToken(token)];
    if (current) {
      expiration = current.expiration;
      remember = current.expiration - (current.login ?? now) > 2 * 86400;
    }
    // Only this browser's session survives (WordPress: destroy the others on a password change).
    const write = addSession({}, token, current ?? { expiration, login: now }, now);
    if (write.op === 'update')
      await updateMeta(trx, 'user', user.id, 'session_tokens', write.sessions as unknown as PhpValue);
  });

  const names = authCookieNames(site.siteUrl);
  const paths = cookiePaths(site.homeUrl, site.siteUrl);
  const authScheme = a.ctx.https ? 'secure_auth' : 'auth';
  const expires = remember ? new Date((expiration + COOKIE_EXPIRY_SLACK_SECONDS) * 1000) : undefined;
  const authValue = generateAuthCookie(
    { user_login: user.login, user_pass: hash },
    expiration,
    token,
    salts[authScheme],
  );
  const loggedInValue = generateAuthCookie(
    { user_login: user.login, user_pass: hash },
    expiration,
    token,
    salts.logged_in,
  );
  const secureLoggedIn = a.ctx.https && site.homeUrl.startsWith('https');
  const cookie = (name: string, value: string, path: string, secure: boolean): ReplyCookie => ({
    name,
    value,
    path,
    httpOnly: true,
    secure,
    ...(expires ? { expires } : {}),
  });
  const cookies = [
    cookie(names[authScheme], authValue, paths.pluginsCookiePath, a.ctx.https),
    cookie(names[authScheme], authValue, paths.adminCookiePath, a.ctx.https),
    cookie(names.logged_in, loggedInValue, paths.cookiePath, secureLoggedIn),
  ];
  if (paths.cookiePath !== paths.siteCookiePath)
    cookies.push(cookie(names.logged_in, loggedInValue, paths.siteCookiePath, secureLoggedIn));
  a.user = { ...a.user, user: { ...user, pass: hash } };
  a.ctx.log.info({ userId: user.id }, 'password changed');
  await sendPasswordChangedMail(a);
  return { notice: { kind: 'success', messages: [PROFILE_MESSAGES.passwordChanged] }, status: 200, cookies };
}

async function sendPasswordChangedMail(a: AccountRequest): Promise<void> {
  const wp = a.ctx.deps.wp;
  const site = a.account.site;
  const options = await getOptions(wp, ['admin_email']);
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
    login: a.user.user.login,
    email: a.user.user.email,
    from,
    now: a.ctx.now,
  });
  if (!message) return;
  try {
    await a.ctx.deps.mailer.send(message);
  } catch (err) {
    a.ctx.log.error({ err, userId: a.user.user.id }, 'password change notice not sent');
  }
}
