import { createHash } from 'node:crypto';
import type { RegisterTermProps } from '../../client/common/islands/RegisterForm';
import type { TopBarMenuProps } from '../../client/common/islands/TopBarMenu';
import { REGISTER_SENTENCE } from '../../client/common/islands/terms-sentence';
import { COUNTRY_OPTIONS } from '../tourmaster/countries';
import { formField } from './form-field';
import { escapeHtml, escUrl, html, raw, type SafeHtml } from './html';
import { islandProps } from './island-props';
import { loginFormMarkup } from './login-form';

/**
 * The plugin's user top bar (engagement.md §3), printed by the page header and answered by
 * `refresh_user_top_bar`: the logged-in bar (avatar, name, account menu, Sign Out with this
 * session's `log-out` nonce) or the guest bar (Login and Sign Up, each with its lightbox holding the
 * login form and the registration form). The builders are pure; `renderTopBar` loads what they need.
 * Every value is escaped (the legacy plugin printed the name and redirect as they were).
 */

export type TopBarAvatar =
  /** `get_avatar($id, 30)`: the Gravatar of the account's e-mail. */
  | { kind: 'gravatar'; email: string; https: boolean }
  /** The picture uploaded on the profile page (user meta `tourmaster-user-avatar`). */
  | { kind: 'image'; url: string };

export interface TopBarNavItem {
  slug: string;
  title: string;
  url: string;
}

export interface UserTopBarInput {
  /** `top-bar-login-style`, e.g. `style-1`. */
  style: string;
  /** `data-redirect`: the page the bar sends visitors back to. */
  redirect: string;
  ajaxUrl: string;
  avatar: TopBarAvatar;
  name: string;
  nav: readonly TopBarNavItem[];
}

export function userTopBar(input: UserTopBarInput): SafeHtml {
  const avatar =
    input.avatar.kind === 'image'
      ? html`<img src="${escUrl(input.avatar.url)}" alt="profile-image" />`
      : gravatarImg(input.avatar.email, 30, input.avatar.https);
  return html`<div class="tourmaster-user-top-bar tourmaster-user tourmaster-refresh tourmaster-${input.style}"  data-redirect="${input.redirect}"  data-ajax-url="${escUrl(input.ajaxUrl)}" >${islandProps('TopBarMenu', topBarMenuProps(input))}${avatar}<span class="tourmaster-user-top-bar-name" >${input.name}</span><i class="fa fa-sort-down" ></i><div class="tourmaster-user-top-bar-nav" ><div class="tourmaster-user-top-bar-nav-inner" >${input.nav.map(
    (item) =>
      html`<div class="tourmaster-user-top-bar-nav-item tourmaster-nav-${item.slug}" ><a href="${escUrl(item.url)}" >${item.title}</a></div>`,
  )}</div></div></div>`;
}

/** The bar's typed props (client/common/islands/TopBarMenu.ts): what the island renders on our pages. */
export function topBarMenuProps(input: UserTopBarInput): TopBarMenuProps {
  const { avatar } = input;
  return {
    avatar:
      avatar.kind === 'image'
        ? { src: avatar.url, alt: 'profile-image' }
        : {
            src: gravatarUrl(avatar.email, 30, avatar.https),
            alt: '',
            gravatar: {
              srcset: `${gravatarUrl(avatar.email, 60, avatar.https)} 2x`,
              className: 'avatar avatar-30 photo',
              size: 30,
            },
          },
    name: input.name,
    nav: input.nav.map((item) => ({ slug: item.slug, title: item.title, url: item.url })),
  };
}

/** The Gravatar URL of `get_avatar_url` for an e-mail: md5 of the trimmed lower-case address. */
export function gravatarUrl(email: string, size: number, https: boolean): string {
  const normalized = email.trim().toLowerCase();
  const hash = normalized === '' ? '' : createHash('md5').update(normalized, 'utf8').digest('hex');
  const server = hash === '' ? 0 : Number.parseInt(hash.charAt(0), 16) % 3;
  const base = https ? 'https://secure.gravatar.com/avatar/' : `http://${server}.gravatar.com/avatar/`;
  return `${base}${hash}?s=${size}&d=mm&r=g`;
}

