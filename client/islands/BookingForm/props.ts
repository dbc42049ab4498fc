import * as z from 'zod/mini';
import { jsonAttribute } from '../../lib/props';

/** `form#tourmaster-single-tour-booking-fields[data-ajax-url]` (booking.md §2). */
export const bookingFormProps = z.object({ ajaxUrl: z.string().check(z.minLength(1)) });

/** The calendar input `.tourmaster-datepicker[data-tour-date]` (booking.md §2, DATE-CONTROL). */
export const tourDatepickerProps = z.object({
  tourDate: z.pipe(
    z.transform(jsonAttribute),
    z.array(z.string().check(z.regex(/^\d{4}-\d{1,2}-\d{1,2}$/))).check(z.minLength(1)),
  ),
  tourRange: z._default(z.coerce.number().check(z.minimum(1)), 1),
  dateFormat: z._default(z.string(), 'd M yy'),
});
