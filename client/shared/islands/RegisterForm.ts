import * as z from 'zod/mini';

/**
 * The register form's terms (server/views/top-bar.ts `registerForm`, engagement.md §4.3): the
 * acceptance box's name, the two pages its sentence links to, and the notice shown under it when
 * the form is sent unticked.
 */
export const registerTermSchema = z.object({
  acceptanceName: z.string(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
  notice: z.string(),
});

export type RegisterTermProps = z.infer<typeof registerTermSchema>;
