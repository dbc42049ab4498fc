import * as z from 'zod/mini';

/**
 * A user's picture as the server prints it: the uploaded one (`<img src alt>`), or WordPress's
 * `get_avatar()` Gravatar (`gravatar`: its 2x `srcset`, its classes and size; lazy, async decoding).
 */
export const avatarSchema = z.object({
  src: z.string(),
  alt: z.string(),
  gravatar: z.optional(z.object({ srcset: z.string(), className: z.string(), size: z.number() })),
});

export type AvatarProps = z.infer<typeof avatarSchema>;
