import { isEmpty, isSet, list, phpFloat, phpInt, str } from '../php/coerce';
import type { BookingDetail } from './booking-detail';
import { type BookingMode, bookingMode, pricingMethod } from './packages';
import type { Copied } from './price-breakdown';
import { PERSON_TYPES, type PersonType, phpNumber } from './pricing-settings';
import type { DatePriceEntry, TourOption } from './tour-option';
import { COUNT_FIELDS, type CountField, INVALID_COUNT_MESSAGE, MAX_TRAVELLERS, parseCount } from './traveller-counts';

/**
 * The travellers of a booking detail: ONE reading of the count fields (`tour-people`,
 * `tour-adult`…, lists per room in room mode), which the price, the seats an order takes, the
 * travellers it stores and lists, the payment page's traveller rows and the mails all use.
 *
 * The legacy plugin read them four different ways: seats from every count field, the price from
 * the fields of the tour's pricing method only, so `tour-adult=2` on a per-person tour, or ten
 * infants beside one person, booked seats nobody paid for. {@link readTravellers} reads the fields
 * the way the price engine always did (pricing.md §3, PHP numbers, room lists up to `tour-room`);
 * {@link checkTravellers} is the booking's rule on top: only the fields the date's pricing takes,
 * whole numbers, somebody in every room.
 */

/** One room's travellers (room mode), or the whole booking's: by category (`people` for fixed pricing). */
export type PartyCounts = Readonly<Partial<Record<'people' | PersonType, number>>>;

/** A party's count fields as the request sent them (`Copied`: the text, a list, or null when missing). */
export type SentCounts = Readonly<Partial<Record<CountField, Copied>>>;

export interface Travellers {
  mode: BookingMode;
  /** The count fields the date's pricing takes: none (group), `tour-people` (fixed), the offered categories (variable). */
  fields: readonly CountField[];
  /** One entry per room in room mode, one for the whole booking otherwise, none for group pricing. */
  rooms: readonly PartyCounts[];
  /**
   * The count fields as sent, beside `rooms`: the whole field (one entry), or each room's element
   * (room mode). The price breakdown stores them as the plugin copied the request's text.
   */
  sent: readonly SentCounts[];
  /**
   * The travellers priced (pricing.md's counter T): the people of every room or category; for group
   * pricing, the travellers named so far. The seats of a non-group order and the rows it lists.
   */
  total: number;
  male: number;
  female: number;
  /** People who count as adults for `require-adult-to-book-tour`: fixed `people`, `adult`, `male`, `female`. */
  adults: number;
  /** Seats the order holds: its travellers, or one group for group pricing (counted against `max-group`). */
  seats: number;
  /**
   * Traveller rows the payment page shows and the order lists: the travellers; for a group its
   * `max-group-people` (the names given when the date sets none).
   */
  listed: number;
}

/** Which count fields the date's pricing takes (the booking bar's selects: booking-form.ts). */
export function countFieldsOf(entry: DatePriceEntry): CountField[] {
  const method = pricingMethod(entry);
  if (method === 'group') return [];
  if (method === 'fixed') return ['tour-people'];
  return PERSON_TYPES.filter((type) => isSet(entry[`${type}-price`])).map((type) => `tour-${type}` as CountField);
}

/**
 * Room loops run `tour-room` times (rooms beyond the people lists still cost their base price).
 * Bookings are refused far below this ({@link checkTravellers}); it only keeps a bad call from hanging.
 */
export const MAX_ROOMS = 1000;

/** PHP `$value[$i]` on a request field: a list's element, a string's character ('' past its end), else null. */
export function fieldAt(value: unknown, i: number): string | readonly string[] | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value[i] ?? '';
  if (typeof value !== 'object') return null;
  const element: unknown = list(value)[i];
  return typeof element === 'string' ? element : element === undefined || element === null ? null : str(element);
}

/**
 * The travellers as the price engine counts them (pricing.md §3): non-empty count fields read as
 * PHP numbers; in room mode the first `tour-room` entries of each list; group pricing counts the
 * traveller rows with a first or last name. Every field is read, offered or not, as the plugin's
 * price did: {@link checkTravellers} is what refuses the others.
 */
