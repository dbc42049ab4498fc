import { str } from '../php/coerce';
import type { SeatGroup } from '../tourmaster/availability';
import type { TourmasterSettings } from '../tourmaster/settings';
import { parseTourOption, TOUR_META_KEYS, type Tour } from '../tourmaster/tour-option';
import { unserializeCached } from '../wp/parse-cache';
import { settingsFromOptions } from './options';
import { holdTime, seatHoldCondition } from './seat-holds';
import { placeholders, preparedRows, quoteTable, type WpDb } from './tables';

const SETTING_OPTIONS = ['tourmaster_general', 'tourmaster_payment', 'timezone_string', 'gmt_offset'];
const META_KEYS = Object.values(TOUR_META_KEYS);

type Row = {
  src: string;
  k: string;
  v: string | null;
  travellers: unknown;
  male: unknown;
  female: unknown;
  orders: unknown;
  excluded: unknown;
};

const sqlCache = new Map<string, string>();

/** What the statement's text depends on (the bench's bare probe builds it without a connection). */
type StatementTarget = Pick<WpDb, 'engine' | 'prefix' | 't'>;

/** The query's text, built once per table prefix and engine (a prepared statement's key). */
function bookingContextSql(wp: StatementTarget, withSeats: boolean): string {
  const key = `${wp.engine}:${wp.prefix}:${withSeats}`;
  let sql = sqlCache.get(key);
  if (sql) return sql;
  const { posts, postmeta, options, orders } = wp.t;
  const q = (name: string) => quoteTable(wp, name);
  const none = 'NULL AS travellers, NULL AS male, NULL AS female, NULL AS orders, NULL AS excluded';
  sql =
    `SELECT 'p' AS src, post_status AS k, post_title AS v, ${none} FROM ${q(posts)} WHERE ID = ? AND post_type = 'tour' ` +
    `UNION ALL SELECT 'n', post_name, '', ${none} FROM ${q(posts)} WHERE ID = ? AND post_type = 'tour' ` +
    `UNION ALL SELECT 'm', meta_key, meta_value, ${none} FROM ${q(postmeta)} WHERE post_id = ? AND meta_key IN (${placeholders(META_KEYS.length)}) ` +
    `UNION ALL SELECT 'o', option_name, option_value, ${none} FROM ${q(options)} WHERE option_name IN (${placeholders(SETTING_OPTIONS.length)})`;
  if (withSeats) {
    // The date's orders by pool and status, in the same round trip; the caller picks its pool and
    // the statuses that hold seats (seatCountsFrom). Counted live on every request, never cached.
    sql +=
      " UNION ALL SELECT 's', package_group_slug, order_status, SUM(traveller_amount), SUM(male_amount), SUM(female_amount), COUNT(*), " +
      `CASE WHEN id = ? THEN 1 ELSE 0 END FROM ${q(orders)} WHERE tour_id = ? AND travel_date = ? AND ${seatHoldCondition(wp)} ` +
      'GROUP BY package_group_slug, order_status, CASE WHEN id = ? THEN 1 ELSE 0 END';
  }
  sqlCache.set(key, sql);
  return sql;
}

/** `loadBookingContext`'s one statement and its bindings (also what the bench's bare probe runs). */
export function bookingContextStatement(
  wp: StatementTarget,
  tourId: number,
  seatsOn?: { travelDate: string; excludeOrderId: number | undefined; now: Date },
): { sql: string; bindings: (string | number)[] } {
  const bindings: (string | number)[] = [tourId, tourId, tourId, ...META_KEYS, ...SETTING_OPTIONS];
  if (seatsOn) {
    const exclude = seatsOn.excludeOrderId ?? -1;
    bindings.push(exclude, tourId, seatsOn.travelDate, holdTime(seatsOn.now), exclude);
  }
  return { sql: bookingContextSql(wp, seatsOn !== undefined), bindings };
}

/**
 * Everything a booking request needs before it counts seats, in one round trip: the tour's post
 * row, its option and single metas, and the plugin's settings. Nothing is cached across requests
 * except the parse of text that has not changed (parse-cache.ts).
 */
export async function loadBookingContext(
  wp: WpDb,
  tourId: number,
  /** The date whose seats to count, at `now` (orders whose seat hold ran out unpaid by then hold none). */
  seatsOn?: { travelDate: string; excludeOrderId: number | undefined; now: Date },
): Promise<{ tour: Tour | undefined; settings: TourmasterSettings; seatGroups: SeatGroup[] }> {
  const { sql, bindings } = bookingContextStatement(wp, tourId, seatsOn);
  const rows = await preparedRows<Row>(wp, sql, bindings);
  const seatGroups: SeatGroup[] = [];
  let status: string | undefined;
  let title = '';
  let slug = '';
  const meta = new Map<string, string>();
  const options = new Map<string, string>();
  for (const row of rows) {
    if (row.src === 'p') {
      status = row.k;
      title = String(row.v ?? '');
    } else if (row.src === 'n') slug = row.k;
    else if (row.src === 'm' && !meta.has(row.k)) meta.set(row.k, String(row.v ?? ''));
    else if (row.src === 'o') options.set(row.k, String(row.v ?? ''));
    else if (row.src === 's') {
      seatGroups.push({
        groupSlug: String(row.k ?? ''),
        status: row.v === null ? null : String(row.v),
        travellers: row.travellers === null ? null : Number(row.travellers),
        male: row.male === null ? null : Number(row.male),
        female: row.female === null ? null : Number(row.female),
        orders: Number(row.orders ?? 0),
        excluded: Number(row.excluded) === 1,
      });
    }
  }
  const settings = settingsFromOptions(options);
  // Only a published tour with booking settings can be booked (the legacy site crashed on others).
  const optionText = meta.get(TOUR_META_KEYS.option);
  if (status !== 'publish' || optionText === undefined) return { tour: undefined, settings, seatGroups };
  const tour = tourFromMeta({ id: tourId, title, slug }, meta);
  return { tour, settings, seatGroups };
}

/**
 * A tour from its post and its metas' raw text (the first value of each key): the booking option
 * unserialised and parsed, the plugin's single keys as text. Every reader of a tour builds it here.
 */
export function tourFromMeta(post: Pick<Tour, 'id' | 'title' | 'slug'>, meta: ReadonlyMap<string, string>): Tour {
  const single = (key: string) => {
    const v = meta.get(key);
    return v === undefined ? '' : str(unserializeCached(v));
  };
  const optionText = meta.get(TOUR_META_KEYS.option);
  return {
    ...post,
    option: parseTourOption(optionText === undefined ? undefined : unserializeCached(optionText)),
    meta: {
      minPeoplePerBooking: single(TOUR_META_KEYS.minPeoplePerBooking),
      maxPeoplePerBooking: single(TOUR_META_KEYS.maxPeoplePerBooking),
      maxPeople: single(TOUR_META_KEYS.maxPeople),
      extraBookingInfo: single(TOUR_META_KEYS.extraBookingInfo),
      bookInAdvance: single(TOUR_META_KEYS.bookInAdvance),
      dateAvail: single(TOUR_META_KEYS.dateAvail),
      contactDetailFields: single(TOUR_META_KEYS.contactDetailFields),
    },
  };
}
