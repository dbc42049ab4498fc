import type { NextFunction, Request, Response } from 'express';
import { TooManyRequestsError } from '../core/errors';
import type { AppDeps } from '../http/deps';
import { type PageContext, pageContext } from '../http/page-context';
import { readRawBody } from '../http/raw-body';
import { appendCookies } from '../http/set-cookie';
import { isEmpty, str } from '../php/coerce';
import { type PhpInput, parsePhpQuery } from '../php/form-body';
import type { AuthContext } from '../services/accounts/context';
import { expiredCookie, testCookies } from '../services/accounts/cookies';
import { attemptLogin, defaultLoginRedirect } from '../services/accounts/login';
import { logOut, logoutUrl } from '../services/accounts/logout';
import { requestPasswordReset, specialcharsDecode } from '../services/accounts/lost-password';
import { safeRedirect } from '../services/accounts/redirect';
import {
  findUserByResetKey,
  PASSWORD_MIN_LENGTH,
  parseResetCookie,
  resetCookieName,
  resetFormProblem,
  resetPassword,
  sameResetKey,
} from '../services/accounts/reset-password';
import { loadGeneralOptions, specialPageUrl, withArgs } from '../services/accounts/special-pages';
import { loadShell } from '../services/site/shell';
import { enforceWriteLimit } from '../services/write-limits';
import {
  type AuthPageInput,
  authPageContent,
  logoutConfirmPage,
  lostPasswordForm,
  type Notice,
  resetDone,
  resetPasswordForm,
} from '../views/account/auth-pages';
import { loginForm } from '../views/top-bar';
import { noCacheHeaders } from '../wp/nocache';
import type { ReplyCookie } from '../wp/set-cookie';
import type { Site } from '../wp/site';
import { siteNameText, specialPageTopBar } from './account/site';
import { renderPage } from './layout';

export const WP_LOGIN_PATH = '/wp-login.php';

/** The page routes (`METHOD path`) of this module in the captured site, for the replay's scope. */
export const WP_LOGIN_ROUTES: readonly string[] = [
  'POST /wp-login.php',
  'POST /wp-login.php?action=lostpassword',
  'GET /wp-login.php?action=logout',
];

type Vars = { [key: string]: PhpInput };

/** wp-login.php actions WordPress's own screens handle that we do not serve (post passwords, admin e-mail check…). */
const NOT_SERVED = new Set(['postpass', 'register', 'confirmaction', 'confirm_admin_email', 'entered_recovery_mode']);

/**
 * `/wp-login.php` as WordPress 6.3.1 with Tour Master's filters answers the plugin's forms
 * (engagement.md §4, the captured `form-login-*`, `zz-state-13…17`, `zz-state-41`):
 * - login (POST `log`, `pwd`, `rememberme`, `redirect_to`, `source=tm`): cookies + 302 to
 *   `redirect_to`; failures 302 to the plugin's login page with `status=login_empty|login_incorrect`;
 * - `action=logout` with a `log-out` nonce: session ended, cookies expired, 302; without: WordPress's
 *   403 "Do you really want to log out?" page;
 * - `action=lostpassword`: a reset key and WordPress's mail, 302 `/wp-login.php?checkemail=confirm`;
 * - `action=rp` / `resetpass`: the mailed link (key kept in the `wp-resetpass-*` cookie), the new
 *   password form and its post.
 * Every reply carries WordPress's no-cache headers, `X-Frame-Options` and the test cookie.
 */
export function wpLogin(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== WP_LOGIN_PATH || (req.method !== 'GET' && req.method !== 'POST')) return next();
    try {
      const query = parsePhpQuery(rawQuery(req));
      let post: Vars = {};
      if (req.method === 'POST') {
        const text = (await readRawBody(req, deps.config.maxBodyBytes)).toString('utf8');
        if (/^application\/x-www-form-urlencoded/i.test(req.get('content-type') ?? '')) post = parsePhpQuery(text);
      }
      // $_REQUEST: GET then POST, POST winning (request_order "GP").
      const request: Vars = { ...query, ...post };
      let action = str(request.action) || 'login';
      if (query.key !== undefined) action = 'resetpass';
      if (query.checkemail !== undefined) action = 'checkemail';
      if (NOT_SERVED.has(action)) return next();

      const ctx = pageContext(req, deps);
      const auth: AuthContext = { ...ctx, log: deps.log.child({ route: 'wp-login', action }) };
      const [site, user] = await Promise.all([ctx.site(), ctx.user()]);
      const reply = new LoginReply(res, site, ctx.now, ctx.https, user !== null);
      const flow: Flow = { req, ctx, auth, site, query, post, request, reply };

      if (action === 'logout') return await logoutFlow(flow);
      if (action === 'lostpassword' || action === 'retrievepassword') return await lostPasswordFlow(flow);
      if (action === 'resetpass' || action === 'rp') return await resetFlow(flow);
      if (action === 'checkemail') {
        const loginPage = await pluginLoginUrl(flow);
        return reply.redirect(withArgs(loginPage, { checkemail: str(query.checkemail) }, WP_LOGIN_PATH));
      }
      return await loginFlow(flow);
    } catch (err) {
      next(err);
    }
  };
}

