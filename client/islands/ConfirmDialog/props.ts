import * as z from 'zod/mini';

/**
 * A link `a[data-confirm]` (the plugin's confirm box, e.g. cancelling a booking on the account
 * page): `data-confirm` is the heading, `-text`, `-sub`, `-yes`, `-no` the rest.
 */
export const confirmProps = z.object({
  confirm: z.string(),
  confirmText: z._default(z.string(), ''),
  confirmSub: z._default(z.string(), ''),
  confirmYes: z._default(z.string(), 'Yes'),
  confirmNo: z._default(z.string(), 'No'),
});
