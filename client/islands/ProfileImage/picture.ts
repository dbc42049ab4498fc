import { PICTURE_MAX_BYTES, PICTURE_MESSAGES } from '../../common/profile-picture';

export { PICTURE_MAX_BYTES, PICTURE_MESSAGES };

/**
 * What the profile form accepts as a picture, checked before upload with the sentences the server
 * answers with (client/common/profile-picture.ts): PNG, JPEG or GIF, at most 2 MB.
 * The server decides by the file's bytes; the browser can only go by the type it reports.
 */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

/** Undefined when the file may be previewed and sent, else the sentence to show. */
export function pictureProblem(file: { type: string; size: number }): string | undefined {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return PICTURE_MESSAGES.wrongType;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_MESSAGES.tooBig;
  return undefined;
}
