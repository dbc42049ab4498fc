import { readFileSync } from 'node:fs';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userAvatar, userAvatarProps } from '../../../server/views/account/common';
import { editProfileForm } from '../../../server/views/account/profile';
import { readAvatarSettings } from '../../../server/views/avatar';
import { raw } from '../../../server/views/html';
import { profileImageSchema } from '../../common/islands/ProfileImage';
import { readIslandProps } from '../../lib/island-props';
import { profileImageFromMarkup } from './adapter';
import { mount } from './index';
import { PICTURE_MAX_BYTES, PICTURE_MESSAGES } from './picture';

/** customer1's profile form as the plugin printed it (legacy-fixtures/pages/user-edit-profile-customer1.html). */
function profileForm(): string {
  const page = readFileSync('legacy-fixtures/pages/user-edit-profile-customer1.html', 'utf8');
  const start = page.indexOf('<form class="tourmaster-edit-profile-wrap');
  return page.slice(start, page.indexOf('</form>', start) + 7);
}

const GRAVATAR = 'http://1.gravatar.com/avatar/454d8298d4d700e9e4c711fa05a06896?s=85&d=mm&r=g';
let urls = 0;
const revoked: string[] = [];
let unmount: (() => void) | undefined;

beforeEach(() => {
  urls = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => `blob:picture-${++urls}`);
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  document.body.innerHTML = profileForm();
  act(() => {
    unmount = mount(document.querySelector<HTMLElement>('.tourmaster-edit-profile-avatar') as HTMLElement);
  });
});
afterEach(() => {
  unmount?.();
  document.body.replaceChildren();
  revoked.length = 0;
});

const picker = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const shown = () => document.querySelector('.tourmaster-edit-profile-avatar img')?.getAttribute('src');
// The browser's picker may offer "All files": the island must not count on `accept`.
const user = () => userEvent.setup({ applyAccept: false });

describe('the profile picture', () => {
  it('reads the plugin’s markup into its props', () => {
    document.body.innerHTML = profileForm();
    const wrap = document.querySelector<HTMLElement>('.tourmaster-edit-profile-avatar') as HTMLElement;
    expect(profileImageFromMarkup(wrap)).toEqual({
      avatar: {
        src: GRAVATAR,
        alt: '',
        gravatar: { srcset: `${GRAVATAR.replace('s=85', 's=170')} 2x`, className: 'avatar avatar-85 photo', size: 85 },
      },
      inputName: 'profile-image',
      buttonLabel: 'Change Profile Picture',
    });
  });

  it('reads the same props from the plugin’s markup as our server writes for customer1', () => {
    const legacy = profileImageFromMarkup(
      document
        .createRange()
        .createContextualFragment(profileForm())
        .querySelector('.tourmaster-edit-profile-avatar') as HTMLElement,
    );
    const settings = readAvatarSettings(new Map([['avatar_rating', 'G']]));
    const email = 'maria.papadopoulou@example.test';
    document.body.innerHTML = String(
      editProfileForm({
        avatar: userAvatar(undefined, email, settings, false),
        avatarProps: userAvatarProps(undefined, email, settings, false),
        values: {},
        years: [],
        notice: undefined,
        nonce: raw(''),
      }),
    );
    const wrap = document.querySelector('.tourmaster-edit-profile-avatar') as HTMLElement;
    expect(readIslandProps('ProfileImage', wrap, profileImageSchema)).toEqual(legacy);
    expect(profileImageFromMarkup(wrap)).toEqual(legacy);
  });

  it('previews a PNG in place of the avatar, and revokes the preview it replaces', async () => {
    expect(shown()).toBe(GRAVATAR);
    await user().upload(picker(), new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));
    expect(shown()).toBe('blob:picture-1');
    expect(screen.getByRole('status').textContent).toContain('me.png will be your profile picture');
    await user().upload(picker(), new File([new Uint8Array(10)], 'me-too.gif', { type: 'image/gif' }));
    expect(shown()).toBe('blob:picture-2');
    expect(revoked).toEqual(['blob:picture-1']);
  });

  it('refuses a picture over 2 MB with the server’s sentence, and empties the input', async () => {
    await user().upload(picker(), new File([new Uint8Array(PICTURE_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(PICTURE_MESSAGES.tooBig);
    expect(picker().getAttribute('aria-invalid')).toBe('true');
    expect(picker().getAttribute('aria-describedby')).toBe(alert.id);
    expect(picker().value).toBe('');
    expect(shown()).toBe(GRAVATAR);
  });

  it('refuses a file that is not a PNG, JPEG or GIF, and the avatar comes back', async () => {
    await user().upload(picker(), new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));
    await user().upload(picker(), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe(PICTURE_MESSAGES.wrongType);
    expect(shown()).toBe(GRAVATAR);
    expect(revoked).toEqual(['blob:picture-1']);
    await user().upload(picker(), new File([new Uint8Array(10)], 'me.jpg', { type: 'image/jpeg' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(picker().getAttribute('aria-invalid')).toBeNull();
  });
});
