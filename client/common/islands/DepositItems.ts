import * as z from 'zod/mini';

/**
 * One payment of a booking's sidebar (server/views/account/booking-single.ts, "Bank Payment
 * Receipt"): its heading ("Deposit 1 : $480.00"), whether it is printed open, its rows, and the
 * receipt's file when it has one.
 */
export const depositItemSchema = z.object({
  heading: z.string(),
  open: z.boolean(),
  rows: z.array(z.object({ head: z.string(), tail: z.string() })),
  /** The uploaded bank receipt above the rows: a picture, or a PDF offered as a download. */
  receipt: z.optional(z.object({ url: z.string(), pdf: z.boolean() })),
});

export type DepositItemProps = z.infer<typeof depositItemSchema>;
