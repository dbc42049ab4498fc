import type { CompareOptions } from '../compare';

/**
 * How the exchange replay (server/ajax/replay.int.test.ts) treats the single tour page. The page
 * sits in our shell and our layout, so it is compared by the plugin's parts the islands and the
 * visitor rely on: the info bar, the main content (gallery, tabs), the booking bar with its form,
 * enquiry tab and price, the related tours, and the reviews section. What we leave out or add on purpose is in
 * DEVIATIONS.md (56–63, 68); only the enquiry trap field and the filter's label are markup inside a
 * compared part.
 */
export const TOUR_PAGE_COMPARISON: CompareOptions = {
  regions: [
    { className: 'tourmaster-tour-info-outer' },
    { className: 'tourmaster-single-main-content' },
    // Present or absent as on the legacy page (only the corfu tour shares a tag with another).
    { className: 'tourmaster-single-related-tour' },
    { className: 'tourmaster-tour-booking-bar-wrap' },
    { className: 'tourmaster-single-review' },
  ],
  oursWithout: [
    // DEVIATIONS.md 60: the enquiry form's trap field.
    /<div class="tourmaster-enquiry-field-trap"[^>]*>[\s\S]*?<\/div>/g,
    // DEVIATIONS.md 68: the reviews' filter select is named.
    / aria-label="Filter reviews by traveller type"/g,
  ],
};

/** `METHOD path` of every captured single-tour page (`page-tour-*` but the list shortcode page). */
export const TOUR_PAGE_ROUTES: readonly string[] = [
  'GET /tour/athens-acropolis-plaka-walking-tour/',
  'GET /tour/corfu-old-town-paleokastritsa/',
  'GET /tour/meteora-monasteries-3-day-tour/',
  'GET /tour/mykonos-delos-island-hopping/',
  'GET /tour/rhodes-medieval-town-lindos/',
  'GET /tour/santorini-caldera-sunset-cruise/',
];
