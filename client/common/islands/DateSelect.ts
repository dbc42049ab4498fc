import * as z from 'zod/mini';

/**
 * The plugin's three-select date (server/views/form-field.ts `dateSelects`: the birth date of the
 * register and profile forms, `date` fields elsewhere) as typed props: the hidden input's name and
 * printed `Y-M-D` value, the years offered, and the field's title for the group's name.
 */
export const dateSelectSchema = z.object({
  name: z.string(),
  value: z.string(),
  years: z.array(z.string()),
  title: z.string(),
  required: z.boolean(),
});

export type DateSelectProps = z.infer<typeof dateSelectSchema>;