export function readTravellers(option: TourOption, entry: DatePriceEntry, detail: BookingDetail) {
  const mode = bookingMode(option, entry);
  const variable = pricingMethod(entry) === 'variable';
  const rooms: PartyCounts[] = [];
  const sent: SentCounts[] = [];
  /** One party: its counts read as PHP numbers, and the fields as sent; `at` reads a field. */
  const party = (at: (field: CountField) => Copied) => {
    const counts: Partial<Record<'people' | PersonType, number>> = {};
    const text: Partial<Record<CountField, Copied>> = {};
    if (!variable) {
      text['tour-people'] = at('tour-people');
      counts.people = phpNumber(text['tour-people']);
    } else {
      for (const type of PERSON_TYPES) {
        const value = at(`tour-${type}`);
        if (isEmpty(value)) continue;
        text[`tour-${type}`] = value;
        counts[type] = phpNumber(value);
      }
    }
    rooms.push(counts);
    sent.push(text);
  };
  if (mode === 'people') party((field) => detail[field] ?? null);
  else if (mode === 'room') {
    const roomCount = Math.min(phpNumber(detail['tour-room']), MAX_ROOMS);
    for (let i = 0; i < roomCount; i++) party((field) => fieldAt(detail[field], i));
  }
  const sum = (pick: (party: PartyCounts) => number) => rooms.reduce((n, party) => n + pick(party), 0);
  const people = (party: PartyCounts) => Object.values(party).reduce<number>((n, c) => n + (c ?? 0), 0);
  const total = mode === 'group' ? namedTravellers(detail) : sum(people);
  const maxGroupPeople = Math.min(Math.max(phpInt(entry['max-group-people']), 0), MAX_TRAVELLERS);
  const travellers: Travellers = {
    mode,
    fields: countFieldsOf(entry),
    rooms,
    sent,
    total,
    male: sum((p) => p.male ?? 0),
    female: sum((p) => p.female ?? 0),
    adults: sum((p) => (p.people ?? 0) + (p.adult ?? 0) + (p.male ?? 0) + (p.female ?? 0)),
    seats: mode === 'group' ? 1 : total,
    listed: mode === 'group' ? maxGroupPeople || total : total,
  };
  return travellers;
}

/** Group pricing's T: rows whose first or last name is filled in. */
function namedTravellers(detail: BookingDetail): number {
  const first = detail.traveller_first_name;
  if (isEmpty(first) || !Array.isArray(first)) return 0;
  let named = 0;
  for (let i = 0; i < first.length; i++) {
    if (!isEmpty(first[i]) || !isEmpty(fieldAt(detail.traveller_last_name, i))) named++;
  }
  return named;
}

export const TRAVELLER_MESSAGES = {
  invalid: INVALID_COUNT_MESSAGE,
  'not-offered': 'Sorry, this tour has no price for %s travellers. Please refresh the page and choose again.',
  'no-traveller': 'Please select the number of travellers.',
  'empty-room': 'Please select the number of travellers for each room.',
  'room-limit': '* You can select maximum %d persons per each room.',
  'too-many': `Sorry, a booking can hold at most ${MAX_TRAVELLERS} travellers.`,
  'group-size': 'Sorry, a group can hold at most %d travellers.',
  'free-only': 'Sorry, travellers who go free cannot book this tour on their own. Please add a traveller with a price.',
} as const;

export type TravellersRefusal = keyof typeof TRAVELLER_MESSAGES;

export type TravellersCheck =
  | { ok: true; travellers: Travellers }
  | { ok: false; reason: TravellersRefusal; message: string };

const LABELS: Readonly<Record<CountField, string>> = {
  'tour-people': 'individual',
  'tour-adult': 'adult',
  'tour-male': 'male',
  'tour-female': 'female',
  'tour-children': 'child',
  'tour-student': 'student',
  'tour-infant': 'infant',
};

/** Supplement pricing prices rooms of one, two or three people only (pricing.md §3C). */
const SUPPLEMENT_ROOM_MAX = 3;

