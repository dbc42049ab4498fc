import { stripslashes } from '../../tourmaster/booking-detail-cookie';
import type { HiddenField } from '../../views/tour/booking-bar';

/**
 * The payment page's "edit" link posts the booking so far back to the tour page as `tour_temp`
 * (booking.md §7.4): a JSON object of the booking detail. The tour page pre-selects its date and
 * people, and posts every other value on to the payment page again as hidden fields.
 */
export type TourTemp = Readonly<Record<string, unknown>>;

/**
 * The fields the booking form shows itself, pre-selected from the carried values. The plugin listed
 * people, rooms, categories and the package; `tour-male` and `tour-female` are selects of the form
 * too, so they are pre-selected rather than re-posted twice as the plugin did.
 */
export const CARRIED_FIELD_KEYS = [
  'tour-people',
  'tour-room',
  'tour-adult',
  'tour-children',
  'tour-student',
  'tour-infant',
  'tour-male',
  'tour-female',
  'package',
] as const;

/** The most values re-posted (a booking has a few dozen; anything beyond is not a booking). */
const MAX_HIDDEN = 500;

/**
 * The posted `tour_temp`: JSON (as the payment page's script writes it), or JSON with WordPress's
 * slashes (as PHP saw it). Anything that is not a JSON object is no carry-over.
 */
export function readTourTemp(raw: unknown): TourTemp | undefined {
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  for (const text of [raw, stripslashes(raw)]) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as TourTemp;
    } catch {
      // try the unslashed text
    }
  }
  return undefined;
}

/** A carried scalar as the string the form posts ('' for anything else). */
export function carriedText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** The carried values the form pre-selects (strings, or lists of strings for the per-room selects). */
export function carriedFieldValues(temp: TourTemp): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const key of CARRIED_FIELD_KEYS) {
    const value = temp[key];
    if (value === undefined || value === null) continue;
    values[key] = Array.isArray(value) ? value.map(carriedText) : carriedText(value);
  }
  return values;
}

/**
 * Every other carried value as hidden inputs (`name`, `name[]` per list element, `name[key]` for
 * one level of nesting), except `tour-id`, `tour-date` and the names the form already has.
 */
export function carriedHiddenFields(temp: TourTemp, formNames: ReadonlySet<string>): HiddenField[] {
  const out: HiddenField[] = [];
  const skip = new Set<string>(['tour-id', 'tour-date', ...CARRIED_FIELD_KEYS]);
  for (const [key, value] of Object.entries(temp)) {
    if (skip.has(key) || formNames.has(key) || formNames.has(`${key}[]`) || key === '') continue;
    if (Array.isArray(value)) {
      for (const v of value) out.push({ name: `${key}[]`, value: carriedText(v) });
    } else if (value && typeof value === 'object') {
      for (const [sub, v] of Object.entries(value as Record<string, unknown>))
        out.push({ name: `${key}[${sub}]`, value: carriedText(v) });
    } else out.push({ name: key, value: carriedText(value) });
    if (out.length >= MAX_HIDDEN) break;
  }
  return out.slice(0, MAX_HIDDEN);
}

/** The `name` attributes in a fragment of form markup. */
export function formFieldNames(fragment: string): Set<string> {
  const names = new Set<string>();
  for (const m of fragment.matchAll(/\sname="([^"]*)"/g)) names.add(unescapeAttribute(m[1]!));
  return names;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#039;': "'", '&lt;': '<', '&gt;': '>' };

function unescapeAttribute(value: string): string {
  return value.replace(/&(?:amp|quot|#039|lt|gt);/g, (e) => ENTITIES[e]!);
}
