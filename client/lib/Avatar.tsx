import type { AvatarProps } from '../common/islands/avatar';

/** A user's picture (client/common/islands/avatar.ts) with the attributes the server prints. */
export function Avatar({ avatar }: { avatar: AvatarProps }) {
  const { gravatar } = avatar;
  if (!gravatar) return <img src={avatar.src} alt={avatar.alt} />;
  return (
    <img
      alt={avatar.alt}
      src={avatar.src}
      srcSet={gravatar.srcset}
      className={gravatar.className}
      height={gravatar.size}
      width={gravatar.size}
      loading="lazy"
      decoding="async"
    />
  );
}

/** The picture of an `<img>` the server printed (the legacy adapters' reading of it). */
export function avatarOfImg(img: HTMLImageElement): AvatarProps {
  const srcset = img.getAttribute('srcset');
  return {
    src: img.getAttribute('src') ?? '',
    alt: img.getAttribute('alt') ?? '',
    ...(srcset && img.classList.contains('avatar')
      ? { gravatar: { srcset, className: img.getAttribute('class') ?? '', size: Number(img.getAttribute('width')) } }
      : {}),
  };
}
