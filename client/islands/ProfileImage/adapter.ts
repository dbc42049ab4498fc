import type { ProfileImageProps } from '../../common/islands/ProfileImage';
import { avatarOfImg } from '../../lib/Avatar';

/**
 * The profile form's picture as the plugin prints it (legacy-fixtures/pages/user-edit-profile-*):
 * `div.tourmaster-edit-profile-avatar` > the avatar `img`, then `label` > `a.tourmaster-button` and
 * `input[type=file][name=profile-image]`.
 */
export function profileImageFromMarkup(wrap: HTMLElement): ProfileImageProps {
  const img = wrap.querySelector<HTMLImageElement>(':scope > img');
  const input = wrap.querySelector<HTMLInputElement>('input[type="file"]');
  return {
    ...(img ? { avatar: avatarOfImg(img) } : {}),
    inputName: input?.name || 'profile-image',
    buttonLabel: (wrap.querySelector('label > a')?.textContent ?? '').trim() || 'Change Profile Picture',
  };
}