/** `get_avatar($id_or_email, $size)` as WordPress 6.3 prints it (double size in `srcset`, lazy loading). */
export function gravatarImg(email: string, size: number, https: boolean, options: { lazy?: boolean } = {}): SafeHtml {
  const loading = options.lazy === false ? raw('') : raw(" loading='lazy'");
  return html`<img alt='' src='${escUrl(gravatarUrl(email, size, https))}' srcset='${escUrl(gravatarUrl(email, size * 2, https))} 2x' class='avatar avatar-${size} photo' height='${size}' width='${size}'${loading} decoding='async'/>`;
}

// ---------------------------------------------------------------------------------------------
// Guest

export interface GuestTopBarInput {
  style: string;
  redirect: string;
  ajaxUrl: string;
  /** `login-lightbox-style`, e.g. `style-1`. */
  lightboxStyle: string;
  /** `enable-recaptcha`: plain links to the login and register pages instead of lightboxes. */
  recaptcha: boolean;
  /** `mobile-login-link`: extra links shown on mobile instead of the lightbox buttons. */
  mobileLinks: boolean;
  loginUrl: string;
  registerUrl: string;
  loginForm: SafeHtml;
  registerForm: SafeHtml;
}

const LOGIN_ICON = html`<i class="icon_lock_alt" ></i><span class="tourmaster-text" >Login</span>`;
const SIGNUP_ICON = html`<i class="fa fa-user" ></i><span class="tourmaster-text" >Sign Up</span>`;

export function guestTopBar(input: GuestTopBarInput): SafeHtml {
  const head = (extra: string) =>
    html`<div class="tourmaster-user-top-bar tourmaster-guest tourmaster-${input.style}" ${raw(extra)}>`;
  if (input.recaptcha) {
    return html`${head('')}<a class="tourmaster-user-top-bar-login" href="${escUrl(input.loginUrl)}" >${LOGIN_ICON}</a><a class="tourmaster-user-top-bar-signup" href="${escUrl(input.registerUrl)}" >${SIGNUP_ICON}</a></div>`;
  }
  const hide = input.mobileLinks ? 'tourmaster-hide-on-mobile' : '';
  return html`${head(` data-redirect="${escapeHtml(input.redirect)}"  data-ajax-url="${escUrl(input.ajaxUrl).value}" `)}<span class="tourmaster-user-top-bar-login ${hide}" data-tmlb="login" >${LOGIN_ICON}</span>${lightbox('login', 'Login', input.lightboxStyle, input.loginForm)}<span class="tourmaster-user-top-bar-signup ${hide}" data-tmlb="signup" >${SIGNUP_ICON}</span>${lightbox('signup', 'Sign Up', input.lightboxStyle, input.registerForm)}${
    input.mobileLinks &&
    html`<a class="tourmaster-user-top-bar-login tourmaster-show-on-mobile" href="${escUrl(input.loginUrl)}" >${LOGIN_ICON}</a><a class="tourmaster-user-top-bar-signup tourmaster-show-on-mobile" href="${escUrl(input.registerUrl)}" >${SIGNUP_ICON}</a>`
  }</div>`;
}

/** The plugin's lightbox: its script clones it into the overlay when the sibling `[data-tmlb=id]` is clicked. */
export function lightbox(id: string, title: string, style: string, content: SafeHtml): SafeHtml {
  return html`<div class="tourmaster-lightbox-content-wrap tourmaster-${style}" data-tmlb-id="${id}" ><div class="tourmaster-lightbox-head" ><h3 class="tourmaster-lightbox-title" >${title}</h3><i class="tourmaster-lightbox-close icon_close" ></i></div><div class="tourmaster-lightbox-content" >${content}</div></div>`;
}

export interface LoginFormInput {
  siteUrl: string;
  /** `{RT}`: where a successful login goes (`redirectTarget` in services/accounts/special-pages.ts). */
  redirectTo: string;
  /** The `redirect` query value, echoed in its hidden field. */
  redirect: string;
  registerUrl: string;
}

/** The plugin's login form (engagement.md §4.1), posting to wp-login.php with `source=tm`. */
export function loginForm(input: LoginFormInput): SafeHtml {
  return html`${loginFormMarkup({ variant: 'top-bar', siteUrl: input.siteUrl, redirectTo: input.redirectTo, redirect: input.redirect })}
<div class="tourmaster-login-bottom" >
	<h3 class="tourmaster-login-bottom-title" >Do not have an account?</h3>
	<a class="tourmaster-login-bottom-link" href="${escUrl(input.registerUrl)}" >Create an Account</a>
</div>
`;
}