interface Flow {
  req: Request;
  ctx: PageContext;
  auth: AuthContext;
  site: Site;
  query: Vars;
  post: Vars;
  request: Vars;
  reply: LoginReply;
}

/** The headers and cookie every wp-login.php reply starts with, then a redirect or a page. */
class LoginReply {
  private readonly cookies: ReplyCookie[];

  constructor(
    private readonly res: Response,
    private readonly site: Site,
    private readonly now: Date,
    https: boolean,
    private readonly loggedIn: boolean,
  ) {
    this.cookies = testCookies(site, https);
  }

  addCookies(cookies: readonly ReplyCookie[]): void {
    this.cookies.push(...cookies);
  }

  private start(status: number): void {
    const { Expires, 'Cache-Control': cacheControl } = noCacheHeaders(this.loggedIn);
    this.res.status(status);
    this.res.setHeader('Content-Type', 'text/html; charset=UTF-8');
    this.res.setHeader('Expires', Expires);
    this.res.setHeader('Cache-Control', cacheControl);
    this.res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    appendCookies(this.res, this.cookies, this.now);
  }

  /** `wp_redirect`: 302 with `X-Redirect-By: WordPress` and an empty body. */
  redirect(location: string): void {
    this.start(302);
    this.res.setHeader('X-Redirect-By', 'WordPress');
    this.res.setHeader('Location', location);
    this.res.setHeader('Content-Length', 0);
    this.res.end();
  }

  /** `wp_safe_redirect`: only to this site (or a relative path), else to the fallback. */
  safeRedirect(location: string, fallback = `${this.site.siteUrl}/wp-admin/`): void {
    this.redirect(safeRedirect(location, { homeUrl: this.site.homeUrl, requestPath: WP_LOGIN_PATH, fallback }));
  }

  page(html: string, status = 200): void {
    this.start(status);
    const body = Buffer.from(html, 'utf8');
    this.res.setHeader('Content-Length', body.length);
    this.res.end(body);
  }
}

/**
 * A wp-login.php form or notice in the site's shell (header, top bar, menu, footer), as the plugin's
 * own login page is printed, with the page's title in the title bar.
 */
async function shellPage(flow: Flow, title: string, input: AuthPageInput): Promise<string> {
  const { ctx, req, site } = flow;
  const [topBar, shell] = await Promise.all([
    specialPageTopBar(ctx, req, `${site.siteUrl}${WP_LOGIN_PATH}`),
    loadShell(ctx.deps, site.homeUrl),
  ]);
  return renderPage({
    title,
    ...(topBar ? { topBar } : {}),
    siteName: siteNameText(site),
    homeUrl: site.homeUrl,
    siteUrl: site.siteUrl,
    content: authPageContent(input),
    bodyClass: 'login tourmaster-template-login',
    robots: 'noindex, follow',
    shell,
  });
}

// ---------------------------------------------------------------------------------------------
// Login

async function loginFlow(flow: Flow): Promise<void> {
  const { req, auth, site, post, request, reply } = flow;
  const fromPlugin = str(request.source) === 'tm';
  if (req.method !== 'POST') return reply.page(await loginPage(flow, noticesFor(flow.query)));

  const outcome = await attemptLogin(auth, {
    log: str(post.log),
    pwd: str(post.pwd),
    remember: !isEmpty(post.rememberme),
  });
  if (outcome.ok) {
    reply.addCookies(outcome.loggedIn.cookies);
    const redirectTo = str(request.redirect_to);
    if (redirectTo === '' || redirectTo === 'wp-admin/' || redirectTo === `${site.siteUrl}/wp-admin/`) {
      return reply.redirect(await defaultLoginRedirect(auth.deps.wp, site.siteUrl, outcome.user.id));
    }
    return reply.safeRedirect(redirectTo);
  }
  if (fromPlugin) {
    // The plugin's failure redirect: back to its login page, `redirect` kept when one was posted.
    const args: Record<string, string> = {};
    const redirect = str(post.redirect);
    if (redirect !== '') args.redirect = redirect;
    args.status = outcome.reason === 'empty' ? 'login_empty' : 'login_incorrect';
    return reply.redirect(withArgs(await pluginLoginUrl(flow), args, WP_LOGIN_PATH));
  }
  const message =
    outcome.reason === 'empty'
      ? 'Error: Please enter your username or email address and your password.'
      : outcome.reason === 'limited'
        ? 'Error: Too many failed login attempts. Please try again in a few minutes.'
        : 'Error: Invalid username, email address or incorrect password.';
  return reply.page(await loginPage(flow, [{ kind: 'failure', text: message }]));
}

