import { PICTURE_MESSAGES, PICTURE_TYPES, pictureProblem } from './picture';

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
  let img = wrap.querySelector<HTMLImageElement>('img');
  const createdImg = !img;
  if (!img) {
    img = document.createElement('img');
    img.alt = '';
    img.hidden = true;
    wrap.prepend(img);
  }
  const avatar = img;
  const original = { src: avatar.getAttribute('src'), srcset: avatar.getAttribute('srcset'), alt: avatar.alt };
  if (!input.hasAttribute('accept')) input.setAttribute('accept', PICTURE_TYPES.join(','));

  const message = document.createElement('div');
  message.className = 'tourmaster-notification-box tourmaster-failure tourmaster-profile-image-message';
  message.id = `tourmaster-profile-image-message-${n}`;
  message.setAttribute('role', 'alert');
  message.hidden = true;
  const status = document.createElement('span');
  status.setAttribute('role', 'status');
  status.style.cssText = VISUALLY_HIDDEN;
  wrap.append(message, status);

  let previewUrl: string | undefined;
  const revoke = () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = undefined;
  };
  const restore = () => {
    revoke();
    if (original.src === null) avatar.removeAttribute('src');
    else avatar.setAttribute('src', original.src);
    if (original.srcset === null) avatar.removeAttribute('srcset');
    else avatar.setAttribute('srcset', original.srcset);
    avatar.alt = original.alt;
    avatar.hidden = createdImg;
  };
  const showProblem = (text: string | undefined) => {
    message.textContent = text ?? '';
    message.hidden = text === undefined;
    if (text === undefined) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    } else {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', message.id);
    }
  };
  const refuse = (text: string) => {
    input.value = '';
    restore();
    status.textContent = '';
    showProblem(text);
  };

  const onChange = () => {
    const file = input.files?.[0];
    if (!file) {
      restore();
      showProblem(undefined);
      status.textContent = '';
      return;
    }
    const problem = pictureProblem(file);
    if (problem) {
      refuse(problem);
      return;
    }
    showProblem(undefined);
    revoke();
    previewUrl = URL.createObjectURL(file);
    avatar.removeAttribute('srcset');
    avatar.src = previewUrl;
    avatar.alt = 'New profile picture (preview)';
    avatar.hidden = false;
    status.textContent = `${file.name} will be your profile picture once the profile is updated.`;
  };
  // A file the browser reports as an image but cannot draw is not a picture either.
  const onError = () => {
    if (previewUrl && avatar.src === previewUrl) refuse(PICTURE_MESSAGES.wrongType);
  };
  const onReset = () => setTimeout(onChange, 0);
  const form = input.form;
  input.addEventListener('change', onChange);
  avatar.addEventListener('error', onError);
  form?.addEventListener('reset', onReset);
  window.addEventListener('pagehide', revoke);
  return () => {
    input.removeEventListener('change', onChange);
    avatar.removeEventListener('error', onError);
    form?.removeEventListener('reset', onReset);
    window.removeEventListener('pagehide', revoke);
    restore();
    message.remove();
    status.remove();
  };
}