export interface RegisterFormInput {
  /** The register page (the form posts there). */
  action: string;
  /** The hidden `redirect` field. */
  redirect: string;
  termsUrl: string;
  privacyUrl: string;
  loginUrl: string;
  /** `wp_create_nonce('tourmaster-registration')` for this visitor. */
  nonce: string;
  /** The birth-date years, newest first (this year back 120 years). */
  years: readonly number[];
  /** `user-default-country` (preselected). */
  defaultCountry: string;
  /** Values to refill after a failed submit (passwords are never refilled). */
  values?: Readonly<Record<string, string>>;
  /** The terms box as the visitor left it, after a failed submit. */
  termsAccepted?: boolean;
}

const WRAPPER = 'tourmaster-profile-field';

function passwordField(slug: string, title: string): SafeHtml {
  return html`<div class="${WRAPPER} ${WRAPPER}-${slug} tourmaster-type-password clearfix" ><div class="tourmaster-head" >${title}<span class="tourmaster-req" >*</span></div><div class="tourmaster-tail clearfix" ><input type="password" name="${slug}" value=""  data-required  /></div></div>`;
}

const REGISTER_TERMS_NOTICE = 'Please agree to all the terms and conditions before proceeding to the next step';

/**
 * The registration form of the Sign Up lightbox and the register page (engagement.md §4.3), its
 * terms block's typed props first (client/common/islands/RegisterForm.ts, for the island).
 */
export function registerForm(input: RegisterFormInput): SafeHtml {
  const value = (slug: string) => input.values?.[slug] ?? '';
  const field = (slug: string, title: string, type: string) =>
    formField(WRAPPER, { slug, title, type, required: true, options: [] }, value(slug), { yearRange: input.years });
  const country = formField(
    WRAPPER,
    { slug: 'country', title: 'Country', type: 'combobox', required: true, options: COUNTRY_OPTIONS },
    input.values?.country ?? input.defaultCountry,
  );
  const term: RegisterTermProps = {
    acceptanceName: 'tourmaster-require-acceptance',
    termsUrl: input.termsUrl,
    privacyUrl: input.privacyUrl,
    sentence: REGISTER_SENTENCE,
    notice: REGISTER_TERMS_NOTICE,
    ...(input.termsAccepted ? { accepted: true } : {}),
  };
  return html`<form class="tourmaster-register-form tourmaster-form-field tourmaster-with-border" action="${escUrl(input.action)}" method="post" >${islandProps('RegisterForm', term)}<div class="tourmaster-register-message" >After creating an account, you'll be able to track your payment status, track the confirmation and you can also rate the tour after you finished the tour.</div><div class="tourmaster-register-form-fields clearfix" >${field('username', 'Username', 'text')}${passwordField('password', 'Password')}${passwordField('confirm-password', 'Confirm Password')}${field('first_name', 'First Name', 'text')}${field('last_name', 'Last Name', 'text')}${field('birth_date', 'Birth Date', 'date')}${field('email', 'Email', 'email')}${field('phone', 'Phone', 'text')}${country}</div><input type="hidden" name="redirect" value="${input.redirect}" ><div class="tourmaster-register-term" ><input type="checkbox" name="tourmaster-require-acceptance" ${input.termsAccepted && 'checked'} />* Creating an account means you're okay with our <a href="${escUrl(input.termsUrl)}" target="_blank">Terms of Service</a> and <a href="${escUrl(input.privacyUrl)}" target="_blank">Privacy Statement</a>.<div class="tourmaster-notification-box tourmaster-failure" >${REGISTER_TERMS_NOTICE}</div></div><input type="submit" class="tourmaster-register-submit tourmaster-button" value="Sign Up" /><input type="hidden" name="security" value="${input.nonce}" /></form><div class="tourmaster-register-bottom" ><h3 class="tourmaster-register-bottom-title" >Already a member?</h3><a class="tourmaster-register-bottom-link" href="${escUrl(input.loginUrl)}" >Login</a></div>`;
}
