import * as z from 'zod/mini';
import { formFieldSchema } from './form-field';
import { termsSentenceSchema } from './terms-sentence';

/**
 * The tour's enquiry form (engagement.md §1) as typed props: what server/views/enquiry-form.ts
 * prints, written beside the form on our pages and read back from the plugin's markup by
 * client/islands/EnquiryForm/adapter.ts on pages WordPress rendered.
 */
export const enquiryFieldSchema = z.object({
  /** `name` is the field's posted name (`data[{name}]`), `value` a logged-in visitor's user meta. */
  ...formFieldSchema.shape,
  /** The `date` type's years, as printed (none for the enquiry form's own fields). */
  years: z.array(z.string()),
});

export const enquiryFormSchema = z.object({
  ajaxUrl: z.string().check(z.minLength(1)),
  action: z.string().check(z.regex(/^[a-z_]+$/)),
  validateError: z.string(),
  /** The acceptance box's sentence under it, shown while a submit found it unticked. */
  acceptanceError: z.string(),
  /** The acceptance box's name (`tourmaster-require-acceptance`). */
  acceptanceName: z.string(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
  /** The words around the two links, as printed. */
  sentence: termsSentenceSchema,
  tourId: z.string(),
  fields: z.array(enquiryFieldSchema),
  /** Our hidden trap field's name; the plugin's form has none. */
  honeypot: z.optional(z.string()),
  submitLabel: z.string(),
});

export type EnquiryField = z.infer<typeof enquiryFieldSchema>;
export type EnquiryFormProps = z.infer<typeof enquiryFormSchema>;
