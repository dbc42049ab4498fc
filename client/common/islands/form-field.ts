import * as z from 'zod/mini';

/**
 * A field of the plugin's custom-field syntax as typed props (`tourmaster_get_form_field`,
 * server/views/form-field.ts): what the booking bar's extra fields, the enquiry form and the payment
 * page's contact step each render through client/lib/FormField.tsx. Pure: imported by the server's
 * views and by the islands.
 */

/** One `value → label` choice of a select. */
export const FieldOption = z.object({ value: z.string(), label: z.string() });
export type FieldOption = z.infer<typeof FieldOption>;

export const formFieldSchema = z.object({
  /** The control's name (what the form posts) and its wrapper's class suffix. */
  name: z.string(),
  title: z.string(),
  /** As the custom-field syntax writes it (`tourmaster-type-{type}` on the wrapper). */
  type: z.string(),
  required: z.boolean(),
  /** The printed value ('' for none). */
  value: z.string(),
  /** A select's choices, in order (none for other types). */
  options: z.array(FieldOption),
});
export type FormFieldProps = z.infer<typeof formFieldSchema>;
