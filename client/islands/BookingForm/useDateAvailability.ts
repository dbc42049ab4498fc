import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { calendarBounds, parseYmd, ymd } from '../../lib/date-format';

/** How the calendar shows one of the tour's days. */
export interface DayMark {
  /** Not open for booking now (past its cut-off, a package that takes nobody). */
  closed: boolean;
  soldOut: boolean;
  /** "N left" under the day, when it is to be shown. */
  left?: number;
}

export type DayMarks = ReadonlyMap<string, DayMark>;

/** The days the API answers per call, both ends included (server/rest/tours/availability.ts). */
const MAX_RANGE_DAYS = 366;

/** Below this many seats (or groups) left, "N left" shows even where the site does not ask for it. */
export const FEW_LEFT = 5;

const reply = z.object({
  dates: z.array(
    z.object({
      date: z.string(),
      seats_left: z.nullable(z.number()),
      sold_out: z.boolean(),
      bookable: z.boolean(),
    }),
  ),
});

/**
 * The marks of the calendar's days, from our availability API (one call from its first day, at
 * most a year): undefined until they arrive, and for good when the call fails (the calendar then
 * stays the legacy one). Counted live by the server; fetched once per page.
 */
export function useDateAvailability(
  availability: { url: string; showRemaining: boolean } | undefined,
  dates: readonly string[],
): DayMarks | undefined {
  const [marks, setMarks] = useState<DayMarks>();
  useEffect(() => {
    if (!availability) return;
    const { min, max } = calendarBounds(dates, ymd(new Date()));
    const first = min ? parseYmd(min) : undefined;
    if (!first || !max) return;
    const last = new Date(first);
    last.setDate(last.getDate() + MAX_RANGE_DAYS - 1);
    const to = ymd(last) < max ? ymd(last) : max;
    const controller = new AbortController();
    const url = `${availability.url}?from=${ymd(first)}&to=${to}`;
    fetch(url, { credentials: 'same-origin', signal: controller.signal })
      .then(async (response) => (response.ok ? reply.parse(await response.json()) : undefined))
      .then((body) => body && setMarks(marksOf(body.dates, availability.showRemaining)))
      // Offline, an error, an answer we cannot read: the calendar as it was.
      .catch(() => {});
    return () => controller.abort();
  }, [availability, dates]);
  return marks;
}

function marksOf(dates: z.infer<typeof reply>['dates'], showRemaining: boolean): DayMarks {
  const marks = new Map<string, DayMark>();
  for (const d of dates) {
    const left = d.seats_left;
    const showLeft = left !== null && left > 0 && !d.sold_out && (showRemaining || left < FEW_LEFT);
    marks.set(d.date, { closed: !d.bookable, soldOut: d.sold_out, ...(showLeft ? { left } : {}) });
  }
  return marks;
}

/** A day that can be booked now: not marked, or marked open with room. */
export function isOpenDay(marks: DayMarks | undefined, date: string): boolean {
  const mark = marks?.get(date);
  return !mark || (!mark.closed && !mark.soldOut);
}
