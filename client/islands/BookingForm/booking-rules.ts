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

const COUNTS = /^tour-(people|adult|male|female|children|student|infant)$/;

/**
 * Whether a booking detail already names travellers (a private group, or a count above 0): what
 * the head price can price, so a form that opens with them chosen asks for its price at once.
 */
export function choosesTravellers(detail: Readonly<Record<string, unknown>>): boolean {
  if (detail.group !== undefined && detail.group !== '' && detail.group !== 0) return true;
  return Object.entries(detail).some(
    ([name, value]) => COUNTS.test(name) && travellerTotal(Array.isArray(value) ? value : [value]) > 0,
  );
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
