import { getRawMetas } from '../../data/meta';
import { getOptions } from '../../data/options';
import type { WpDb } from '../../data/tables';
import { isSet, str } from '../../php/coerce';
import { maybeUnserialize } from '../../php/serialize';
import { setting } from '../../tourmaster/settings';
import { html, type SafeHtml } from '../../views/html';
import type { TopBarAvatar, TopBarNavItem, UserTopBarInput } from '../../views/top-bar';
import { guestTopBar, loginForm, registerForm, userTopBar } from '../../views/top-bar';
import { createNonce } from '../../wp/nonce';
import type { Site } from '../../wp/site';
import type { CurrentUser } from '../../wp/user';
import { type AuthContext, wpNonceContext } from './context';
import { logoutUrl } from './logout';
import {
  type GeneralOptions,
  loadGeneralOptions,
  postPermalink,
  redirectTarget,
  specialPageUrl,
  withArgs,
} from './special-pages';

/** What the loader needs: a page context or an admin-ajax action context. */
export type TopBarContext = Pick<AuthContext, 'deps' | 'now' | 'https' | 'site' | 'user' | 'cookie'>;

export interface TopBarOptions {
  /** `$_GET['redirect']` (the refresh posts the bar's `data-redirect`), else the current post's permalink. */
  redirect: string;
  /** The current request URI: the login form's target without a redirect, and the base of dangling page links. */
  requestUri: string;
}

/** The top bar for the visitor as they are now, or null when membership is disabled. */
export async function renderTopBar(ctx: TopBarContext, options: TopBarOptions): Promise<SafeHtml | null> {
  const wp = ctx.deps.wp;
  const general = await loadGeneralOptions(wp);
  if (setting(general, 'enable-membership', 'enable') === 'disable') return null;
  const [site, user] = await Promise.all([ctx.site(), ctx.user()]);
  const common = {
    style: setting(general, 'top-bar-login-style', 'style-1'),
    redirect: options.redirect,
    ajaxUrl: `${site.siteUrl}/wp-admin/admin-ajax.php`,
  };
  if (user) return userTopBar({ ...common, ...(await userBarData(ctx, wp, site, general, user, options)) });

  const [loginUrl, registerUrl] = await Promise.all([
    specialPageUrl(wp, site, general, 'login'),
    specialPageUrl(wp, site, general, 'register'),
  ]);
  const recaptcha = setting(general, 'enable-recaptcha', 'disable') === 'enable';
  const guest = {
    ...common,
    lightboxStyle: setting(general, 'login-lightbox-style', 'style-1'),
    recaptcha,
    mobileLinks: setting(general, 'mobile-login-link', 'disable') === 'enable',
    loginUrl,
    registerUrl,
  };
  if (recaptcha) return guestTopBar({ ...guest, loginForm: html``, registerForm: html`` });
  const [redirectTo, termsUrl, privacyUrl, nonceContext] = await Promise.all([
    redirectTarget(wp, site, general, options.redirect, options.requestUri),
    pageOptionUrl(wp, site, general['register-term-of-service-page']),
    pageOptionUrl(wp, site, general['register-privacy-statement-page']),
    wpNonceContext(ctx),
  ]);
  const year = ctx.now.getUTCFullYear();
  return guestTopBar({
    ...guest,
    loginForm: loginForm({ siteUrl: site.siteUrl, redirectTo, redirect: options.redirect, registerUrl }),
    registerForm: registerForm({
      action: registerUrl,
      redirect: options.redirect,
      termsUrl,
      privacyUrl,
      loginUrl,
      nonce: createNonce('tourmaster-registration', nonceContext),
      years: Array.from({ length: 121 }, (_, i) => year - i),
      defaultCountry: setting(general, 'user-default-country'),
    }),
  });
}

async function userBarData(
  ctx: TopBarContext,
  wp: WpDb,
  site: Site,
  general: GeneralOptions,
  current: CurrentUser,
  options: TopBarOptions,
): Promise<Pick<UserTopBarInput, 'avatar' | 'name' | 'nav'>> {
  const { user } = current;
  const meta = await getRawMetas(wp, 'user', user.id, ['first_name', 'last_name', 'tourmaster-user-avatar']);
  const fullName = `${meta.get('first_name') ?? ''} ${meta.get('last_name') ?? ''}`.trim();

  const [userPage, cartPage, nonceContext] = await Promise.all([
    specialPageUrl(wp, site, general, 'user'),
    roomCartPage(wp, site),
    wpNonceContext(ctx),
  ]);
  const page = (slug: string) => withArgs(userPage, { page_type: slug }, options.requestUri);
  const nav: TopBarNavItem[] = [
    { slug: 'dashboard', title: 'Dashboard', url: page('dashboard') },
    { slug: 'edit-profile', title: 'Edit Profile', url: page('edit-profile') },
    { slug: 'wish-list', title: 'Wish List', url: page('wish-list') },
  ];
  if (cartPage) nav.push({ slug: 'cart-page', title: 'Room Cart', url: cartPage });
  const nonce = createNonce('log-out', nonceContext);
  nav.push({ slug: 'sign-out', title: 'Sign Out', url: logoutUrl(site.siteUrl, nonce, `${site.homeUrl}/`) });

  return {
    avatar: avatarOf(meta.get('tourmaster-user-avatar'), user.email, ctx.https),
    name: fullName === '' ? user.displayName : fullName,
    nav,
  };
}

/** The uploaded profile picture (`thumbnail`, else `file_url`), else the Gravatar. */
function avatarOf(stored: string | undefined, email: string, https: boolean): TopBarAvatar {
  let value: unknown;
  try {
    value = stored ? maybeUnserialize(stored) : undefined;
  } catch {
    value = undefined; // a corrupt meta value shows the Gravatar, as WordPress's false does
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const fields = value as Record<string, unknown>;
    const url = str(fields.thumbnail) || str(fields.file_url);
    if (url) return { kind: 'image', url };
  }
  return { kind: 'gravatar', email, https };
}

/** A page option (terms, privacy): a page id's permalink, any other text as the URL, `#` when unset. */
async function pageOptionUrl(wp: WpDb, site: Site, value: unknown): Promise<string> {
  if (!isSet(value)) return '#';
  const text = str(value);
  return /^\d+$/.test(text) ? postPermalink(wp, site, Number(text)) : text;
}

/** The room module's cart page (`tourmaster_room_general` → `top-bar-cart-page`), when one is set. */
async function roomCartPage(wp: WpDb, site: Site): Promise<string | undefined> {
  const room = (await getOptions(wp, ['tourmaster_room_general'])).get('tourmaster_room_general');
  const value = room && typeof room === 'object' ? (room as Record<string, unknown>)['top-bar-cart-page'] : undefined;
  if (!isSet(value)) return undefined;
  return (await pageOptionUrl(wp, site, value)) || undefined;
}
