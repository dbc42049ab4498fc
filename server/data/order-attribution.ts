import type { WpDb } from './tables';

/** One touch (a visit's source) as stored; checked before it gets here (server/services/booking/attribution.ts). */
export interface TouchRecord {
  sourceType: 'utm' | 'organic' | 'referral' | 'typein';
  source?: string;
  medium?: string;
  campaign?: string;
  content?: string;
  term?: string;
  utmId?: string;
  /** The referring site's host. */
  referrer?: string;
  /** The landing page's path. */
  landingPage?: string;
}

export interface OrderAttribution {
  current: TouchRecord;
  first?: TouchRecord;
  sessionPages?: number;
}

/**
 * `{prefix}dropin_order_attribution`: one row per order we wrote with an attribution (migration
 * 20261123000100): the current touch in the plain columns, the first touch in `first_…`. A table of
 * our own: WordPress's and the plugin's tables are never altered.
 */
export const attributionTable = (wp: WpDb) => `${wp.prefix}dropin_order_attribution`;

export interface AttributionRow {
  order_id: number;
  source_type: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  content: string | null;
  term: string | null;
  utm_id: string | null;
  referrer: string | null;
  landing_page: string | null;
  first_source_type: string | null;
  first_source: string | null;
  first_medium: string | null;
  first_campaign: string | null;
  first_content: string | null;
  first_term: string | null;
  first_utm_id: string | null;
  first_referrer: string | null;
  first_landing_page: string | null;
  session_pages: number | null;
  created_at: string;
}

function columns(touch: TouchRecord | undefined, prefix: '' | 'first_'): Record<string, string | null> {
  return {
    [`${prefix}source_type`]: touch?.sourceType ?? null,
    [`${prefix}source`]: touch?.source ?? null,
    [`${prefix}medium`]: touch?.medium ?? null,
    [`${prefix}campaign`]: touch?.campaign ?? null,
    [`${prefix}content`]: touch?.content ?? null,
    [`${prefix}term`]: touch?.term ?? null,
    [`${prefix}utm_id`]: touch?.utmId ?? null,
    [`${prefix}referrer`]: touch?.referrer ?? null,
    [`${prefix}landing_page`]: touch?.landingPage ?? null,
  };
}

/** Stores an order's attribution, in the transaction that wrote the order (`createdAt`: site-local time). */
export async function insertOrderAttribution(
  wp: WpDb,
  orderId: number,
  attribution: OrderAttribution,
  createdAt: string,
): Promise<void> {
  await wp
    .knex(attributionTable(wp))
    .insert({
      order_id: orderId,
      ...columns(attribution.current, ''),
      ...columns(attribution.first, 'first_'),
      session_pages: attribution.sessionPages ?? null,
      created_at: createdAt,
    })
    // An order id is new when this runs; a row left by a deleted order of the same id is replaced.
    .onConflict('order_id')
    .merge();
}

export async function getOrderAttribution(wp: WpDb, orderId: number): Promise<AttributionRow | undefined> {
  const row = await wp.knex(attributionTable(wp)).first().where('order_id', orderId);
  if (!row) return undefined;
  return {
    ...row,
    order_id: Number(row.order_id),
    session_pages: row.session_pages === null ? null : Number(row.session_pages),
  } as AttributionRow;
}
