import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../http/deps';
import { readFormBody } from '../http/form-body';
import { BodyError } from '../http/multipart';
import { type PageContext, pageContext } from '../http/page-context';
import { appendCookies } from '../http/set-cookie';
import { str } from '../php/coerce';
import { birthDateValue, PROFILE_MESSAGES, postedText, profileValue } from '../services/accounts/profile-form';
import { register, settingPageLink } from '../services/accounts/register';
import { redirectTarget } from '../services/accounts/special-pages';
import { loadShell } from '../services/site/shell';
import { registerPageContent } from '../views/account/login-forms';
import { birthYears, PROFILE_FIELDS } from '../views/account/profile-fields';
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
 * `tourmaster-registration` nonce and hands the typed values to services/accounts/register.ts;
 * refusals re-render the form with the values typed (never the passwords). Success sets the login
 * cookies and redirects to the account page (the legacy page answered a self-submitting form
 * carrying the password in clear).
 */
export const REGISTRATION_NONCE = 'tourmaster-registration';

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
        fields = (await readFormBody(req, deps)).fields;
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
      const termsAccepted = postedText(fields, 'tourmaster-require-acceptance') !== '';
      const again = (errors: string[], status = 200) =>
        renderForm(ctx, req, res, account, { values, termsAccepted, errors, redirect, status });

      if (!(await ctx.verifyNonce(fields.security, REGISTRATION_NONCE))) {
        // 200, as the legacy page answered a bad nonce (the notice is ours).
        return again([PROFILE_MESSAGES.sessionExpired]);
      }
      const result = await register(ctx, account, {
        values,
        password: postedText(fields, 'password'),
        confirmPassword: postedText(fields, 'confirm-password'),
        termsAccepted,
      });
      if (!result.ok) {
        if (result.retryAfter !== undefined) res.setHeader('Retry-After', String(result.retryAfter));
        return again(result.errors, result.status);
      }
      appendCookies(res, result.cookies, ctx.now);
      const target =
        redirect === ''
          ? account.pages.user.url
          : await redirectTarget(ctx.wp, account.site, account.general, redirect, '');
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
  state: {
    values: Record<string, string>;
    termsAccepted?: boolean;
    errors: string[];
    redirect: string;
    status?: number;
  },
): Promise<void> {
  const { site, general } = account;
  const action = specialPageUrl(account.pages.register, state.redirect ? { redirect: state.redirect } : {});
  const content = registerPageContent({
    action,
    values: state.values,
    termsAccepted: state.termsAccepted === true,
    years: birthYears(ctx.now),
    redirect: state.redirect,
    termsUrl: await settingPageLink(ctx, site, general['register-term-of-service-page']),
    privacyUrl: await settingPageLink(ctx, site, general['register-privacy-statement-page']),
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
