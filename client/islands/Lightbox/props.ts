import * as z from 'zod/mini';

/** An opener `[data-tmlb="login"]`: the id of the `[data-tmlb-id]` block it shows. */
export const lightboxProps = z.object({ tmlb: z.string().check(z.minLength(1)) });

/** A gallery link: its image is the `href`; `data-lightbox-group` links open as one gallery. */
export const galleryProps = z.object({ lightboxGroup: z.optional(z.string()) });
