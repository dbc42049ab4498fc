import * as z from 'zod/mini';
import { FieldOption, formFieldSchema } from './form-field';
import { exactly, oneOf } from './lean-schemas';
import { BreakdownProps } from './payment-sidebar';

/**
 * The booking form's props (`form#tourmaster-single-tour-booking-fields`, booking.md §2–§4): the
 * date control and the blocks of the fields fragment, in the order printed. Our tour page writes
 * them beside the form; `tourmaster_tour_booking` answers a later step's blocks as its reply's
 * `props` beside the legacy `content`.
 */

/** A select of counts `min`…`max` after its placeholder option ("Adult", "Number Of People"). */
export const comboSchema = z.object({
  name: z.string(),
  placeholder: z.string(),
  min: z.number(),
  max: z.number(),
  /** The value shown first ('' for the placeholder). */
  selected: z.string(),
});

/** The traveller counts of one room (or of the template new rooms copy). */
export const roomSchema = z.object({ variable: z.boolean(), combos: z.array(comboSchema) });

/** An extra booking field (`extra_booking_info[{name}]`). */
export const extraFieldSchema = formFieldSchema;

const seats = { left: z.number(), unit: z.string() };

/** The blocks in the order printed; each has its `data-step` (booking-block.ts). */
export const bookingBlockSchema = oneOf(
  /** A notice in place of the fields (a closed date, counts that are no numbers). */
  z.object({ kind: exactly('notice'), message: z.string() }),
  /** "Available: N seats". */
  z.object({ kind: exactly('available'), ...seats }),
  z.object({
    kind: exactly('package'),
    placeholder: z.string(),
    chosen: z.string(),
    items: z.array(
      z.object({
        title: z.string(),
        caption: z.string(),
        startTime: z.string(),
        available: z.optional(z.object(seats)),
      }),
    ),
  }),
  /** A private group: nobody to count. */
  z.object({ kind: exactly('group') }),
  /** One count (`variable` false) or one per traveller category. */
  z.object({ kind: exactly('people'), ...roomSchema.shape }),
  z.object({ kind: exactly('rooms'), room: comboSchema, rooms: z.array(roomSchema), template: roomSchema }),
  z.object({ kind: exactly('extra'), fields: z.array(extraFieldSchema) }),
  /** "Proceed Booking"; guests on a site with accounts are asked to log in first. */
  z.object({ kind: exactly('submit'), askLogin: z.boolean() }),
);

export const dateControlSchema = oneOf(
  /** One bookable date: shown as text, posted as a hidden field. */
  z.object({ kind: exactly('single'), date: z.string(), label: z.string() }),
  /** The calendar of the bookable dates; `format` in jQuery UI's syntax, `range` days highlighted. */
  z.object({
    kind: exactly('calendar'),
    dates: z.array(z.string()),
    selected: z.string(),
    format: z.string(),
    range: z.number(),
    /**
     * Our availability API for this tour (server/rest/): sold-out and closed days are marked and
     * disabled, and the first bookable day is chosen. Without it the calendar is the legacy one.
     */
    availability: z.optional(
      z.object({
        url: z.string(),
        /** `show-remaining-available-number`: "N left" under every day with a limit (else under fewer than 5). */
        showRemaining: z.boolean(),
      }),
    ),
  }),
  /** A select of the dates. */
  z.object({ kind: exactly('list'), dates: z.array(FieldOption), selected: z.string() }),
);

export const bookingFormSchema = z.object({
  tourId: z.string(),
  /** The bar's "From $X" follows what is chosen (`tourmaster-update-header-price`). */
  headPrice: z.boolean(),
  /** None when the tour has no bookable date (the fields are then a notice). */
  date: oneOf(exactly(null), dateControlSchema),
  blocks: z.array(bookingBlockSchema),
  /** Values carried over from an earlier visit, posted again as they came. */
  hidden: z.array(z.object({ name: z.string(), value: z.string() })),
});

/** What `tourmaster_tour_booking` adds as its reply's `props`. */
export const bookingStepSchema = z.object({ blocks: z.array(bookingBlockSchema) });

/**
 * What `tourmaster_update_head_price` adds as its reply's `props` beside the legacy `price` (issue
 * 18): the price box's breakdown as the payment page's sidebar shows it (the same lines, from the
 * same pricing), and the first deposit where the tour takes deposits. Every amount is formatted by
 * the server; the tax the total includes is the breakdown's `taxRate` ("9%"), absent without tax.
 */
export const headPriceSchema = z.object({
  /** The total, as the header shows it. */
  total: z.string(),
  breakdown: BreakdownProps,
  /** "30%" of the total due now where a deposit may be paid, and its amount. */
  deposit: z.optional(z.object({ percent: z.number(), price: z.string() })),
});

export type BookingFormProps = z.infer<typeof bookingFormSchema>;
export type BookingBlock = z.infer<typeof bookingBlockSchema>;
export type DateControlProps = z.infer<typeof dateControlSchema>;
export type ComboProps = z.infer<typeof comboSchema>;
export type RoomProps = z.infer<typeof roomSchema>;
export type ExtraFieldProps = z.infer<typeof extraFieldSchema>;
export type BookingStepProps = z.infer<typeof bookingStepSchema>;
export type HeadPriceProps = z.infer<typeof headPriceSchema>;
