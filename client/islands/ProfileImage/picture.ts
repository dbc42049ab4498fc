/**
 * What the profile form accepts as a picture, checked before upload with the sentences the server
 * answers with (server/pages/account/avatar.ts, DEVIATIONS.md 40): PNG, JPEG or GIF, at most 2 MB.
 * The server decides by the file's bytes; the browser can only go by the type it reports.
 */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

export const PICTURE_MESSAGES = {
  wrongType: 'Please choose a JPG, PNG or GIF picture.',
  tooBig: 'The picture is too big. Please choose one of at most 2 MB.',
} as const;

/** Undefined when the file may be previewed and sent, else the sentence to show. */
export function pictureProblem(file: { type: string; size: number }): string | undefined {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return PICTURE_MESSAGES.wrongType;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_MESSAGES.tooBig;
  return undefined;
}
