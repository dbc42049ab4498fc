import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../http/deps';
import { pageContext } from '../http/page-context';
import { str } from '../php/coerce';
import { redirectTarget } from '../services/accounts/special-pages';
import { loadShell } from '../services/site/shell';
import { notificationBox } from '../views/account/common';
import { LOGIN_MESSAGES, loginPageContent, lostPasswordPageContent } from '../views/account/login-forms';
import {
  accountSiteFor,
  cannotBeSpecialPage,
  isSpecialPageRequest,
  siteNameText,
  specialPageTopBar,
} from './account/site';
import { renderPage, sendPage, sendRedirect } from './layout';

/**
 * The plugin's login page (engagement.md §4.1, §4.2): `{login page}` shows the login form posting
 * to `/wp-login.php` (handled by the login routes), `?status=login_incorrect` its failure notice,
 * `?checkemail=confirm` the "check your e-mail" notice, `?action=lostpassword` the lost-password
 * form. A logged-in visitor is sent on to the account page. The reset steps (`?action=rp`,
 * `resetpass`, from reset links the legacy plugin mailed) are sent on to `/wp-login.php`, which
 * handles them now (server/pages/wp-login.ts).
 */
export function loginPage(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (cannotBeSpecialPage(req)) return next();
    try {
      const ctx = pageContext(req, deps);
      const account = await accountSiteFor(req, ctx);
      if (!account.membership || !isSpecialPageRequest(req, account.pages.login)) return next();
      if (req.query.action === 'rp' || req.query.action === 'resetpass') {
        // Reset links the legacy plugin sent here are handled by wp-login.php itself now.
        const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
        return sendRedirect(res, `${account.site.siteUrl}/wp-login.php${query}`, { cache: 'no-cache' });
      }
      if (await ctx.user())
        return sendRedirect(res, account.pages.user.url || `${account.site.homeUrl}/`, { cache: 'no-cache' });
      const { site } = account;
      const status = str(req.query.status);
      let content: ReturnType<typeof loginPageContent>;
      if (req.query.action === 'lostpassword') {
        content = lostPasswordPageContent({
          siteUrl: site.siteUrl,
          notice:
            status === 'login_incorrect' ? notificationBox('failure', [LOGIN_MESSAGES.lostPasswordIncorrect]) : '',
        });
      } else {
        // The login page asks for the account page after login unless told otherwise.
        const redirect =
          typeof req.query.redirect === 'string' && req.query.redirect !== '' ? req.query.redirect : 'user';
        const target = await redirectTarget(deps.wp, site, account.general, redirect, req.originalUrl);
        content = loginPageContent({
          siteUrl: site.siteUrl,
          redirect,
          redirectTo: sameSite(target, site.homeUrl) ? target : `${site.homeUrl}/`,
          registerUrl: account.pages.register.url,
          notice:
            status === 'login_incorrect'
              ? notificationBox('failure', [LOGIN_MESSAGES.loginIncorrect])
              : req.query.checkemail === 'confirm'
                ? notificationBox('success', [LOGIN_MESSAGES.checkEmail])
                : '',
        });
      }
      const [topBar, shell] = await Promise.all([
        specialPageTopBar(ctx, req, account.pages.login.url),
        loadShell(deps, site.homeUrl),
      ]);
      const document = renderPage({
        title: 'Login',
        ...(topBar ? { topBar } : {}),
        siteName: siteNameText(site),
        homeUrl: site.homeUrl,
        siteUrl: site.siteUrl,
        content,
        bodyClass: 'tourmaster-template-login',
        robots: 'max-image-preview:large',
        shell,
      });
      sendPage(res, document, { cache: 'no-cache' });
    } catch (err) {
      next(err);
    }
  };
}

/** A redirect target on this site (relative, or the site's own origin); others are not printed. */
export function sameSite(url: string, homeUrl: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return new URL(url).origin === new URL(homeUrl).origin;
  } catch {
    return false;
  }
}
