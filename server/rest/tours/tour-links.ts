import { z } from 'zod';
import { REST_NAMESPACE, tourAvailabilityUrl } from '../../http/rest-namespace';

export const tourLinksJson = z.object({
  self: z.string().describe("The tour's API resource (its packages, prices and rules)."),
  availability: z.string().describe('Its availability route (add `from` and `to`, YYYY-MM-DD).'),
});

/** A tour's routes in this API, under the site's home URL as WordPress's `rest_url()` builds them. */
export function tourLinks(homeUrl: string, tourId: number): z.infer<typeof tourLinksJson> {
  return { self: `${homeUrl}${REST_NAMESPACE}/tours/${tourId}`, availability: tourAvailabilityUrl(homeUrl, tourId) };
}
