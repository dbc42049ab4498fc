import type { NextFunction, Request, Response } from 'express';
import { getPost } from '../data/posts';
import { createUser, sanitizeNewLogin } from '../data/profile';
import { hitRateLimit } from '../data/rate-limit';
import { getUserByLogin } from '../data/users';
import type { AppDeps } from '../http/deps';
import { BodyError } from '../http/multipart';
import { type PageContext, pageContext } from '../http/page-context';
import { appendCookies } from '../http/set-cookie';
import { str } from '../php/coerce';
import { registrationMails } from '../services/accounts/account-mails';
import { logIn } from '../services/accounts/login';
import {
  birthDateValue,
  PROFILE_MESSAGES,
  passwordRuleError,
  postedText,
  profileValue,
  validateProfileFields,
} from '../services/accounts/profile-form';
import { postPermalink, redirectTarget } from '../services/accounts/special-pages';
import { loadShell } from '../services/site/shell';
import { registerPageContent } from '../views/account/login-forms';
import { birthYears, PROFILE_FIELDS } from '../views/account/profile-fields';
import { hashPassword } from '../wp/password';
import { PROFILE_META_KEYS, type ProfileMetaKey } from '../wp/profile';
import { readFormBody } from './account/form-body';
import {
  type AccountSite,
  accountSiteFor,
  cannotBeSpecialPage,
  isSpecialPageRequest,
  siteNameText,
  specialPageTopBar,
  specialPageUrl,
} from './account/site';
import { renderPage, sendPage, sendRedirect } from './layout';
import { sameSite } from './login-page';

/**
 * The plugin's register page (engagement.md §4.3): GET shows the form; POST checks the
 * `tourmaster-registration` nonce, the plugin's field rules, then (ours, DEFECTS.md 15) the terms box
 * and a minimum password length, the username, the confirmation and WordPress's own refusals;
 * messages re-render the form with the values typed (never the passwords). Success creates the user
 * as `wp_insert_user` does, sends the registration mails, logs the user in by setting the login
 * cookies and redirects to the account page (the legacy page answered a self-submitting form
 * carrying the password in clear). Registrations are rate-limited per address.
 */
export const REGISTRATION_NONCE = 'tourmaster-registration';

/** Sign-ups from one address: per hour (counted for every post that passes the form's checks). */
export const REGISTER_ADDRESS_LIMIT = { bucket: 'register-address', limit: 10, windowSeconds: 3600 } as const;