function noticesFor(query: Vars): Notice[] {
  if (str(query.loggedout) === 'true') return [{ kind: 'success', text: 'You are now logged out.' }];
  if (str(query.password) === 'changed')
    return [{ kind: 'success', text: 'Your password has been reset. Please log in.' }];
  return [];
}

async function loginPage(flow: Flow, notices: Notice[]): Promise<string> {
  const { site, request } = flow;
  const general = await loadGeneralOptions(flow.auth.deps.wp);
  const registerUrl = await specialPageUrl(flow.auth.deps.wp, site, general, 'register');
  return shellPage(flow, 'Log In', {
    template: 'login',
    notices,
    body: loginForm({
      siteUrl: site.siteUrl,
      redirectTo: str(request.redirect_to),
      redirect: '',
      registerUrl,
    }),
  });
}

async function pluginLoginUrl(flow: Flow): Promise<string> {
  const wp = flow.auth.deps.wp;
  return specialPageUrl(wp, flow.site, await loadGeneralOptions(wp), 'login');
}

// ---------------------------------------------------------------------------------------------
// Logout

async function logoutFlow(flow: Flow): Promise<void> {
  const { auth, site, request, reply } = flow;
  const redirectTo = str(request.redirect_to);
  const outcome = await logOut(auth, request._wpnonce);
  if (!outcome.ok) {
    auth.log.info({ address: auth.ip }, 'logout without a valid nonce: asking for confirmation');
    return reply.page(logoutConfirmPage(siteName(site), logoutUrl(site.siteUrl, outcome.freshNonce, redirectTo)), 403);
  }
  reply.addCookies(outcome.cookies);
  if (redirectTo !== '') return reply.safeRedirect(redirectTo);
  return reply.redirect(`${site.siteUrl}/wp-login.php?loggedout=true&wp_lang=en_US`);
}

// ---------------------------------------------------------------------------------------------
// Lost password

const KEY_ERRORS: Record<string, string> = {
  invalidkey: 'Your password reset link appears to be invalid. Please request a new link below.',
  expiredkey: 'Your password reset link has expired. Please request a new link below.',
};

async function lostPasswordFlow(flow: Flow): Promise<void> {
  const { req, auth, query, post, request, reply } = flow;
  const fromPlugin = str(request.source) === 'tm';
  if (req.method !== 'POST') {
    if (fromPlugin) {
      return reply.redirect(withArgs(await pluginLoginUrl(flow), { action: 'lostpassword' }, WP_LOGIN_PATH));
    }
    const error = KEY_ERRORS[str(query.error)];
    return reply.page(await lostPasswordPage(flow, error ? [{ kind: 'failure', text: error }] : []));
  }

  const outcome = await requestPasswordReset(auth, str(post.user_login));
  if (outcome.ok) {
    const redirectTo = str(request.redirect_to);
    return redirectTo === '' ? reply.redirect(`${WP_LOGIN_PATH}?checkemail=confirm`) : reply.safeRedirect(redirectTo);
  }
  if (fromPlugin) {
    const loginPage = await pluginLoginUrl(flow);
    return reply.redirect(withArgs(loginPage, { action: 'lostpassword', status: 'login_incorrect' }, WP_LOGIN_PATH));
  }
  const message =
    outcome.reason === 'empty'
      ? 'Error: Please enter a username or email address.'
      : outcome.reason === 'limited'
        ? 'Error: Too many password reset requests. Please try again later.'
        : outcome.reason === 'mail-failed'
          ? 'Error: The email could not be sent. Please try again later.'
          : 'Error: There is no account with that username or email address.';
  return reply.page(await lostPasswordPage(flow, [{ kind: 'failure', text: message }]));
}

