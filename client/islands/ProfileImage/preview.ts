import { PICTURE_MESSAGES, pictureProblem } from './picture';

export interface PreviewParts {
  input: HTMLInputElement;
  avatar: HTMLImageElement;
  /** The island made the `img` (the form had none): it is hidden again whenever no preview shows. */
  createdImg: boolean;
  /** The refusal, tied to the input while shown. */
  message: HTMLElement;
  /** The polite confirmation of the chosen file. */
  status: HTMLElement;
}

export interface PicturePreview {
  /** The input's file as it is now: previewed, refused, or (none) the avatar back. */
  choose(): void;
  /** The preview could not be drawn. */
  refuseUndrawable(): void;
  revoke(): void;
  restore(): void;
}

/** The avatar as the chosen file, or as it was; one object URL at a time. */
export function picturePreview(parts: PreviewParts): PicturePreview {
  const { input, avatar, message, status } = parts;
  const original = { src: avatar.getAttribute('src'), srcset: avatar.getAttribute('srcset'), alt: avatar.alt };
  let previewUrl: string | undefined;
  const revoke = () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
    previewUrl = undefined;
  };
  const restore = () => {
    revoke();
    restoreAvatar(avatar, original, parts.createdImg);
  };
  const refuse = (text: string) => {
    input.value = '';
    restore();
    status.textContent = '';
    showProblem(input, message, text);
  };
  const choose = () => {
    const file = input.files?.[0];
    if (!file) {
      restore();
      showProblem(input, message, undefined);
      status.textContent = '';
      return;
    }
    const problem = pictureProblem(file);
    if (problem) {
      refuse(problem);
      return;
    }
    showProblem(input, message, undefined);
    revoke();
    previewUrl = URL.createObjectURL(file);
    avatar.removeAttribute('srcset');
    avatar.src = previewUrl;
    avatar.alt = 'New profile picture (preview)';
    avatar.hidden = false;
    status.textContent = `${file.name} will be your profile picture once the profile is updated.`;
  };
  const refuseUndrawable = () => {
    if (previewUrl && avatar.src === previewUrl) refuse(PICTURE_MESSAGES.wrongType);
  };
  return { choose, refuseUndrawable, revoke, restore };
}

function restoreAvatar(
  avatar: HTMLImageElement,
  original: { src: string | null; srcset: string | null; alt: string },
  createdImg: boolean,
): void {
  if (original.src === null) avatar.removeAttribute('src');
  else avatar.setAttribute('src', original.src);
  if (original.srcset === null) avatar.removeAttribute('srcset');
  else avatar.setAttribute('srcset', original.srcset);
  avatar.alt = original.alt;
  avatar.hidden = createdImg;
}

/** The refusal shown and tied to the input, or (undefined) hidden and untied. */
function showProblem(input: HTMLInputElement, message: HTMLElement, text: string | undefined): void {
  message.textContent = text ?? '';
  message.hidden = text === undefined;
  if (text === undefined) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  } else {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', message.id);
  }
}
