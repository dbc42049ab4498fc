import * as z from 'zod/mini';

/**
 * A list control `[data-tm-ajax]` (listing.md §2.4–§2.7): the action it posts, the list's settings
 * (JSON), the class of the holder it fills (a sibling) and how (`replace` or `append`), the
 * admin-ajax URL.
 */
export const listSectionProps = z.object({
  tmAjax: z.string().check(z.regex(/^[a-z0-9_]+$/)),
  settings: z.optional(z.string()),
  target: z.string().check(z.regex(/^[A-Za-z0-9_-]+$/)),
  targetAction: z.optional(z.string()),
  ajaxUrl: z.string().check(z.minLength(1)),
});

export type ListSectionProps = z.infer<typeof listSectionProps>;
