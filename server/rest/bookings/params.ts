import { z } from 'zod';

/** A booking's id in the path (`/bookings/{id}`): a positive whole number. */
export const bookingId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Expected a booking id (a positive whole number).')
  .transform(Number)
  .refine((n) => n <= 2 ** 31 - 1, 'Expected a booking id (a positive whole number).');

export const bookingIdInput = z.object({ id: bookingId });
