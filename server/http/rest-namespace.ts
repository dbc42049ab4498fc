/**
 * The REST namespace this server answers itself (server/rest/), whether or not a WordPress
 * upstream is configured; pages link to its routes (the booking calendar's availability).
 */
export const REST_NAMESPACE = '/wp-json/tourmaster/v1';

/** A tour's availability route under the site's home URL, as WordPress's `rest_url()` builds it. */
export function tourAvailabilityUrl(homeUrl: string, tourId: number): string {
  return `${homeUrl}${REST_NAMESPACE}/tours/${tourId}/availability`;
}
