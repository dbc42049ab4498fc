import type { AvatarProps } from '../../../client/common/islands/avatar';
import type { ProfileImageProps } from '../../../client/common/islands/ProfileImage';
import { html, type SafeHtml } from '../html';
import { islandProps } from '../island-props';
import { updateNotice } from './common';
import { CHANGE_PASSWORD_FIELDS, EDIT_PROFILE_FIELDS, profileFields } from './profile-fields';

/** The dashboard's "My Profile" rows (engagement.md §5, item 1). */
export interface ProfileInfo {
  avatar: SafeHtml;
  name: string;
  gender: string;
  birthDate: string;
  country: string;
  email: string;
  phone: string;
  contactAddress: string;
}

export function myProfile(info: ProfileInfo): SafeHtml {
  const rows: [string, string, string][] = [
    ['full_name', 'Name', info.name],
    ['gender', 'Gender', info.gender],
    ['birth_date', 'Birth Date', info.birthDate],
    ['country', 'Country', info.country],
    ['email', 'Email', info.email],
    ['phone', 'Phone', info.phone],
    ['contact_address', 'Contact Address', info.contactAddress],
  ];
  return html`<div class="tourmaster-my-profile-wrapper" ><div class="tourmaster-my-profile-avatar" >${info.avatar}</div><div class="tourmaster-my-profile-info-wrap clearfix" >${rows.map(
    ([slug, head, tail], i) =>
      html`<div class="tourmaster-my-profile-info tourmaster-my-profile-info-${slug} tourmaster-${i % 2 === 0 ? 'even' : 'odd'} clearfix" ><span class="tourmaster-head" >${head}</span><span class="tourmaster-tail" >${tail}</span></div>`,
  )}</div></div>`;
}

/** A WordPress nonce field (`wp_nonce_field($action, $name)`): the nonce and the page it was made on. */
export function nonceField(name: string, nonce: string, referer: string): SafeHtml {
  return html`<input type="hidden" id="${name}" name="${name}" value="${nonce}" /><input type="hidden" name="_wp_http_referer" value="${referer}" />`;
}

export interface EditProfileInput {
  avatar: SafeHtml;
  /** The same picture for the ProfileImage island (undefined when avatars are off). */
  avatarProps: AvatarProps | undefined;
  values: Readonly<Record<string, string>>;
  years: readonly number[];
  notice: { kind: 'success' | 'failure'; messages: readonly string[] } | undefined;
  /** Ours (DEFECTS.md 18): `tourmaster-edit-profile` nonce in `security`. */
  nonce: SafeHtml;
}

export function editProfileForm(input: EditProfileInput): SafeHtml {
  const picture: ProfileImageProps = {
    ...(input.avatarProps ? { avatar: input.avatarProps } : {}),
    inputName: 'profile-image',
    buttonLabel: 'Change Profile Picture',
  };
  return html`${input.notice && updateNotice(input.notice.kind, input.notice.messages)}<form class="tourmaster-edit-profile-wrap tourmaster-form-field" method="POST" enctype="multipart/form-data" ><div class="tourmaster-edit-profile-avatar" >${islandProps('ProfileImage', picture)}${input.avatar}<label><a class="tourmaster-button" >${picture.buttonLabel}</a><input type="file" name="${picture.inputName}" /></label></div>${profileFields(
    EDIT_PROFILE_FIELDS,
    input.values,
    input.years,
  )}<input type="submit" class="tourmaster-edit-profile-submit tourmaster-button" value="Update Profile" /><input type="hidden" name="tourmaster-edit-profile" value="1" />${input.nonce}</form>`;
}

export function changePasswordForm(input: {
  notice: { kind: 'success' | 'failure'; messages: readonly string[] } | undefined;
  nonce: SafeHtml;
}): SafeHtml {
  return html`${input.notice && updateNotice(input.notice.kind, input.notice.messages)}<form class="tourmaster-edit-profile-wrap tourmaster-form-field" method="POST" >${profileFields(
    CHANGE_PASSWORD_FIELDS,
    {},
    [],
  )}<input type="submit" class="tourmaster-edit-profile-submit tourmaster-button" value="Update Password" />${input.nonce}</form>`;
}
