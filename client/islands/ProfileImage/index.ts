import { PICTURE_TYPES } from './picture';
import { picturePreview } from './preview';

/**
 * The profile form's picture (`div.tourmaster-edit-profile-avatar`: the avatar `img` and
 * `input[type=file][name=profile-image]`, engagement.md §5 item 2): a chosen picture is shown in place
 * of the avatar before the form is sent. A file that is not a PNG, JPEG or GIF, or is over 2 MB, is
 * taken out of the form and the server's sentence is shown instead (picture.ts), as is a file the
 * browser cannot draw. The preview's object URL is revoked as soon as it is replaced, cleared, or the
 * page goes away. The avatar comes back when the choice is cleared or refused.
 */
let count = 0;

const VISUALLY_HIDDEN =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0';

export function mount(wrap: HTMLElement): (() => void) | undefined {
  const input =
    wrap.querySelector<HTMLInputElement>('input[type="file"][name="profile-image"]') ??
    wrap.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) return undefined;
  const n = ++count;
  const { avatar, createdImg } = avatarOf(wrap);
  if (!input.hasAttribute('accept')) input.setAttribute('accept', PICTURE_TYPES.join(','));
  const { message, status } = announcers(wrap, n);
  const preview = picturePreview({ input, avatar, createdImg, message, status });

  const onChange = preview.choose;
  // A file the browser reports as an image but cannot draw is not a picture either.
  const onError = preview.refuseUndrawable;
  const onReset = () => setTimeout(onChange, 0);
  const form = input.form;
  input.addEventListener('change', onChange);
  avatar.addEventListener('error', onError);
  form?.addEventListener('reset', onReset);
  window.addEventListener('pagehide', preview.revoke);
  return () => {
    input.removeEventListener('change', onChange);
    avatar.removeEventListener('error', onError);
    form?.removeEventListener('reset', onReset);
    window.removeEventListener('pagehide', preview.revoke);
    preview.restore();
    message.remove();
    status.remove();
  };
}

/** The form's avatar, or a hidden one made first in the wrapper to show the preview in. */
function avatarOf(wrap: HTMLElement): { avatar: HTMLImageElement; createdImg: boolean } {
  const img = wrap.querySelector<HTMLImageElement>('img');
  if (img) return { avatar: img, createdImg: false };
  const avatar = document.createElement('img');
  avatar.alt = '';
  avatar.hidden = true;
  wrap.prepend(avatar);
  return { avatar, createdImg: true };
}

/** The refusal (an alert) and the confirmation (a hidden status), appended to the wrapper. */
function announcers(wrap: HTMLElement, n: number): { message: HTMLElement; status: HTMLElement } {
  const message = document.createElement('div');
  message.className = 'tourmaster-notification-box tourmaster-failure tourmaster-profile-image-message';
  message.id = `tourmaster-profile-image-message-${n}`;
  message.setAttribute('role', 'alert');
  message.hidden = true;
  const status = document.createElement('span');
  status.setAttribute('role', 'status');
  status.style.cssText = VISUALLY_HIDDEN;
  wrap.append(message, status);
  return { message, status };
}
