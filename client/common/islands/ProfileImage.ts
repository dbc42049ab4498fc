import * as z from 'zod/mini';
import { avatarSchema } from './avatar';

/**
 * The profile form's picture (server/views/account/profile.ts `editProfileForm`): the current
 * picture (none when avatars are off), the file input's name and the button's label.
 */
export const profileImageSchema = z.object({
  avatar: z.optional(avatarSchema),
  inputName: z.string(),
  buttonLabel: z.string(),
});

export type ProfileImageProps = z.infer<typeof profileImageSchema>;
