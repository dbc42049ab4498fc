import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PICTURE_MAX_BYTES, PICTURE_MESSAGES } from '../../../client/common/profile-picture';
import type { Config } from '../../core/config';
import type { UploadedFile } from '../../php/form-body';
import type { AvatarMeta } from '../../wp/profile';

/** The largest profile picture we take (the legacy site had PHP's `upload_max_filesize`). */
export const AVATAR_MAX_BYTES = PICTURE_MAX_BYTES;

/**
 * Profile pictures (engagement.md §5, item 2). The legacy site accepted gif/jpg/jpeg/png by file
 * name, stored them under `wp-content/uploads/tourmaster-avatar/` with a 150×150 crop, and kept
 * `tourmaster-user-avatar` = {local_url, file_url, thumbnail}. Here the file's own bytes decide its
 * type (a renamed script is refused), the size is capped, and the file is stored under the data
 * folder (`{dataDir}/uploads/tourmaster-avatar/{user id}/{random}.{ext}`) and served back by
 * `avatarFiles` below. No image library is bundled, so the thumbnail is the picture itself (the
 * theme's CSS sizes it).
 */
export const AVATAR_URL_PREFIX = '/dropin-uploads/tourmaster-avatar/';

export const AVATAR_MESSAGES = {
  ...PICTURE_MESSAGES,
  failed: 'The picture could not be uploaded. Please try again.',
} as const;

type ImageType = { ext: 'png' | 'jpg' | 'gif'; mime: string };

/** The image type its bytes announce (PNG, JPEG, GIF signatures), or undefined. */
export function sniffImage(data: Buffer): ImageType | undefined {
  if (data.length >= 24 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return data.subarray(12, 16).toString('latin1') === 'IHDR' ? { ext: 'png', mime: 'image/png' } : undefined;
  }
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { ext: 'jpg', mime: 'image/jpeg' };
  if (data.length >= 10 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) {
    return { ext: 'gif', mime: 'image/gif' };
  }
  return undefined;
}

export type AvatarUpload =
  | { kind: 'none' }
  | { kind: 'error'; message: string }
  | { kind: 'image'; file: UploadedFile; type: ImageType };

/** What the posted `profile-image` part holds: nothing, a refusal, or an image to store. */
export function checkAvatarUpload(entry: UploadedFile | UploadedFile[] | undefined): AvatarUpload {
  const file = Array.isArray(entry) ? entry[0] : entry;
  if (!file || file.error === 4 || (file.error === 0 && file.size === 0)) return { kind: 'none' };
  if (file.error === 1 || file.error === 2 || file.size > AVATAR_MAX_BYTES)
    return { kind: 'error', message: AVATAR_MESSAGES.tooBig };
  if (file.error !== 0) return { kind: 'error', message: AVATAR_MESSAGES.failed };
  const type = sniffImage(file.data);
  if (!type) return { kind: 'error', message: AVATAR_MESSAGES.wrongType };
  return { kind: 'image', file, type };
}

/** Where the pictures are kept: under the data folder. */
export function avatarDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads', 'tourmaster-avatar');
}

/** Writes the picture and returns the meta to store; the previous picture (ours) is removed. */
export async function storeAvatar(
  config: Pick<Config, 'dataDir'>,
  homeUrl: string,
  userId: number,
  upload: Extract<AvatarUpload, { kind: 'image' }>,
  previous: AvatarMeta | undefined,
): Promise<AvatarMeta> {
  const dir = path.join(avatarDir(config), String(userId));
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${upload.type.ext}`;
  const file = path.join(dir, name);
  await writeFile(file, upload.file.data, { mode: 0o644 });
  if (previous?.local_url && path.dirname(previous.local_url) === dir) {
    await rm(previous.local_url, { force: true }).catch(() => undefined);
  }
  const url = `${homeUrl}${AVATAR_URL_PREFIX}${userId}/${name}`;
  return { local_url: file, file_url: url, thumbnail: url };
}
