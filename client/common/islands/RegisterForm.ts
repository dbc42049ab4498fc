import * as z from 'zod/mini';
import { termsSentenceSchema } from './terms-sentence';

/**
 * The register form's terms (server/views/top-bar.ts `registerForm`, engagement.md §4.3): the
 * acceptance box's name, the two pages its sentence links to, and the notice shown under it when
 * the form is sent unticked.
 */
export const registerTermSchema = z.object({
  acceptanceName: z.string(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
  /** The words around the two links, as printed. */
  sentence: termsSentenceSchema,
  notice: z.string(),
  /** The box as the visitor left it when the server sent the form back with an error. */
  accepted: z.optional(z.boolean()),
});

export type RegisterTermProps = z.infer<typeof registerTermSchema>;
