import type { WpDb } from '../data/tables';
import { VIEW_COUNT_META } from '../tourmaster/tour-option';

/**
 * The capture-time state the tour-list exchanges need in a name-ordered replay (legacy-fixtures/
 * README "Capture order"): the lists were captured before any tour page was viewed, when only
 * tour 4 had a view count (1, as in the dump). In a replay the `page-tour-*` exchanges run first
 * and count a view each, which changes the popularity order.
 */
export const LISTING_REPLAY_SETUP: Readonly<Record<string, (wp: WpDb) => Promise<void>>> = {
  'tourmaster_tour_order_ajax-search-orderby-popularity-desc': async (wp) => {
    await wp.knex(wp.t.postmeta).where('meta_key', VIEW_COUNT_META).whereNot('post_id', 4).delete();
    await wp.knex(wp.t.postmeta).where({ meta_key: VIEW_COUNT_META, post_id: 4 }).update({ meta_value: '1' });
  },
};
