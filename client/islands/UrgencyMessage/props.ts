import * as z from 'zod/mini';

/** `#tourmaster-urgency-message[data-expire]` (engagement.md §6): seconds to stay hidden, 3600 when empty. */
export const urgencyProps = z.object({
  expire: z.pipe(
    z.transform((v: unknown) => (v === undefined || v === '' || v === '0' ? 3600 : Number(v))),
    z.number().check(z.positive()),
  ),
});