function lostPasswordPage(flow: Flow, notices: Notice[]): Promise<string> {
  return shellPage(flow, 'Lost Password', {
    template: 'lostpassword',
    notices: [
      {
        kind: 'success',
        text: 'Please enter your username or email address. You will receive an email message with instructions on how to reset your password.',
      },
      ...notices,
    ],
    body: lostPasswordForm(flow.site.siteUrl),
  });
}

// ---------------------------------------------------------------------------------------------
// Reset

async function resetFlow(flow: Flow): Promise<void> {
  const { req, auth, site, query, post, reply } = flow;
  const wp = auth.deps.wp;
  const cookieName = resetCookieName(site);
  const forgetCookie = () => reply.addCookies([expiredCookie(cookieName, WP_LOGIN_PATH, auth.now, auth.https)]);
  const keyError = (reason: 'invalid' | 'expired') =>
    reply.redirect(
      `${site.siteUrl}/wp-login.php?action=lostpassword&error=${reason === 'expired' ? 'expiredkey' : 'invalidkey'}`,
    );

  if (query.key !== undefined && query.login !== undefined) {
    // The mailed link: keep login and key in a cookie, then drop them from the address bar.
    const login = str(query.login);
    const key = str(query.key);
    const found = await findUserByResetKey(wp, login, key, auth.now);
    if (!found.ok) {
      auth.log.info({ address: auth.ip, reason: found.reason }, 'password reset link refused');
      return keyError(found.reason);
    }
    reply.addCookies([
      { name: cookieName, value: `${login}:${key}`, path: WP_LOGIN_PATH, secure: auth.https, httpOnly: true },
    ]);
    return reply.redirect(removeQueryArgs(req.originalUrl, ['key', 'login']));
  }

  const stored = parseResetCookie(auth.cookie(cookieName));
  let found = stored ? await findUserByResetKey(wp, stored.login, stored.key, auth.now) : undefined;
  if (found?.ok && post.pass1 !== undefined && !sameResetKey(stored?.key ?? '', str(post.rp_key))) found = undefined;
  if (!found?.ok) {
    forgetCookie();
    return keyError(found && !found.ok ? found.reason : 'invalid');
  }
  const { user } = found;
  const form = async (notices: Notice[]) =>
    reply.page(
      await shellPage(flow, 'Reset Password', {
        template: 'resetpass',
        notices: [{ kind: 'success', text: 'Enter your new password below.' }, ...notices],
        body: resetPasswordForm({
          siteUrl: site.siteUrl,
          login: user.login,
          rpKey: stored?.key ?? '',
          minLength: PASSWORD_MIN_LENGTH,
        }),
      }),
    );
  if (req.method !== 'POST' || post.pass1 === undefined) return form([]);

  const problem = resetFormProblem(str(post.pass1), str(post.pass2), user);
  if (problem) return form([{ kind: 'failure', text: `Error: ${problem}` }]);
  try {
    await enforceWriteLimit(wp, 'passwordReset', { ip: auth.ip, userId: user.id }, auth.now);
  } catch (err) {
    // Shown on the form, as WordPress shows its own errors there; nothing is changed.
    if (err instanceof TooManyRequestsError) return form([{ kind: 'failure', text: `Error: ${err.message}` }]);
    throw err;
  }
  await resetPassword(wp, user, str(post.pass1));
  auth.log.info({ userId: user.id }, 'password reset');
  forgetCookie();
  const loginPage = await pluginLoginUrl(flow);
  return reply.page(
    await shellPage(flow, 'Password Reset', {
      template: 'resetpass',
      body: resetDone(loginPage || `${site.siteUrl}${WP_LOGIN_PATH}`),
    }),
  );
}

/** `remove_query_arg($keys)` on the request URI (relative, as WordPress redirects to it). */
export function removeQueryArgs(uri: string, keys: readonly string[]): string {
  const at = uri.indexOf('?');
  if (at === -1) return uri;
  const kept = uri
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair !== '' && !keys.includes(safeDecode(pair.split('=')[0] ?? '')));
  return kept.length ? `${uri.slice(0, at)}?${kept.join('&')}` : uri.slice(0, at);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The blog name as text: WordPress stores it HTML-escaped, and the views escape what they print. */
function siteName(site: Site): string {
  return specialcharsDecode(site.name);
}

function rawQuery(req: Request): string {
  const q = req.originalUrl.indexOf('?');
  return q < 0 ? '' : req.originalUrl.slice(q + 1);
}
