import { profileImageSchema } from '../../common/islands/ProfileImage';
import { readIslandProps } from '../../lib/island-props';
import { renderInto } from '../../lib/render-island';
import { profileImageFromMarkup } from './adapter';
import { ProfileImage } from './ProfileImage';

/**
 * The profile form's picture (`div.tourmaster-edit-profile-avatar`), rendered by React from the
 * typed props (the server's, else adapter.ts's reading of the plugin's markup).
 */
export function mount(wrap: HTMLElement): (() => void) | undefined {
  if (!wrap.querySelector('input[type="file"]')) return undefined;
  const props = readIslandProps('ProfileImage', wrap, profileImageSchema) ?? profileImageFromMarkup(wrap);
  wrap.replaceChildren();
  return renderInto(wrap, <ProfileImage {...props} />);
}
