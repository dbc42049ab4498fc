import { list } from '../php/coerce';
import type { BookingDetail } from './booking-detail';

/**
 * Traveller counts as the booking form posts them (`tour-people`, `tour-adult`…, arrays per room in
 * room mode). The legacy site used whatever arrived: negative, fractional or absurd numbers gave
 * negative or infinite prices. Counts must be whole non-negative numbers, and no booking may hold
 * more than MAX_TRAVELLERS people.
 */
export const MAX_TRAVELLERS = 2000;

export const COUNT_FIELDS = [
  'tour-people',
  'tour-adult',
  'tour-male',
  'tour-female',
  'tour-children',
  'tour-student',
  'tour-infant',
] as const;

export type CountField = (typeof COUNT_FIELDS)[number];

/** The traveller kinds as the REST API names them (a booking's `travellers` keys). */
export const TRAVELLER_KINDS = ['people', 'adult', 'child', 'student', 'infant', 'male', 'female'] as const;

export type TravellerKind = (typeof TRAVELLER_KINDS)[number];

/** Each count field's traveller kind. */
export const TRAVELLER_KIND_OF_FIELD: Readonly<Record<CountField, TravellerKind>> = {
  'tour-people': 'people',
  'tour-adult': 'adult',
  'tour-male': 'male',
  'tour-female': 'female',
  'tour-children': 'child',
  'tour-student': 'student',
  'tour-infant': 'infant',
};

/** The count field of each traveller kind (the inverse of {@link TRAVELLER_KIND_OF_FIELD}). */
export const FIELD_OF_TRAVELLER_KIND = Object.fromEntries(
  Object.entries(TRAVELLER_KIND_OF_FIELD).map(([field, kind]) => [kind, field]),
) as Readonly<Record<TravellerKind, CountField>>;

export const INVALID_COUNT_MESSAGE = 'Please enter a valid number of travellers.';
export const TOO_MANY_MESSAGE = `Sorry, a booking can hold at most ${MAX_TRAVELLERS} travellers.`;

/** '' or missing → null (not chosen); a whole number → it; anything else → 'invalid'. */
export function parseCount(value: unknown): number | null | 'invalid' {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : 'invalid';
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value.trim())) return 'invalid';
  return Number(value.trim());
}

export type TravellerCounts =
  | { ok: true; total: number; rooms: number | null }
  | { ok: false; reason: 'INVALID_COUNT' | 'TOO_MANY'; message: string };

/**
 * Checks every count field of a booking detail (and `tour-room`); returns the number of travellers.
 * In room mode only the first `tour-room` entries of each array count (the room template adds one).
 */
export function readTravellerCounts(detail: BookingDetail): TravellerCounts {
  const rooms = parseCount(detail['tour-room']);
  if (rooms === 'invalid' || (rooms !== null && rooms > MAX_TRAVELLERS)) {
    return { ok: false, reason: 'INVALID_COUNT', message: INVALID_COUNT_MESSAGE };
  }
  let total = 0;
  for (const field of COUNT_FIELDS) {
    const value = detail[field];
    const values =
      Array.isArray(value) || (value && typeof value === 'object') ? list(value).slice(0, rooms ?? undefined) : [value];
    for (const v of values) {
      const n = parseCount(v);
      if (n === 'invalid') return { ok: false, reason: 'INVALID_COUNT', message: INVALID_COUNT_MESSAGE };
      total += n ?? 0;
      if (total > MAX_TRAVELLERS) return { ok: false, reason: 'TOO_MANY', message: TOO_MANY_MESSAGE };
    }
  }
  return { ok: true, total, rooms };
}
