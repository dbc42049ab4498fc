import { z } from 'zod';

/**
 * Typed, bounded schemas for fields of a form PHP decoded (`php/form-body.ts`): the admin-ajax edge
 * declares its inputs with these instead of `unknown`. A field is a string, a list of strings
 * (`name[]=…`) or a keyed array of those (`name[key]=…`, `name[key][]=…`). Anything deeper, or
 * larger than the bounds, is refused with the field's name.
 */

/** The longest value one field may carry: the multipart limit per field (64 KiB). */
export const FORM_TEXT_MAX = 64 * 1024;
/** The most entries one array field may carry: PHP's `max_input_vars` default. */
export const FORM_LIST_MAX = 1000;
/** The longest key of a keyed array (a booking detail's field names are far shorter). */
export const FORM_KEY_MAX = 128;

/** One text field. */
export const formText = z.string({ error: 'This field must be text.' }).max(FORM_TEXT_MAX, 'This field is too long.');

/** An array field (`name[]=…`, `name[3]=…` read as PHP lists them). */
export const formList = z.array(formText).max(FORM_LIST_MAX, 'This list is too long.');

/** A keyed array field (`extra_booking_info[diet]=…`), one more level of lists allowed (`a[b][]=…`). */
export const formMap = z
  .record(z.string().max(FORM_KEY_MAX), z.union([formText, formList]))
  .refine((map) => Object.keys(map).length <= FORM_LIST_MAX, 'This list is too long.');

/** A field as the legacy forms post it: text, a list of text, or a keyed array of those. */
export const formValue = z.union([formText, formList, formMap], {
  error: 'This field is not text, a list or a keyed list, as the form posts it.',
});
export type FormValue = string | readonly string[] | { readonly [key: string]: string | readonly string[] };

/** A keyed array of fields (`booking_detail[…]`, `data[…]`), each text or an array of text. */
export const formRecord = z
  .record(z.string().max(FORM_KEY_MAX), formValue)
  .refine((fields) => Object.keys(fields).length <= FORM_LIST_MAX, 'Too many fields.');
export type FormRecord = Readonly<Record<string, FormValue | undefined>>;

/** A keyed array of fields where a scalar (`data=…` without brackets) reads as no fields, as PHP code indexing it did. */
export const formFields: z.ZodType<FormRecord, unknown> = z.preprocess(
  (value) => (typeof value === 'string' ? {} : value),
  formRecord,
);

/**
 * Any decoded value, bounded only by the body decoder (nesting, field count, body size): for the
 * few inputs whose shape is the admin's own settings echoed back (a list section's `settings`).
 */
export type FormTree = string | FormTree[] | { [key: string]: FormTree };
export const formTree: z.ZodType<FormTree> = z.lazy(() =>
  z.union([formText, z.array(formTree), z.record(z.string().max(FORM_KEY_MAX), formTree)]),
);
