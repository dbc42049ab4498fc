import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import type { AvatarMeta } from '../../data/profile';
import type { AppDeps } from '../../http/deps';
import type { UploadedFile } from '../../http/multipart';
import { AVATAR_MAX_BYTES } from './form-body';

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
  tooBig: `The picture is too big. Please choose one of at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`,
  wrongType: 'Please choose a JPG, PNG or GIF picture.',
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

function avatarDir(deps: AppDeps): string {
  return path.join(deps.config.dataDir, 'uploads', 'tourmaster-avatar');
}

/** Writes the picture and returns the meta to store; the previous picture (ours) is removed. */
export async function storeAvatar(
  deps: AppDeps,
  homeUrl: string,
  userId: number,
  upload: Extract<AvatarUpload, { kind: 'image' }>,
  previous: AvatarMeta | undefined,
): Promise<AvatarMeta> {
  const dir = path.join(avatarDir(deps), String(userId));
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

const FILE_NAME = /^([0-9a-f]{32})\.(png|jpg|gif)$/;
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

/** Serves the stored pictures: `GET /dropin-uploads/tourmaster-avatar/{user id}/{name}`. */
export function avatarFiles(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith(AVATAR_URL_PREFIX)) return next();
    const [user, name, ...rest] = req.path.slice(AVATAR_URL_PREFIX.length).split('/');
    const match = name ? FILE_NAME.exec(name) : null;
    if (rest.length > 0 || !user || !/^\d{1,20}$/.test(user) || !match) return next();
    res.sendFile(
      path.join(avatarDir(deps), user, name!),
      {
        headers: {
          'Content-Type': MIME[match[2]!]!,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cache-Control': 'public, max-age=86400',
        },
      },
      (err) => {
        if (err && !res.headersSent) next();
      },
    );
  };
}