export function registerPage(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (cannotBeSpecialPage(req)) return next();
    try {
      const ctx = pageContext(req, deps);
      const account = await accountSiteFor(req, ctx);
      if (!account.membership || !isSpecialPageRequest(req, account.pages.register)) return next();
      if (await ctx.user())
        return sendRedirect(res, account.pages.user.url || `${account.site.homeUrl}/`, { cache: 'no-cache' });
      if (req.method !== 'POST')
        return renderForm(ctx, req, res, account, { values: {}, errors: [], redirect: queryRedirect(req) });

      let fields: Awaited<ReturnType<typeof readFormBody>>['fields'];
      try {
        fields = (await readFormBody(req, res, deps)).fields;
      } catch (err) {
        if (!(err instanceof BodyError)) throw err;
        return renderForm(ctx, req, res, account, {
          values: {},
          errors: ['The form could not be read. Please try again.'],
          redirect: queryRedirect(req),
          status: err.status,
        });
      }
      const redirect = queryRedirect(req) || postedText(fields, 'redirect');
      const values: Record<string, string> = {};
      for (const field of PROFILE_FIELDS) {
        let value = profileValue(field, postedText(fields, field.slug));
        if (field.slug === 'birth_date') value = birthDateValue(value);
        values[field.slug] = field.slug === 'email' ? value.trim() : value;
      }
      const again = (errors: string[], status = 200) =>
        renderForm(ctx, req, res, account, { values, errors, redirect, status });

      if (!(await ctx.verifyNonce(fields.security, REGISTRATION_NONCE))) {
        // 200, as the legacy page answered a bad nonce (the notice is ours).
        return again([PROFILE_MESSAGES.sessionExpired]);
      }
      const errors = validateProfileFields(PROFILE_FIELDS, values);
      if (errors.length > 0) return again(errors);
      if (postedText(fields, 'tourmaster-require-acceptance') === '') return again([PROFILE_MESSAGES.terms]);
      const limit = await hitRateLimit(deps.wp, { ...REGISTER_ADDRESS_LIMIT, subject: ctx.ip }, ctx.now);
      if (!limit.allowed) {
        ctx.log.warn({ address: ctx.ip }, 'registration refused: too many from this address');
        res.setHeader('Retry-After', String(limit.retryAfter));
        return again(['Too many accounts were created from your address. Please try again later.'], 429);
      }
      const username = values.username ?? '';
      const login = sanitizeNewLogin(username);
      if ((await getUserByLogin(deps.wp, username)) || (login !== '' && (await getUserByLogin(deps.wp, login)))) {
        return again([PROFILE_MESSAGES.usernameExists]);
      }
      const password = postedText(fields, 'password');
      if (password !== postedText(fields, 'confirm-password')) return again([PROFILE_MESSAGES.passwordMismatch]);
      const rule = passwordRuleError(password, { login, email: values.email ?? '' });
      if (rule) return again([rule]);

      const meta: Partial<Record<ProfileMetaKey, string>> = {};
      for (const key of PROFILE_META_KEYS) meta[key] = values[key] ?? '';
      const created = await createUser(
        deps.wp,
        { login, passwordHash: hashPassword(password), email: values.email ?? '', meta },
        ctx.now,
      );
      if (!created.ok) return again([created.message]);
      ctx.log.info({ userId: created.user.id }, 'user registered');

      await sendRegistrationMails(ctx, account, values);
      const { cookies } = await logIn(ctx, created.user, { remember: true });
      appendCookies(res, cookies, ctx.now);
      const target =
        redirect === ''
          ? account.pages.user.url
          : await redirectTarget(deps.wp, account.site, account.general, redirect, '');
      sendRedirect(res, target && sameSite(target, account.site.homeUrl) ? target : `${account.site.homeUrl}/`, {
        cache: 'no-cache',
      });
    } catch (err) {
      next(err);
    }
  };
}

function queryRedirect(req: Request): string {
  return typeof req.query.redirect === 'string' ? req.query.redirect : '';
}

async function renderForm(
  ctx: PageContext,
  req: Request,
  res: Response,
  account: AccountSite,
  state: { values: Record<string, string>; errors: string[]; redirect: string; status?: number },
): Promise<void> {
  const { site, general } = account;
  const action = specialPageUrl(account.pages.register, state.redirect ? { redirect: state.redirect } : {});
  const content = registerPageContent({
    action,
    values: state.values,
    years: birthYears(ctx.now),
    redirect: state.redirect,
    termsUrl: await pageLink(ctx, general['register-term-of-service-page']),
    privacyUrl: await pageLink(ctx, general['register-privacy-statement-page']),
    loginUrl: account.pages.login.url,
    nonce: await ctx.nonce(REGISTRATION_NONCE),
    defaultCountry: str(general['user-default-country']),
    errors: state.errors,
  });
  const [topBar, shell] = await Promise.all([
    specialPageTopBar(ctx, req, account.pages.register.url),
    loadShell(ctx.deps, site.homeUrl),
  ]);
  const document = renderPage({
    title: 'Register',
    ...(topBar ? { topBar } : {}),
    siteName: siteNameText(site),
    homeUrl: site.homeUrl,
    siteUrl: site.siteUrl,
    content,
    bodyClass: 'tourmaster-template-register',
    robots: 'max-image-preview:large',
    shell,
  });
  sendPage(res, document, { status: state.status ?? 200, cache: 'no-cache' });
}

/** The terms and privacy links: a page id gives its permalink, a URL is kept, nothing gives `#`. */
async function pageLink(ctx: PageContext, value: unknown): Promise<string> {
  const text = str(value).trim();
  if (text === '') return '#';
  if (!/^\d+$/.test(text)) return /^https?:\/\//i.test(text) ? text : '#';
  const site = await ctx.site();
  const post = await getPost(ctx.deps.wp, Number(text));
  if (post?.status !== 'publish') return '#';
  return (await postPermalink(ctx.deps.wp, site, post.id)) || '#';
}

async function sendRegistrationMails(
  ctx: PageContext,
  account: AccountSite,
  values: Record<string, string>,
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
