import * as z from 'zod/mini';

/**
 * The logged-in top bar (server/views/top-bar.ts `userTopBar`, engagement.md §3) as typed props:
 * the avatar as printed (a Gravatar `get_avatar` image, or the uploaded picture), the name, and the
 * account menu's links.
 */
export const topBarMenuSchema = z.object({
  avatar: z.object({
    src: z.string(),
    alt: z.string(),
    /** Gravatar's: the double-size source, `avatar avatar-30 photo`, 30 px, lazy. */
    gravatar: z.optional(z.object({ srcset: z.string(), size: z.number() })),
  }),
  name: z.string(),
  nav: z.array(z.object({ slug: z.string(), title: z.string(), url: z.string() })),
});

export type TopBarMenuProps = z.infer<typeof topBarMenuSchema>;
