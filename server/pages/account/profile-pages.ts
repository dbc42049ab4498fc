import type { FormBody } from '../../http/form-body';
import { changePassword } from '../../services/accounts/change-password';
import { editProfile } from '../../services/accounts/edit-profile';
import { birthDateValue, PROFILE_MESSAGES, postedText, profileValue } from '../../services/accounts/profile-form';
import { breadcrumbs, contentInner, userAvatar, userAvatarProps } from '../../views/account/common';
import { changePasswordForm, editProfileForm, nonceField } from '../../views/account/profile';
import { birthYears, EDIT_PROFILE_FIELDS } from '../../views/account/profile-fields';
import type { SafeHtml } from '../../views/html';
import type { ReplyCookie } from '../../wp/set-cookie';
import { type AccountRequest, accountPageUrl } from './context';

/** Our nonce actions (DEFECTS.md 18 for the profile; the change-password one is the plugin's). */
export const EDIT_PROFILE_NONCE = 'tourmaster-edit-profile';
export const CHANGE_PASSWORD_NONCE = 'tourmaster-change-password';

export type Notice = { kind: 'success' | 'failure'; messages: string[] } | undefined;

/** The profile as the edit form shows it: stored meta and e-mail. */
function storedValues(a: AccountRequest): Record<string, string> {
  return { ...a.profile.meta, email: a.profile.user.email };
}

async function formNonce(a: AccountRequest, action: string): Promise<SafeHtml> {
  return nonceField('security', await a.ctx.nonce(action), a.requestUri);
}

export async function editProfilePage(
  a: AccountRequest,
  state: { values?: Record<string, string>; notice?: Notice } = {},
): Promise<SafeHtml> {
  return contentInner('edit-profile', [
    breadcrumbs([{ title: 'Dashboard', url: accountPageUrl(a, 'dashboard') }, { title: 'Edit Profile' }]),
    editProfileForm({
      avatar: userAvatar(a.profile.avatar, a.profile.user.email, a.avatar, a.ctx.https),
      avatarProps: userAvatarProps(a.profile.avatar, a.profile.user.email, a.avatar, a.ctx.https),
      values: state.values ?? storedValues(a),
      years: birthYears(a.ctx.now),
      notice: state.notice,
      nonce: await formNonce(a, EDIT_PROFILE_NONCE),
    }),
  ]);
}

/**
 * The edit-profile post (`tourmaster-edit-profile=1`, multipart): our nonce here, the values as the
 * plugin reads them; the checks and the save in services/accounts/edit-profile.ts. Returns the state
 * to render.
 */
export async function postEditProfile(
  a: AccountRequest,
  body: FormBody,
): Promise<{ values: Record<string, string>; notice: Notice; status: number }> {
  const values: Record<string, string> = {};
  for (const field of EDIT_PROFILE_FIELDS) {
    let value = profileValue(field, postedText(body.fields, field.slug));
    if (field.slug === 'birth_date') value = birthDateValue(value);
    values[field.slug] = field.slug === 'email' ? value.trim() : value;
  }
  if (!(await a.ctx.verifyNonce(body.fields.security, EDIT_PROFILE_NONCE))) {
    return { values, notice: { kind: 'failure', messages: [PROFILE_MESSAGES.sessionExpired] }, status: 200 };
  }
  const result = await editProfile(a.ctx, a.profile, values, body.files['profile-image'], a.account.site.homeUrl);
  if (!result.ok) return { values, notice: { kind: 'failure', messages: result.errors }, status: 200 };
  a.profile = result.profile;
  return {
    values: storedValues(a),
    notice: { kind: 'success', messages: [PROFILE_MESSAGES.profileChanged] },
    status: 200,
  };
}

export async function changePasswordPage(a: AccountRequest, notice: Notice = undefined): Promise<SafeHtml> {
  return contentInner('change-password', [
    breadcrumbs([{ title: 'Dashboard', url: accountPageUrl(a, 'dashboard') }, { title: 'Change Password' }]),
    changePasswordForm({ notice, nonce: await formNonce(a, CHANGE_PASSWORD_NONCE) }),
  ]);
}

/**
 * The change-password post: the plugin's nonce (`security`), required fields and their
 * confirmation here; the change itself in services/accounts/change-password.ts.
 */
export async function postChangePassword(
  a: AccountRequest,
  body: FormBody,
): Promise<{ notice: Notice; status: number; cookies: ReplyCookie[] }> {
  const fail = (message: string, status = 200) => ({
    notice: { kind: 'failure' as const, messages: [message] },
    status,
    cookies: [],
  });
  if (!(await a.ctx.verifyNonce(body.fields.security, CHANGE_PASSWORD_NONCE))) {
    return fail(PROFILE_MESSAGES.sessionExpired);
  }
  const oldPassword = postedText(body.fields, 'old-password');
  const newPassword = postedText(body.fields, 'new-password');
  const confirm = postedText(body.fields, 'confirm-password');
  if (oldPassword === '' || newPassword === '' || confirm === '') return fail(PROFILE_MESSAGES.required);
  if (newPassword !== confirm) return fail(PROFILE_MESSAGES.passwordMismatch);
  const result = await changePassword(a.ctx, a.user, a.account.site, { oldPassword, newPassword });
  if (!result.ok) return fail(result.message, result.status);
  a.user = result.user;
  return {
    notice: { kind: 'success', messages: [PROFILE_MESSAGES.passwordChanged] },
    status: 200,
    cookies: result.cookies,
  };
}
