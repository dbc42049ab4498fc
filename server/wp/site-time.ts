/**
 * WordPress's `current_time('mysql')`: the site's local wall-clock time as `Y-m-d H:i:s`, from the
 * `timezone_string` option (an IANA zone) or, when that is empty, the `gmt_offset` hours.
 */
export function siteLocalTime(now: Date, zone: { timezone: string; gmtOffsetHours: number }): string {
  if (zone.timezone && zone.timezone !== 'UTC') {
    try {
      const parts = formatterFor(zone.timezone).formatToParts(now);
      const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
      return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
    } catch {
      // An unknown zone name: WordPress falls back to UTC as well.
    }
  }
  const offsetHours = zone.timezone === 'UTC' ? 0 : zone.gmtOffsetHours;
  return new Date(now.getTime() + offsetHours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The UTC instant of a site-local wall-clock time `Y-m-d H:i[:s]` (the inverse of siteLocalTime):
 * the zone's offset is read at a first guess and read again there, so a time on a DST change day
 * lands on the offset in force then. A time skipped by a DST jump resolves to the hour after.
 */
export function siteTimeToUtc(local: string, zone: { timezone: string; gmtOffsetHours: number }): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return undefined;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0));
  if (Number.isNaN(wall)) return undefined;
  const offsetAt = (instant: number) =>
    Date.parse(`${siteLocalTime(new Date(instant), zone).replace(' ', 'T')}Z`) - instant;
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/** Building an Intl formatter costs far more than using one: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    if (formatters.size < 50) formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The UTC date `Y-m-d` (PHP's `date('Y-m-d')` under WordPress, which runs PHP in UTC). */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}
