import { isEmpty, phpInt, str } from '../php/coerce';
import { addDays } from './dates';
import { resolveDatePrice } from './packages';
import type { TourOption } from './tour-option';

/**
 * When a booked tour takes place, for its calendar entry: the travel date, the start time (the
 * booked package's `start-time`, else the tour's, as the booking cut-off reads it: availability.ts),
 * the last day of a multi-day tour (`tour-type` multiple, `multiple-duration` days) and how long a
 * timed one-day tour lasts when its `duration-text` says it in hours ("5 Hours").
 */
export interface BookingTimes {
  date: string;
  /** `HH:MM` (24 h), when the package or tour sets a readable one. */
  startTime?: string;
  /** The last day `Y-m-d` when the duration is known (a one-day tour ends on its date). */
  lastDay?: string;
  /**
   * A timed one-day tour's length in hours, from `duration-text` when it is just hours ("5 Hours",
   * "2.5 hrs"). The field is free text ("Half a day", "3 Days 2 Nights"): anything else gives none,
   * and the calendar entry then has no end.
   */
  hours?: number;
}

/** The longest tour a calendar entry spans (a bigger `multiple-duration` is a typo, not a trip). */
const MAX_DAYS = 366;

export function bookingTimes(option: TourOption, travelDate: string, packageTitle: unknown): BookingTimes {
  const merged = resolveDatePrice(option, travelDate, packageTitle);
  const raw = merged && !isEmpty(merged.entry['start-time']) ? merged.entry['start-time'] : option['start-time'];
  const startTime = readTime(str(raw));
  const multiple = option['tour-type'] === 'multiple' && !isEmpty(option['multiple-duration']);
  const days = multiple ? phpInt(option['multiple-duration']) : 1;
  const hours = startTime && !multiple ? readHours(str(option['duration-text'])) : undefined;
  return {
    date: travelDate,
    ...(startTime ? { startTime } : {}),
    ...(days >= 1 && days <= MAX_DAYS && (multiple || !startTime) ? { lastDay: addDays(travelDate, days - 1) } : {}),
    ...(hours ? { hours } : {}),
  };
}

/** `5 Hours`, `1 hour`, `2.5 hrs`, `3h`: more than 0 and at most 24 hours; anything else is none. */
function readHours(text: string): number | undefined {
  const m = /^\s*(\d{1,2}(?:[.,]\d{1,2})?)\s*(?:hours?|hrs?|h)\s*$/i.exec(text.slice(0, 40));
  const hours = m ? Number(m[1]!.replace(',', '.')) : Number.NaN;
  return hours > 0 && hours <= 24 ? hours : undefined;
}

/** `H:MM` or `HH:MM` within a day, as `HH:MM`; anything else is no time. */
function readTime(value: string): string | undefined {
  const m = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(value);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return undefined;
  return `${m[1]!.padStart(2, '0')}:${m[2]}`;
}
