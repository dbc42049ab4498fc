/**
 * The value the plugin's script writes into the hidden input beside its three date selects
 * (engagement.md §4.3): `Y-M-D` as the options' values, not zero-padded, and only once the day, the
 * month and the year are all chosen; anything less is an empty value.
 */
export function dateValue(parts: { date: string; month: string; year: string }): string {
  const { date, month, year } = parts;
  return date !== '' && month !== '' && year !== '' ? `${year}-${month}-${date}` : '';
}
