import * as z from 'zod/mini';
import { exactly, jsonObject, oneOf } from './lean-schemas';

/**
 * A tour list's ajax controls as typed props (listing.md §2.4–§2.8): written by our pages beside
 * the list's marker (`div.tourmaster-tour-item`, server/views/tour-list/section-props.ts) and read
 * from the plugin's markup by the island's adapter where WordPress rendered the page. The tour
 * cards are not here: they are the holder's server content.
 */

/**
 * The list's settings as a control carries them (`data-settings`, the PHP `json_encode`), posted
 * back verbatim as `settings[...]`.
 */
export const listSettings = jsonObject;

/** The action a control posts (`tourmaster_tour_ajax`, `gdlr_core_tour_order_ajax`…) and its settings. */
const control = {
  action: z.string().check(z.regex(/^[a-z0-9_]+$/)),
  settings: listSettings,
  /** The wrapper's classes (style and alignment parts), kept for the theme's CSS. */
  className: z.string(),
};

const choice = z.object({ value: z.string(), label: z.string() });

/** The category filterer: the first link ("All", or the list's one category) has no value. */
export const filtererProps = z.object({
  ...control,
  links: z.array(z.object({ label: z.string(), value: z.optional(z.string()) })),
});

/** "Sort by": orderby and order selects, and the list/grid switch for the views the list names. */
export const orderFiltererProps = z.object({
  ...control,
  sorts: z.array(choice),
  orderby: z.string(),
  orders: z.array(choice),
  order: z.string(),
  views: z.array(exactly('list-style', 'grid-style')),
  /** The view shown, when the switch has one marked. */
  view: z.optional(exactly('list-style', 'grid-style')),
});

/** Ajax page numbers (`null` is a gap, `…`) or the "Load More" button for page `next`. */
export const pagingProps = oneOf(
  z.object({
    kind: exactly('pages'),
    ...control,
    current: z.number(),
    pages: z.array(oneOf(z.number(), exactly(null))),
  }),
  z.object({ kind: exactly('load-more'), ...control, next: z.number() }),
);

export const listSectionProps = z.object({
  /** The admin-ajax URL the controls post to. */
  ajaxUrl: z.string().check(z.minLength(1)),
  /** The holder's `data-layout` (`fitrows`, `masonry`). */
  layout: z.string(),
  filterer: z.optional(filtererProps),
  orderFilterer: z.optional(orderFiltererProps),
  paging: z.optional(pagingProps),
});

/**
 * What our list replies add as a top-level `props`: the paging the page needs (`null`: none, the
 * legacy `'none'`); absent when the list has no pagination.
 */
export const listReplyProps = z.object({ paging: z.optional(oneOf(pagingProps, exactly(null))) });

export type ListSettings = z.infer<typeof listSettings>;
export type FiltererProps = z.infer<typeof filtererProps>;
export type OrderFiltererProps = z.infer<typeof orderFiltererProps>;
export type PagingProps = z.infer<typeof pagingProps>;
export type ListSectionProps = z.infer<typeof listSectionProps>;
export type ListReplyProps = z.infer<typeof listReplyProps>;
