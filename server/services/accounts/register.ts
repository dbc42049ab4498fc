import { getPost } from '../../data/posts';
import { createUser, sanitizeNewLogin } from '../../data/profile';
import { hitRateLimit } from '../../data/rate-limit';
import { getUserByLogin } from '../../data/users';
import { str } from '../../php/coerce';
import { PROFILE_FIELDS } from '../../views/account/profile-fields';
import { hashPassword } from '../../wp/password';
import { PROFILE_META_KEYS, type ProfileMetaKey } from '../../wp/profile';
import type { ReplyCookie } from '../../wp/set-cookie';
import type { Site } from '../../wp/site';
import type { RequestContext } from '../context';
import { registrationMails } from './account-mails';
import type { AccountSite } from './account-site';
import { logIn } from './login';
import { PROFILE_MESSAGES, passwordRuleError, validateProfileFields } from './profile-form';
import { postPermalink } from './special-pages';

/** Sign-ups from one address: per hour (counted for every post that passes the form's checks). */
export const REGISTER_ADDRESS_LIMIT = { bucket: 'register-address', limit: 10, windowSeconds: 3600 } as const;

export interface Registration {
  /** The profile fields as typed (PROFILE_FIELDS' slugs), read as the plugin reads them. */
  values: Readonly<Record<string, string>>;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
}

export type RegisterResult =
  | { ok: true; cookies: ReplyCookie[] }
  | { ok: false; errors: string[]; status: number; retryAfter?: number };

/**
 * A sign-up (engagement.md §4.3): the plugin's field rules, then (ours, DEFECTS.md 15) the terms box,
 * a limit per address and a minimum password length, the username, the confirmation and WordPress's
 * own refusals. Success creates the user as `wp_insert_user` does, sends the registration mails and
 * logs the user in (the cookies to send).
 */
export async function register(
  ctx: RequestContext,
  account: Pick<AccountSite, 'general' | 'pages'>,
  input: Registration,
): Promise<RegisterResult> {
  const refuse = (message: string, status = 200): RegisterResult => ({ ok: false, errors: [message], status });
  const { values } = input;
  const errors = validateProfileFields(PROFILE_FIELDS, values);
  if (errors.length > 0) return { ok: false, errors, status: 200 };
  if (!input.termsAccepted) return refuse(PROFILE_MESSAGES.terms);
  const limit = await hitRateLimit(ctx.wp, { ...REGISTER_ADDRESS_LIMIT, subject: ctx.ip }, ctx.now);
  if (!limit.allowed) {
    ctx.log.warn({ address: ctx.ip }, 'registration refused: too many from this address');
    return {
      ok: false,
      errors: ['Too many accounts were created from your address. Please try again later.'],
      status: 429,
      retryAfter: limit.retryAfter,
    };
  }
  const username = values.username ?? '';
  const login = sanitizeNewLogin(username);
  if ((await getUserByLogin(ctx.wp, username)) || (login !== '' && (await getUserByLogin(ctx.wp, login)))) {
    return refuse(PROFILE_MESSAGES.usernameExists);
  }
  if (input.password !== input.confirmPassword) return refuse(PROFILE_MESSAGES.passwordMismatch);
  const rule = passwordRuleError(input.password, { login, email: values.email ?? '' });
  if (rule) return refuse(rule);

  const meta: Partial<Record<ProfileMetaKey, string>> = {};
  for (const key of PROFILE_META_KEYS) meta[key] = values[key] ?? '';
  const created = await createUser(
    ctx.wp,
    { login, passwordHash: hashPassword(input.password), email: values.email ?? '', meta },
    ctx.now,
  );
  if (!created.ok) return refuse(created.message);
  ctx.log.info({ userId: created.user.id }, 'user registered');
  await sendRegistrationMails(ctx, account, values);
  const { cookies } = await logIn(ctx, created.user, { remember: true });
  return { ok: true, cookies };
}

async function sendRegistrationMails(
  ctx: RequestContext,
  account: Pick<AccountSite, 'general' | 'pages'>,
  values: Readonly<Record<string, string>>,
): Promise<void> {
  const messages = registrationMails({
    general: account.general,
    customer: {
      firstName: values.first_name ?? '',
      lastName: values.last_name ?? '',
      email: values.email ?? '',
      phone: values.phone ?? '',
    },
    profilePageUrl: account.pages.user.url,
    now: ctx.now,
  });
  for (const message of messages) {
    try {
      await ctx.deps.mailer.send(message);
    } catch (err) {
      ctx.log.error({ err, mail: message.type }, 'registration mail not sent');
    }
  }
}

/** The terms and privacy links of the form: a page id gives its permalink, a URL is kept, nothing gives `#`. */
export async function settingPageLink(ctx: Pick<RequestContext, 'wp'>, site: Site, value: unknown): Promise<string> {
  const text = str(value).trim();
  if (text === '') return '#';
  if (!/^\d+$/.test(text)) return /^https?:\/\//i.test(text) ? text : '#';
  const post = await getPost(ctx.wp, Number(text));
  if (post?.status !== 'publish') return '#';
  return (await postPermalink(ctx.wp, site, post.id)) || '#';
}
