import { escUrl, html, type SafeHtml } from './html';

/**
 * The plugin's login form (engagement.md §4.1), posting to wp-login.php with `source=tm`, in its two
 * forms: the top bar's lightbox (`tourmaster-login-form`, which also echoes the `redirect` query
 * value) and the booking bar's and wish list's (`tourmaster-login-form2`, titled "Already A
 * Member?"). Their labels differ by a letter's case, as the plugin's templates do.
 */
export interface LoginFormMarkupInput {
  variant: 'top-bar' | 'booking';
  siteUrl: string;
  /** Where a successful login goes. */
  redirectTo: string;
  /** The top bar's `redirect` query value, echoed in its hidden field. */
  redirect?: string;
}

export function loginFormMarkup(input: LoginFormMarkupInput): SafeHtml {
  const booking = input.variant === 'booking';
  return html`<form class="${booking ? 'tourmaster-login-form2' : 'tourmaster-login-form'} tourmaster-form-field tourmaster-with-border" method="post" action="${escUrl(input.siteUrl)}/wp-login.php">
${
  booking &&
  html`	<h3 class="tourmaster-login-title">Already A Member?</h3>
`
}	<div class="tourmaster-login-form-fields clearfix" >
		<p class="tourmaster-login-user">
			<label>${booking ? 'Username or E-mail' : 'Username or E-Mail'}</label>
			<input type="text" name="log" />
		</p>
		<p class="tourmaster-login-pass">
			 <label>Password</label>
			 <input type="password" name="pwd" />
		</p>
	</div>
	<p class="tourmaster-login-submit" >
		<input type="submit" name="wp-submit" class="tourmaster-button" value="Sign In!" />
	</p>
	<p class="tourmaster-login-lost-password" >
		<a href="${escUrl(input.siteUrl)}/wp-login.php?action=lostpassword&source=tm&lang" >Forget Password?</a>
	</p>

	<input type="hidden" name="rememberme"  value="forever" />
	<input type="hidden" name="redirect_to" value="${input.redirectTo}" />
${
  input.redirect !== undefined &&
  html`	<input type="hidden" name="redirect" value="${input.redirect}" />
`
}	<input type="hidden" name="source"  value="tm" />
</form>
`;
}
