import * as z from 'zod/mini';

/** The search form (listing.md §1.4): a GET form with no data attributes of its own. */
export const searchFormProps = z.object({});
