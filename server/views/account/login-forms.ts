import { html, type SafeHtml } from '../html';
import { type LoginFormInput, loginForm, type RegisterFormInput, registerForm } from '../top-bar';
import { notificationBox } from './common';

/**
 * The plugin's login page, lost-password form and register page (engagement.md §4.1–§4.3), as the
 * captured pages print them (legacy-fixtures/pages/login.html, lost-password.html, register.html).
 * The forms themselves are the top bar's (views/top-bar.ts): the same markup in the lightboxes.
 */

/** The plugin's login template wrapper around a form (`tourmaster-login-form-style-1`). */
export function loginTemplate(contentClass: string, content: SafeHtml): SafeHtml {
  return html`<div class="tourmaster-template-wrapper tourmaster-login-form-style-1" ><div class="tourmaster-container" ><div class="tourmaster-page-content ${contentClass} tourmaster-item-pdlr" >${content}</div></div></div>`;
}

export const LOGIN_MESSAGES = {
  loginIncorrect: 'Invalid username, email address or incorrect password.',
  lostPasswordIncorrect: 'Invalid username or email.',
  checkEmail: 'Please check your email for the confirmation link.',
} as const;

export function loginPageContent(input: LoginFormInput & { notice?: SafeHtml | '' }): SafeHtml {
  return loginTemplate('tourmaster-login-template-content ', html`${input.notice}${loginForm(input)}`);
}

export function lostPasswordPageContent(input: { siteUrl: string; notice?: SafeHtml | '' }): SafeHtml {
  return loginTemplate(
    'tourmaster-lostpassword-template-content ',
    html`${input.notice}<form class="tourmaster-lost-password-form tourmaster-form-field tourmaster-with-border" method="post" action="${input.siteUrl}/wp-login.php?action=lostpassword" >
	<p class="tourmaster-lost-password-user">
		<label>Username or E-mail:</label>
		<input type="text" name="user_login" />
	</p>
	<div class="clear"></div>
		<p class="tourmaster-lost-password-submit" >
		<input type="submit" class="tourmaster-button" value="Get New Password" />
	</p>
	<input type="hidden" name="source"  value="tm" />
</form>
`,
  );
}

export type RegisterPageInput = RegisterFormInput & { errors: readonly string[] };

export function registerPageContent(input: RegisterPageInput): SafeHtml {
  return html`<div class="tourmaster-template-wrapper tourmaster-login-form-style-1" ><div class="tourmaster-container" ><div class="tourmaster-page-content tourmaster-item-pdlr" >${notificationBox(
    'failure',
    input.errors,
  )}${registerForm(input)}</div></div></div>`;
}
