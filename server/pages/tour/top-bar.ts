import { wpNonceContext } from '../../services/accounts/context';
import { renderTopBar } from '../../services/accounts/top-bar';
import type { TourPageRows } from '../../services/tour-page/load-tour-page';
import { setting } from '../../tourmaster/settings';
import { raw, type SafeHtml } from '../../views/html';
import { RenderCache } from '../../views/render-cache';
import { guestTopBar, loginForm, registerForm } from '../../views/top-bar';
import { createNonce } from '../../wp/nonce';
import type { TourRequest } from './request';
import { pageOptionUrl, specialPageUrlFrom } from './urls';

/**
 * The user top bar on a tour page (engagement.md §3), sending visitors back to the tour after they
 * log in or sign up. A customer's bar is views/top-bar.ts's `renderTopBar`; a guest's is built from
 * the same builders with the settings and page URLs the page has already read, so a guest's page
 * costs no extra query (int test: identical to `renderTopBar`'s).
 */
export async function tourTopBar(
  tr: Pick<TourRequest, 'general' | 'site' | 'user' | 'ctx' | 'req' | 'permalink' | 'ajaxUrl'> & {
    rows: Pick<TourPageRows, 'pages'>;
  },
): Promise<SafeHtml | undefined> {
  const { general, site } = tr;
  if (setting(general, 'enable-membership', 'enable') === 'disable') return undefined;
  const options = { redirect: tr.permalink, requestUri: tr.req.originalUrl };
  if (tr.user) return (await renderTopBar(tr.ctx, options)) ?? undefined;

  const loginUrl = specialPageUrlFrom(tr, 'login');
  const registerUrl = specialPageUrlFrom(tr, 'register');
  const recaptcha = setting(general, 'enable-recaptcha', 'disable') === 'enable';
  const common = {
    style: setting(general, 'top-bar-login-style', 'style-1'),
    redirect: options.redirect,
    ajaxUrl: tr.ajaxUrl,
    lightboxStyle: setting(general, 'login-lightbox-style', 'style-1'),
    recaptcha,
    mobileLinks: setting(general, 'mobile-login-link', 'disable') === 'enable',
    loginUrl,
    registerUrl,
  };
  if (recaptcha) return guestTopBar({ ...common, loginForm: raw(''), registerForm: raw('') });
  const nonceContext = await wpNonceContext(tr.ctx);
  const year = tr.ctx.now.getUTCFullYear();
  // The redirect is the tour's permalink, an absolute URL the login keeps as its target.
  const login = { siteUrl: site.siteUrl, redirectTo: options.redirect, redirect: options.redirect, registerUrl };
  const register = {
    action: registerUrl,
    redirect: options.redirect,
    termsUrl: pageOptionUrl(tr, general['register-term-of-service-page']),
    privacyUrl: pageOptionUrl(tr, general['register-privacy-statement-page']),
    loginUrl,
    nonce: createNonce('tourmaster-registration', nonceContext),
    defaultCountry: setting(general, 'user-default-country'),
  };
  // Every guest of a tour sees the same bar until the nonce's tick, a setting or a page changes.
  return guestBars.get(JSON.stringify([common, login, register, year]), () =>
    guestTopBar({
      ...common,
      loginForm: loginForm(login),
      registerForm: registerForm({ ...register, years: Array.from({ length: 121 }, (_, i) => year - i) }),
    }),
  );
}

const guestBars = new RenderCache<SafeHtml>(200);
