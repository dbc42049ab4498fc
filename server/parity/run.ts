import { type ActualReply, compareReply, type Normaliser, sendExchange } from './compare';
import { DEVIATIONS, withDeviation } from './deviations';
import { type Exchange, exchangeAction } from './exchanges';
import { originNormaliser, runDateNormaliser } from './origins';
import { pageComparison } from './page-comparisons';
import { liveSafety } from './read-only';

/**
 * What happens to state-changing exchanges: never sent anywhere (`skip`), or sent to our server
 * only and compared with the reply captured with them (`ours-only`; our server must run on a copy).
 */
export type StateChangingMode = 'skip' | 'ours-only';

export interface ParityOptions {
  /** The admin's live site (only read-only exchanges go there). */
  legacyUrl: string;
  /** Our server, running on a copy of the same database. */
  oursUrl: string;
  /** Other addresses the sites' replies use for themselves (our copy's `home` option, the captured site). */
  siteUrls?: readonly string[];
  stateChanging: StateChangingMode;
  /** Per request, for each side. */
  timeoutMs?: number;
  /** The run's start, for "now" in the replies. */
  now?: Date;
  /** Called after each exchange (progress lines). */
  onOutcome?: (outcome: Outcome) => void;
}

export interface Outcome {
  name: string;
  /** The admin-ajax action, or `METHOD /path` of a page or form. */
  action: string;
  result: 'match' | 'deviation' | 'difference' | 'skipped' | 'error';
  /** What our reply was compared with: the live site's reply now, or the one captured with the exchange. */
  against?: 'live' | 'captured';
  /** Every difference found, in words (the first is what the report shows). */
  differences?: string[];
  /** The DEVIATIONS.md entry a deviation on purpose is listed under. */
  entry?: string;
  /** Why an exchange was skipped or failed. */
  reason?: string;
}

/**
 * Replays the exchanges in name order: each read-only one to the live site and to ours, comparing
 * the two replies; each state-changing one skipped or, with `ours-only`, sent to ours alone. A
 * request that could change the live site is never sent there, whatever the mode.
 */
export async function runParity(exchanges: readonly Exchange[], options: ParityOptions): Promise<Outcome[]> {
  if (new URL(options.legacyUrl).origin === new URL(options.oursUrl).origin)
    throw new Error('The live site and our server are the same address; ours must run on a copy.');
  const sameSite = originNormaliser([options.legacyUrl, options.oursUrl, ...(options.siteUrls ?? [])]);
  const now = runDateNormaliser(options.now ?? new Date());
  const normalise: Normaliser = (text) => now(sameSite(text));
  const outcomes: Outcome[] = [];
  for (const ex of exchanges) {
    const outcome = await replayOne(ex, options, normalise);
    outcomes.push(outcome);
    options.onOutcome?.(outcome);
  }
  return outcomes;
}

async function replayOne(ex: Exchange, options: ParityOptions, normalise: Normaliser): Promise<Outcome> {
  const action = exchangeAction(ex) ?? `${ex.request.method} ${ex.request.path.split('?')[0]}`;
  const base = { name: ex.name, action };
  const safety = liveSafety(ex);
  if (!safety.readOnly && options.stateChanging === 'skip')
    return { ...base, result: 'skipped', reason: safety.reason };
  const against = safety.readOnly ? 'live' : 'captured';
  let legacy: Exchange;
  let ours: ActualReply;
  try {
    legacy = safety.readOnly
      ? { ...ex, response: asCaptured(await send(options.legacyUrl, ex, options, 'the live site')) }
      : ex;
    ours = await send(options.oursUrl, ex, options, 'our server');
  } catch (err) {
    return { ...base, result: 'error', against, reason: (err as Error).message };
  }
  const comparison = pageComparison(legacy);
  const differences = compareReply(legacy, ours, normalise, comparison);
  if (differences.length === 0) return { ...base, result: 'match', against };
  const deviation = DEVIATIONS[ex.name];
  if (deviation && compareReply(withDeviation(legacy, deviation), ours, normalise, comparison).length === 0)
    return { ...base, result: 'deviation', against, entry: deviation.entry };
  return { ...base, result: 'difference', against, differences };
}

async function send(baseUrl: string, ex: Exchange, options: ParityOptions, side: string): Promise<ActualReply> {
  try {
    return await sendExchange(baseUrl, ex, ex.request.cookies, options.timeoutMs);
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const why =
      e.name === 'TimeoutError'
        ? `no reply within ${options.timeoutMs} ms`
        : (e.cause?.code ?? e.cause?.message ?? e.message);
    throw new Error(`${side} (${baseUrl}) did not answer: ${why}`);
  }
}

/** A live reply in the captured form the comparison reads (JSON when the body parses as JSON). */
export function asCaptured(reply: ActualReply): Exchange['response'] {
  const headers: [string, string][] = [];
  reply.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push([name, value]);
  });
  for (const cookie of reply.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
  try {
    const json: unknown = JSON.parse(reply.text);
    return { status: reply.status, headers, body_kind: 'json', json, body: reply.text };
  } catch {
    return { status: reply.status, headers, body_kind: 'text', body: reply.text };
  }
}
