/**
 * The booking form's rules that need no page: which blocks a new step keeps, how many rooms are
 * shown, the traveller count of a block, and the names read out for the plugin's unlabelled selects.
 */

/** A reply for `step` replaces every block after it; blocks without a step stay (booking.md §3). */
export function keepSteps<B extends { step: number | undefined }>(blocks: readonly B[], step: number): B[] {
  return blocks.filter((b) => b.step === undefined || b.step <= step);
}

/**
 * One traveller block per room: extra blocks go from the end, missing ones are made (copies of the
 * template, when the page has one) and added at the end, as the legacy script did.
 */
export function resizeRooms<R>(rooms: readonly R[], count: number, make: (() => R) | undefined): R[] {
  const next = rooms.slice(0, Math.max(0, count));
  while (make && next.length < count) next.push(make());
  return next;
}

/** The people a block's selects count (what is not a number counts 0, as `parseInt(...) || 0`). */
export function travellerTotal(values: readonly unknown[]): number {
  return values.reduce<number>((sum, v) => sum + (Number.parseInt(String(v ?? ''), 10) || 0), 0);
}

/** A select's accessible name: its placeholder option ("Number Of People", "Adult"), else what it holds. */
export function selectLabel(name: string, options: readonly { value: string; label: string }[]): string {
  const placeholder = options.find((o) => o.value === '')?.label.trim();
  if (placeholder) return placeholder;
  if (name === 'tour-date') return 'Travel date';
  return name
    .replace(/\[\]$/, '')
    .replace(/^tour-/, '')
    .replace(/-/g, ' ');
}
