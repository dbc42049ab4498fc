import { html, raw, type SafeHtml } from '../html';

import { loginTemplate } from './login-forms';

/**
 * The content wp-login.php answers with when it does not redirect: the login, lost-password and
 * reset forms and the "password reset" notice, in the plugin's login template
 * (`tourmaster-template-wrapper`, `tourmaster-login-form`, `tourmaster-notification-box`), printed
 * in the site's shell by the route like the plugin's own login page; and WordPress's "Do you really
 * want to log out?" page, which is core's `wp_die` document. Every value is escaped.
 */

export interface Notice {
  kind: 'success' | 'failure';
  text: string;
}

export interface AuthPageInput {
  /** `login` | `lostpassword` | `resetpass`: the plugin template's content class. */
  template: string;
  notices?: readonly Notice[];
  body: SafeHtml;
}

export function authPageContent(input: AuthPageInput): SafeHtml {
  return loginTemplate(
    `tourmaster-${input.template}-template-content `,
    html`${(input.notices ?? []).map(notice)}${input.body}`,
  );
}

function notice(n: Notice): SafeHtml {
  return html`<div class="tourmaster-notification-box tourmaster-${n.kind}" >${n.text}</div>`;
}

/** The lost-password form (engagement.md §4.2 step 2). */
export function lostPasswordForm(siteUrl: string): SafeHtml {
  return html`<form class="tourmaster-lost-password-form tourmaster-form-field tourmaster-with-border" method="post" action="${siteUrl}/wp-login.php?action=lostpassword" >
<p class="tourmaster-lost-password-user"><label for="user_login">Username or E-mail:</label><input type="text" name="user_login" id="user_login" autocomplete="username" /></p>
<div class="clear"></div>
<p class="tourmaster-lost-password-submit" ><input type="submit" class="tourmaster-button" value="Get New Password" /></p>
<input type="hidden" name="source" value="tm" />
</form>`;
}

export interface ResetFormInput {
  siteUrl: string;
  login: string;
  rpKey: string;
  minLength: number;
}

/** The new-password form (core's `resetpass` form with the plugin's classes), posting pass1, pass2 and rp_key. */
export function resetPasswordForm(input: ResetFormInput): SafeHtml {
  return html`<form class="tourmaster-reset-password-form tourmaster-form-field tourmaster-with-border" name="resetpassform" id="resetpassform" method="post" action="${input.siteUrl}/wp-login.php?action=resetpass" autocomplete="off" >
<input type="hidden" id="user_login" value="${input.login}" autocomplete="off" />
<p class="tourmaster-reset-password-pass1"><label for="pass1">New password</label><input type="password" name="pass1" id="pass1" value="" autocomplete="new-password" minlength="${input.minLength}" required /></p>
<p class="tourmaster-reset-password-pass2"><label for="pass2">Confirm new password</label><input type="password" name="pass2" id="pass2" value="" autocomplete="new-password" minlength="${input.minLength}" required /></p>
<p class="description indicator-hint">Use at least ${input.minLength} characters, and not your username or email address.</p>
<input type="hidden" name="rp_key" value="${input.rpKey}" />
<p class="tourmaster-reset-password-submit" ><input type="submit" name="wp-submit" id="wp-submit" class="tourmaster-button" value="Reset Password" /></p>
</form>`;
}

/** After a reset: WordPress's notice and a link to the login page. */
export function resetDone(loginUrl: string): SafeHtml {
  return html`<p class="tourmaster-reset-password-done" >Your password has been reset. <a href="${loginUrl}" >Sign in to your account.</a></p>`;
}

/**
 * `wp_nonce_ays('log-out')` through `wp_die` (HTTP 403), as WordPress 6.3.1 prints it
 * (`zz-state-41-form-logout-without-nonce`): "You are attempting to log out of {site}" and a
 * "log out" link carrying a fresh nonce (`logoutUrl`).
 */
export function logoutConfirmPage(siteName: string, logoutHref: string): string {
  const title = html`You are attempting to log out of ${siteName}`;
  return `${WP_DIE_HEAD_START}${title.value}${WP_DIE_HEAD_END}${
    html`<body id="error-page">
	<div class="wp-die-message">${title}${raw('</p><p>')}Do you really want to <a href="${logoutHref}">log out</a>?</div></body>
</html>
	`.value
  }`;
}

/** `_default_wp_die_handler`'s document up to the title, and from the title to `<body>`. */
const WP_DIE_HEAD_START = `<!DOCTYPE html>
<html lang="en-US">
<head>
	<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
	<meta name="viewport" content="width=device-width">
		<meta name='robots' content='max-image-preview:large, noindex, follow' />
	<title>`;

const WP_DIE_HEAD_END = `</title>
	<style type="text/css">
		html {
			background: #f1f1f1;
		}
		body {
			background: #fff;
			border: 1px solid #ccd0d4;
			color: #444;
			font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Oxygen-Sans, Ubuntu, Cantarell, "Helvetica Neue", sans-serif;
			margin: 2em auto;
			padding: 1em 2em;
			max-width: 700px;
			-webkit-box-shadow: 0 1px 1px rgba(0, 0, 0, .04);
			box-shadow: 0 1px 1px rgba(0, 0, 0, .04);
		}
		h1 {
			border-bottom: 1px solid #dadada;
			clear: both;
			color: #666;
			font-size: 24px;
			margin: 30px 0 0 0;
			padding: 0;
			padding-bottom: 7px;
		}
		#error-page {
			margin-top: 50px;
		}
		#error-page p,
		#error-page .wp-die-message {
			font-size: 14px;
			line-height: 1.5;
			margin: 25px 0 20px;
		}
		#error-page code {
			font-family: Consolas, Monaco, monospace;
		}
		ul li {
			margin-bottom: 10px;
			font-size: 14px ;
		}
		a {
			color: #0073aa;
		}
		a:hover,
		a:active {
			color: #006799;
		}
		a:focus {
			color: #124964;
			-webkit-box-shadow:
				0 0 0 1px #5b9dd9,
				0 0 2px 1px rgba(30, 140, 190, 0.8);
			box-shadow:
				0 0 0 1px #5b9dd9,
				0 0 2px 1px rgba(30, 140, 190, 0.8);
			outline: none;
		}
		.button {
			background: #f3f5f6;
			border: 1px solid #016087;
			color: #016087;
			display: inline-block;
			text-decoration: none;
			font-size: 13px;
			line-height: 2;
			height: 28px;
			margin: 0;
			padding: 0 10px 1px;
			cursor: pointer;
			-webkit-border-radius: 3px;
			-webkit-appearance: none;
			border-radius: 3px;
			white-space: nowrap;
			-webkit-box-sizing: border-box;
			-moz-box-sizing:    border-box;
			box-sizing:         border-box;

			vertical-align: top;
		}

		.button.button-large {
			line-height: 2.30769231;
			min-height: 32px;
			padding: 0 12px;
		}

		.button:hover,
		.button:focus {
			background: #f1f1f1;
		}

		.button:focus {
			background: #f3f5f6;
			border-color: #007cba;
			-webkit-box-shadow: 0 0 0 1px #007cba;
			box-shadow: 0 0 0 1px #007cba;
			color: #016087;
			outline: 2px solid transparent;
			outline-offset: 0;
		}

		.button:active {
			background: #f3f5f6;
			border-color: #7e8993;
			-webkit-box-shadow: none;
			box-shadow: none;
		}

			</style>
</head>
`;
