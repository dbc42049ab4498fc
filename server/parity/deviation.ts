/**
 * Exchanges where we answer differently from the legacy site on purpose (legacy-fixtures/
 * DEVIATIONS.md says why, entry by entry). The replay asserts these replies instead of the captured
 * ones; everything else about the exchange (headers, status) is still compared. The parity check
 * (scripts/parity.ts) reports a live reply that differs only this way as a deviation on purpose.
 */
export interface Deviation {
  status: number;
  json: unknown;
  /** A reply that is not JSON (a redirect's empty body): compared as text instead of `json`. */
  text?: string;
  /** The reply's headers, when they differ from the captured ones (a redirect and cookies in place of a page). */
  headers?: [string, string][];
  /** The DEVIATIONS.md entry. */
  entry: string;
}
