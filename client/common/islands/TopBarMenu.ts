import * as z from 'zod/mini';
import { avatarSchema } from './avatar';

/**
 * The logged-in top bar (server/views/top-bar.ts `userTopBar`, engagement.md §3) as typed props:
 * the avatar as printed (a Gravatar `get_avatar` image, or the uploaded picture), the name, and the
 * account menu's links.
 */
export const topBarMenuSchema = z.object({
  /** None where the bar printed no picture. */
  avatar: z.optional(avatarSchema),
  name: z.string(),
  nav: z.array(z.object({ slug: z.string(), title: z.string(), url: z.string() })),
});

export type TopBarMenuProps = z.infer<typeof topBarMenuSchema>;
