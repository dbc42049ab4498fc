/**
 * The profile picture's limits and the sentences that refuse one: the server's rule
 * (server/services/accounts/avatar.ts, DEVIATIONS.md 40), which the profile form also checks in the
 * browser before the upload.
 */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

export const PICTURE_MESSAGES = {
  wrongType: 'Please choose a JPG, PNG or GIF picture.',
  tooBig: `The picture is too big. Please choose one of at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB.`,
} as const;
