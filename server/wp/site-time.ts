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