/**
 * The booking's rules on the count fields, then {@link readTravellers}:
 * - every count is a whole number (`''` for none), a list per room in room mode, a single value
 *   otherwise, and `tour-room` a whole number;
 * - a field the date's pricing does not take (`tour-adult` on a per-person tour, a category with no
 *   price) is refused unless it is empty or 0; a group-priced date takes none and ignores them all
 *   (one group, whatever the counts say);
 * - a group names no more travellers than its `max-group-people`;
 * - `complete` (an order, the payment page): somebody travels, not only travellers who go free on
 *   a date that charges others, every room holds somebody, and a room of supplement pricing holds
 *   one to three (any other count is priced at nothing).
 * Entries of a room list beyond `tour-room` (the booking bar's room template adds one) are ignored,
 * by the price as by the seats.
 */
export function checkTravellers(
  option: TourOption,
  entry: DatePriceEntry,
  detail: BookingDetail,
  options: { complete: boolean },
): TravellersCheck {
  const mode = bookingMode(option, entry);
  const fields = countFieldsOf(entry);
  const fail = (reason: TravellersRefusal, value?: string | number): TravellersCheck => ({
    ok: false,
    reason,
    message: TRAVELLER_MESSAGES[reason].replace(/%[sd]/, String(value ?? '')),
  });

  let rooms: number | undefined;
  if (mode === 'room') {
    const parsed = parseCount(detail['tour-room']);
    if (parsed === 'invalid' || (parsed ?? 0) > MAX_TRAVELLERS) return fail('invalid');
    rooms = parsed ?? 0;
  }
  for (const field of COUNT_FIELDS) {
    const value = detail[field];
    if (value === undefined || value === '') continue;
    const isList = typeof value === 'object' && value !== null;
    // Room mode posts `tour-people[]`; anything else one value. PHP would index a string's characters.
    if (mode === 'room' && fields.includes(field) && !isList) return fail('invalid');
    if (mode !== 'room' && isList) return fail('invalid');
    const values = isList ? list(value).slice(0, rooms) : [value];
    for (const v of values) {
      const n = parseCount(v);
      if (n === 'invalid') return fail('invalid');
      // A group-priced date ignores every count (the legacy page itself posts a stale `tour-people`
      // beside `group=1`: exchange payment_template-group-crete-s2); any other date refuses one it has no price for.
      if (n && mode !== 'group' && !fields.includes(field)) return fail('not-offered', LABELS[field]);
    }
  }

  const travellers = readTravellers(option, entry, detail);
  if (travellers.total > MAX_TRAVELLERS) return fail('too-many');
  // A group's named travellers are priced (services per traveller) and listed: no more than its rows.
  if (mode === 'group' && travellers.total > travellers.listed) return fail('group-size', travellers.listed);
  if (options.complete && mode !== 'group') {
    if (travellers.total === 0) return fail('no-traveller');
    if (mode === 'people' && onlyFreeTravellers(entry, travellers)) return fail('free-only');
    if (mode === 'room') {
      const size = (p: PartyCounts) => Object.values(p).reduce<number>((n, c) => n + (c ?? 0), 0);
      if (travellers.rooms.some((p) => size(p) === 0)) return fail('empty-room');
      const supplement = pricingMethod(entry) === 'fixed' && entry['enable-supplement-pricing'] === 'enable';
      if (supplement && travellers.rooms.some((p) => size(p) > SUPPLEMENT_ROOM_MAX)) {
        return fail('room-limit', SUPPLEMENT_ROOM_MAX);
      }
    }
  }
  return { ok: true, travellers };
}

/**
 * Whether everybody in a per-person booking goes free while the date does charge somebody: an
 * order of infants alone at 0 would be approved unpaid and hold seats. A date whose every price is
 * 0 is genuinely free and books as the plugin does.
 */
function onlyFreeTravellers(entry: DatePriceEntry, travellers: Travellers): boolean {
  const priceOf = (category: string) =>
    phpFloat(category === 'people' ? entry['person-price'] : entry[`${category as PersonType}-price`]);
  const charges = travellers.fields.some((field) => priceOf(field.slice('tour-'.length)) > 0);
  const party = travellers.rooms[0] ?? {};
  const paying = Object.entries(party).some(([category, n]) => (n ?? 0) > 0 && priceOf(category) > 0);
  return charges && !paying;
}
