import * as z from 'zod/mini';

/**
 * The sentence beside a terms box, around its two links ("* I agree with <Terms of Service> and
 * <Privacy Statement>."), as the page printed it: the plugin's words are translatable, so an island
 * renders the words of the page it mounted on, not its own.
 */
export const termsSentenceSchema = z.object({
  before: z.string(),
  terms: z.string(),
  between: z.string(),
  privacy: z.string(),
  after: z.string(),
});

export type TermsSentence = z.infer<typeof termsSentenceSchema>;

/** The enquiry form's and the payment page's sentence (engagement.md §1, payment.md §2.3). */
export const AGREE_SENTENCE: TermsSentence = {
  before: '* I agree with ',
  terms: 'Terms of Service',
  between: ' and ',
  privacy: 'Privacy Statement',
  after: '.',
};

/** The register form's (engagement.md §4.3). */
export const REGISTER_SENTENCE: TermsSentence = {
  before: "* Creating an account means you're okay with our ",
  terms: 'Terms of Service',
  between: ' and ',
  privacy: 'Privacy Statement',
  after: '.',
};
