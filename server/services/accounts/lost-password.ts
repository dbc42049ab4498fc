import { getOptions } from '../../data/options';
import type { WpDb } from '../../data/tables';
import { getUserByEmail, getUserByLogin, updateUserSecrets } from '../../data/users';
import { headerText, type MailMessage, mailAddress } from '../../mail/mailer';
import { str } from '../../php/coerce';
import { escapeHtml } from '../../views/html';
import { generateResetKey, resetKeyValue } from '../../wp/password';
import type { Site } from '../../wp/site';
import type { WpUser } from '../../wp/user';
import type { AuthContext } from './context';
import { gateLostPasswordRequest, gateResetMail } from './rate-limits';

export type LostPasswordOutcome =
  /** A reset mail went out (or one did within the hour and this request was not mailed again). */
  | { ok: true; userId: number; mailed: boolean }
  | { ok: false; reason: 'empty' | 'unknown' | 'limited' | 'mail-failed' };

/**
 * `wp-login.php?action=lostpassword` (core `retrieve_password` behind the plugin's lookup,
 * engagement.md §4.2): text with an `@` after its first character is an e-mail address (then a
 * login), anything else a login. A known user gets a new key (`user_activation_key` =
 * `"{unix}:{phpass(key)}"`, replacing any earlier one) and WordPress's reset mail with the link.
 */
export async function requestPasswordReset(ctx: AuthContext, userLogin: string): Promise<LostPasswordOutcome> {
  const wp = ctx.deps.wp;
  if (!(await gateLostPasswordRequest(wp, ctx.ip, ctx.now))) {
    ctx.log.warn({ address: ctx.ip }, 'lost password refused: too many requests from this address');
    return { ok: false, reason: 'limited' };
  }
  const typed = userLogin.trim();
  if (typed === '') return { ok: false, reason: 'empty' };
  const user = await findResetUser(wp, typed);
  if (!user) {
    ctx.log.info({ address: ctx.ip }, 'lost password: no such user');
    return { ok: false, reason: 'unknown' };
  }
  if (!(await gateResetMail(wp, user.id, ctx.now))) {
    // The user already has fresh mails; answer as usual so the limit tells nothing about the account.
    ctx.log.warn({ userId: user.id, address: ctx.ip }, 'lost password: reset mail limit reached, not sent again');
    return { ok: true, userId: user.id, mailed: false };
  }

  const key = generateResetKey();
  await updateUserSecrets(wp, user.id, { activationKey: resetKeyValue(key, ctx.now) });

  const [site, locale, currentUser] = await Promise.all([ctx.site(), siteLocale(wp), ctx.user()]);
  const from = await senderAddress(wp, site);
  if (!from) {
    ctx.log.error({ userId: user.id }, 'lost password: no usable sender address, reset mail not sent');
    return { ok: false, reason: 'mail-failed' };
  }
  const message = passwordResetMail({
    site,
    user,
    key,
    locale,
    from,
    requesterIp: currentUser ? undefined : ctx.ip,
    now: ctx.now,
  });
  try {
    await ctx.deps.mailer.send(message);
  } catch (err) {
    ctx.log.error({ err, userId: user.id }, 'lost password: the reset mail could not be sent');
    return { ok: false, reason: 'mail-failed' };
  }
  ctx.log.info({ userId: user.id }, 'password reset mail sent');
  return { ok: true, userId: user.id, mailed: true };
}

async function findResetUser(wp: WpDb, typed: string): Promise<WpUser | undefined> {
  if (typed.indexOf('@') > 0) return (await getUserByEmail(wp, typed)) ?? getUserByLogin(wp, typed);
  return getUserByLogin(wp, typed);
}

/** The site language (`WPLANG`, default `en_US`): the link's `wp_lang`. */
async function siteLocale(wp: WpDb): Promise<string> {
  const value = str((await getOptions(wp, ['WPLANG'])).get('WPLANG'));
  return /^[A-Za-z_]+$/.test(value) ? value : 'en_US';
}

/**
 * WordPress's sender (`wordpress@{site host}`, `www.` dropped) when that is a valid address, else
 * the site's admin e-mail, else the plugin's system address.
 */
async function senderAddress(wp: WpDb, site: Site): Promise<string | undefined> {
  const options = await getOptions(wp, ['admin_email', 'tourmaster_general']);
  let host = '';
  try {
    host = new URL(site.homeUrl).hostname.replace(/^www\./, '');
  } catch {}
  const general = options.get('tourmaster_general');
  const system =
    general && typeof general === 'object' ? (general as Record<string, unknown>)['system-email-address'] : '';
  for (const candidate of [`wordpress@${host}`, str(options.get('admin_email')), str(system)]) {
    const address = mailAddress(candidate);
    if (address) return address;
  }
  return undefined;
}

/**
 * The reset link as the plugin rewrites core's (engagement.md §4.2 and the captured
 * `zz-state-13`/`zz-state-14` mails): `{siteurl}/wp-login.php?source=tm&action=rp&key=…&login=…&wp_lang=…`.
 */
export function resetLink(siteUrl: string, login: string, key: string, locale: string): string {
  return `${siteUrl}/wp-login.php?source=tm&action=rp&key=${key}&login=${rawurlencode(login)}&wp_lang=${locale}`;
}

/** PHP `rawurlencode`: RFC 3986 (also `!'()*`). */
export function rawurlencode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `wp_specialchars_decode($text, ENT_QUOTES)`: the blog name as plain text. */
export function specialcharsDecode(text: string): string {
  return text
    .replace(/&#0*39;|&#x0*27;/gi, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export interface ResetMailInput {
  site: Site;
  user: WpUser;
  key: string;
  locale: string;
  from: string;
  /** The requester's address, mentioned when the request came from a visitor who is not logged in. */
  requesterIp?: string | undefined;
  now: Date;
}

/**
 * WordPress 6.3's reset message (`retrieve_password`), subject `[{blogname}] Password Reset`, sent
 * `From: WordPress <wordpress@host>`. WordPress sends it as plain text; our mail port sends HTML, so
 * each paragraph is a `<p>`, escaped, and the link is a link.
 */
export function passwordResetMail(input: ResetMailInput): MailMessage {
  const siteName = specialcharsDecode(input.site.name);
  const link = resetLink(input.site.siteUrl, input.user.login, input.key, input.locale);
  const paragraphs = [
    escapeHtml('Someone has requested a password reset for the following account:'),
    escapeHtml(`Site Name: ${siteName}`),
    escapeHtml(`Username: ${input.user.login}`),
    escapeHtml('If this was a mistake, ignore this email and nothing will happen.'),
    escapeHtml('To reset your password, visit the following address:'),
    `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
  ];
  if (input.requesterIp) {
    paragraphs.push(escapeHtml(`This password reset request originated from the IP address ${input.requesterIp}.`));
  }
  const html = `<!DOCTYPE html><html><head><meta charset="UTF-8"><title>${escapeHtml(siteName)}</title></head><body>${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('\n')}</body></html>`;
  return {
    type: 'password-reset',
    from: { name: 'WordPress', address: input.from },
    to: [input.user.email],
    subject: headerText(`[${siteName}] Password Reset`),
    html,
    date: input.now,
  };
}
