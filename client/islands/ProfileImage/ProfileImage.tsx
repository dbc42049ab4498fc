import { type CSSProperties, useEffect, useId, useRef } from 'react';
import type { ProfileImageProps } from '../../common/islands/ProfileImage';
import { Avatar } from '../../lib/Avatar';
import { PICTURE_MESSAGES, PICTURE_TYPES } from './picture';
import { usePicturePreview } from './usePicturePreview';

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * The profile form's picture (engagement.md §5 item 2): a chosen picture is shown in place of the
 * avatar before the form is sent. A file that is not a PNG, JPEG or GIF, or is over 2 MB, is taken
 * out of the form and the server's sentence is shown instead (picture.ts), as is a file the browser
 * cannot draw. The avatar comes back when the choice is cleared (the form's reset too) or refused.
 */
export function ProfileImage({ avatar, inputName, buttonLabel }: ProfileImageProps) {
  const input = useRef<HTMLInputElement>(null);
  const { preview, problem, choose, refuse } = usePicturePreview(input);
  const messageId = useId();
  useEffect(() => {
    const form = input.current?.form;
    // After a reset the input is empty: the avatar comes back.
    const onReset = () => setTimeout(choose, 0);
    form?.addEventListener('reset', onReset);
    return () => form?.removeEventListener('reset', onReset);
  });
  return (
    <>
      {preview ? (
        <img src={preview.url} alt={`Preview of ${preview.name}`} onError={() => refuse(PICTURE_MESSAGES.wrongType)} />
      ) : avatar ? (
        <Avatar avatar={avatar} />
      ) : null}
      <label>
        {/* biome-ignore lint/a11y/useValidAnchor: the plugin's button look for the file input it labels. */}
        <a className="tourmaster-button">{buttonLabel}</a>
        <input
          ref={input}
          type="file"
          name={inputName}
          accept={PICTURE_TYPES.join(',')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? messageId : undefined}
          onChange={choose}
        />
      </label>
      <div
        id={messageId}
        className="tourmaster-notification-box tourmaster-failure tourmaster-profile-image-message"
        role="alert"
        hidden={!problem}
      >
        {problem}
      </div>
      <span role="status" style={VISUALLY_HIDDEN}>
        {preview ? `${preview.name} will be your profile picture once the profile is updated.` : ''}
      </span>
    </>
  );
}
