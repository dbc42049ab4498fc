import * as z from 'zod/mini';

/**
 * One payment of a booking's sidebar (server/views/account/booking-single.ts, "Bank Payment
 * Receipt"): its heading ("Deposit 1 : $480.00"), whether it is printed open, and its rows.
 */
export const depositItemSchema = z.object({
  heading: z.string(),
  open: z.boolean(),
  rows: z.array(z.object({ head: z.string(), tail: z.string() })),
});

export type DepositItemProps = z.infer<typeof depositItemSchema>;
