import * as z from 'zod/mini';
import { exactly, oneOf } from './lean-schemas';

/**
 * The tour search form's fields as typed props (listing.md §1.4), in the order the form prints
 * them: written by our pages beside the form (server/views/tour-list/search-form.ts) and read from
 * the plugin's markup by the island's adapter where WordPress rendered the page. The form element
 * itself (its action, `method=GET`, classes) stays the server's; submitting is the browser's GET.
 */

const choice = z.object({ value: z.string(), label: z.string() });

/** A field's wrapper: `div.tourmaster-tour-search-field-{field}` with its spacing, and its label (none with placeholders). */
const field = {
  field: z.string(),
  style: z.optional(z.string()),
  label: z.optional(z.string()),
  placeholder: z.optional(z.string()),
};

const textPart = z.object({
  kind: exactly('text'),
  ...field,
  name: z.string(),
  value: z.string(),
  /** The keywords input sits in `div.tourmaster-tour-search-field-inner`. */
  inner: z.boolean(),
});

/** A taxonomy's checkboxes (the type filter's groups, the style-2 form's taxonomy fields). */
export const termsPart = z.object({
  kind: exactly('terms'),
  title: z.string(),
  name: z.string(),
  icon: z.string(),
  terms: z.array(z.object({ value: z.string(), label: z.string(), checked: z.boolean() })),
  /** Terms after this many fold under "More" (style-2); 0 never folds. */
  foldAfter: z.number(),
});

export const searchFormPart = oneOf(
  textPart,
  z.object({ kind: exactly('select'), ...field, name: z.string(), options: z.array(choice), value: z.string() }),
  /** The date: the shown text (the site's format), the `Y-m-d` value, the calendar's jQuery UI format. */
  z.object({ kind: exactly('date'), ...field, value: z.string(), shown: z.string(), format: z.string() }),
  z.object({ kind: exactly('hidden'), name: z.string(), value: z.string() }),
  /** Min or max price in a style-2 column (`left`, `right`). */
  z.object({ kind: exactly('column'), side: exactly('left', 'right'), part: textPart }),
  termsPart,
  /** The stars: drawn from the request's rating; the input starts at 0 whatever they show (the plugin's rule). */
  z.object({ kind: exactly('rating'), style: z.optional(z.string()), drawn: z.number() }),
  z.object({ kind: exactly('clear') }),
  z.object({
    kind: exactly('type-filter'),
    styleTwo: z.boolean(),
    open: z.boolean(),
    groups: z.array(termsPart),
  }),
  /** "Search"; the column-full-background style wraps it in a field with a label. */
  z.object({
    kind: exactly('submit'),
    wrap: z.optional(z.object({ style: z.optional(z.string()), label: z.optional(z.string()) })),
  }),
);

export const searchFormProps = z.object({ parts: z.array(searchFormPart) });

export type SearchFormPart = z.infer<typeof searchFormPart>;
export type SearchTermsPart = z.infer<typeof termsPart>;
export type SearchFormProps = z.infer<typeof searchFormProps>;
