import { createHash } from 'node:crypto';
import type { AvatarProps } from '../../client/common/islands/avatar';
import { textMemo } from '../core/text-memo';
import type { PhpValue } from '../php/values';

/**
 * WordPress 6.3 `get_avatar()` with Gravatar, as the review list and the top bar print it:
 * `<img alt='' src='URL' srcset='URL2x 2x' class='avatar avatar-85 photo' height='85' width='85' loading='lazy' decoding='async'/>`.
 * URL: `https://secure.gravatar.com/avatar/{md5}` over https, else `http://{n}.gravatar.com/avatar/{md5}`
 * with n = first hex digit of the hash mod 3; query `s`, `d`, `r` from the discussion settings.
 */
export interface AvatarSettings {
  /** Option `show_avatars`: when off, get_avatar prints nothing. */
  show: boolean;
  /** Option `avatar_default` as Gravatar's `d` (`mystery` → `mm`; `gravatar_default` → none). */
  defaultImage: string;
  /** Option `avatar_rating`, lower case. */
  rating: string;
}

export const AVATAR_OPTIONS = ['show_avatars', 'avatar_default', 'avatar_rating'] as const;

export function readAvatarSettings(options: ReadonlyMap<string, PhpValue>): AvatarSettings {
  const text = (name: string) => {
    const v = options.get(name);
    return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  };
  const show = options.has('show_avatars') ? !['', '0'].includes(text('show_avatars')) : true;
  let defaultImage = text('avatar_default') || 'mystery';
  if (defaultImage === 'mystery' || defaultImage === 'mysteryman') defaultImage = 'mm';
  if (defaultImage === 'gravatar_default') defaultImage = '';
  return { show, defaultImage, rating: text('avatar_rating').toLowerCase() };
}

function gravatarUrl(hash: string, size: number, settings: AvatarSettings, https: boolean): string {
  const base = https
    ? `https://secure.gravatar.com/avatar/${hash}`
    : `http://${hash === '' ? 0 : Number.parseInt(hash[0]!, 16) % 3}.gravatar.com/avatar/${hash}`;
  const args: [string, string][] = [['s', String(size)]];
  if (settings.defaultImage) args.push(['d', settings.defaultImage]);
  if (settings.rating) args.push(['r', settings.rating]);
  return `${base}?${args.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** esc_url's output for a URL we built: `&` as `&#038;`, quotes as entities. */
function escUrl(url: string): string {
  return url
    .replace(/&/g, '&#038;')
    .replace(/'/g, '&#039;')
    .replace(/"/g, '&quot;')
    .replace(/[<>\s]/g, '');
}

/** The Gravatar image's parts for an e-mail address; undefined when avatars are switched off. */
/** Gravatar's key for an address, kept by address: a review list hashes the same reviewers each time. */
const emailHash = textMemo((email) => createHash('md5').update(email.toLowerCase()).digest('hex'), {
  maxTextLength: 320,
});

function gravatarParts(email: string | undefined, size: number, settings: AvatarSettings, https: boolean) {
  if (!settings.show) return undefined;
  const trimmed = (email ?? '').trim();
  const hash = trimmed === '' ? '' : emailHash(trimmed);
  const classes = ['avatar', `avatar-${size}`, 'photo', ...(hash === '' ? ['avatar-default'] : [])];
  return {
    url: gravatarUrl(hash, size, settings, https),
    url2x: gravatarUrl(hash, size * 2, settings, https),
    className: classes.join(' '),
  };
}

/**
 * The avatar `<img>` for an e-mail address (a user's `user_email`, or an admin review's
 * `reviewer_email`); '' when avatars are switched off. Without an address the image is Gravatar's
 * default and the class says `avatar-default`.
 */
export function gravatarImg(email: string | undefined, size: number, settings: AvatarSettings, https: boolean): string {
  const parts = gravatarParts(email, size, settings, https);
  if (!parts) return '';
  return `<img alt='' src='${escUrl(parts.url)}' srcset='${escUrl(parts.url2x)} 2x' class='${parts.className}' height='${size}' width='${size}' loading='lazy' decoding='async'/>`;
}

/** That image as an island's typed props (client/common/islands/avatar.ts); undefined when switched off. */
export function gravatarAvatar(
  email: string | undefined,
  size: number,
  settings: AvatarSettings,
  https: boolean,
): AvatarProps | undefined {
  const parts = gravatarParts(email, size, settings, https);
  if (!parts) return undefined;
  return { src: parts.url, alt: '', gravatar: { srcset: `${parts.url2x} 2x`, className: parts.className, size } };
}

/**
 * A URL the site stored (a profile picture) as an image source: http(s), protocol-relative or
 * site-relative URLs only (anything else, `javascript:`, gives ''), without the characters
 * esc_url drops.
 */
export function safeImageSrc(url: string): string {
  const trimmed = url.trim();
  if (!/^(https?:\/\/|\/)/i.test(trimmed)) return '';
  return trimmed.replace(/[<>\s]/g, '');
}

/** `safeImageSrc` for an `src` attribute, as esc_url prints it. */
export function safeImageUrl(url: string): string {
  const src = safeImageSrc(url);
  return src === '' ? '' : escUrl(src);
}
