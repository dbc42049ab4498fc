import type { Deviation } from './deviation';
import { loadExchange } from './exchanges';

/**
 * The tour-list replies we give on purpose (legacy-fixtures/DEVIATIONS.md 65–66), built from the
 * captured ones: the same items and markup, with our settings echo or our order of equal tours.
 */
export function listingDeviations(): Record<string, Deviation> {
  const out: Record<string, Deviation> = {};
  for (const prefix of ['tourmaster', 'gdlr_core']) {
    out[`${prefix}_tour_order_ajax-search-orderby-bogus`] = withSettings(
      `${prefix}_tour_order_ajax-search-orderby-bogus`,
      { orderby: 'date' },
    );
    out[`${prefix}_tour_order_ajax-search-orderby-duration-asc`] = reordered(
      `${prefix}_tour_order_ajax-search-orderby-duration-asc`,
      [...SAME_DURATION_NEWEST_FIRST, 'meteora-monasteries-3-day-tour'],
    );
    out[`${prefix}_tour_order_ajax-search-orderby-duration-desc`] = reordered(
      `${prefix}_tour_order_ajax-search-orderby-duration-desc`,
      ['meteora-monasteries-3-day-tour', ...SAME_DURATION_NEWEST_FIRST],
    );
  }
  return out;
}

/** The one-day tours, newest first: the order of tours with the same duration. */
const SAME_DURATION_NEWEST_FIRST = [
  'corfu-old-town-paleokastritsa',
  'rhodes-medieval-town-lindos',
  'delphi-oracle-arachova-day-trip',
  'mykonos-delos-island-hopping',
  'crete-samaria-gorge-private-hike',
  'athens-acropolis-plaka-walking-tour',
  'santorini-caldera-sunset-cruise',
];

function legacyJson(name: string): Record<string, unknown> {
  return loadExchange(name).response.json as Record<string, unknown>;
}

/** An unknown orderby is the date order (as legacy), and the settings echo says so. */
function withSettings(name: string, changes: Record<string, string>): Deviation {
  const json = legacyJson(name);
  return {
    status: 200,
    json: { ...json, settings: { ...(json.settings as Record<string, unknown>), ...changes } },
    entry: 'tour lists: settings echo only validated values',
  };
}

/** The captured items in our order (tours with equal sort keys: newest first). */
function reordered(name: string, slugs: readonly string[]): Deviation {
  const json = legacyJson(name);
  const content = String(json.content);
  const marker = '<div class="tourmaster-item-list ';
  const items = content
    .split(marker)
    .filter(Boolean)
    .map((item) => marker + item);
  const bySlug = new Map(items.map((item) => [/\/tour\/([^/]+)\//.exec(item)?.[1] ?? '', item]));
  if (slugs.some((slug) => !bySlug.has(slug)) || bySlug.size !== slugs.length)
    throw new Error(`Exchange ${name} does not list the tours expected`);
  return {
    status: 200,
    json: { ...json, content: slugs.map((slug) => bySlug.get(slug)).join('') },
    entry: 'tour lists: equal sort keys, newest first',
  };
}
