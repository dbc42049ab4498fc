import type { AjaxValue } from '../../lib/ajax';

/**
 * The list controls' wire protocol (listing.md §2.8), without the DOM: what a click or a select
 * change posts, and what a reply means for the list.
 */

/** The settings as jQuery's `.data('settings')` held them: the parsed JSON, or the raw text when it is not JSON. */
export function parseSettings(attribute: string | undefined): AjaxValue {
  if (attribute === undefined || attribute === '') return '';
  try {
    return JSON.parse(attribute) as AjaxValue;
  } catch {
    return attribute;
  }
}

/**
 * The request body: `action`, the element's current `settings` and `option[name]`/`option[value]`
 * (a missing attribute is an empty string, as jQuery sent `undefined`).
 */
export function requestBody(
  action: string,
  settings: AjaxValue,
  name: string | null | undefined,
  value: string | null | undefined,
): Record<string, AjaxValue> {
  return { action, settings, option: { name: name ?? '', value: value ?? '' } };
}

/** A fragment slot of the reply: new markup, `'none'` (remove the control), or absent (leave it). */
export type Slot = { kind: 'markup'; html: string } | { kind: 'none' } | undefined;

export interface ListReply {
  /** The items (no holder); empty when the page has no tours. */
  content: string;
  pagination: Slot;
  loadMore: Slot;
  /** Replaces the element's settings (the order filterer's reply). */
  settings?: AjaxValue;
}

function slot(value: unknown): Slot {
  if (typeof value !== 'string' || value === '') return undefined;
  return value === 'none' ? { kind: 'none' } : { kind: 'markup', html: value };
}

/**
 * A `status: success` reply as the list uses it, or undefined for anything else (the legacy script
 * logged those and changed nothing).
 */
export function readReply(data: unknown): ListReply | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const reply = data as Record<string, unknown>;
  if (reply.status !== 'success') return undefined;
  return {
    content: typeof reply.content === 'string' ? reply.content : '',
    pagination: slot(reply.pagination),
    loadMore: slot(reply.load_more),
    ...(reply.settings !== undefined && reply.settings !== null ? { settings: reply.settings as AjaxValue } : {}),
  };
}

const tours = (n: number, more = '') => `${n} ${more}${n === 1 ? 'tour' : 'tours'}`;

/** What the polite live region says after a load. */
export function announcement(
  outcome:
    | { kind: 'replaced'; shown: number; page?: number }
    | { kind: 'appended'; added: number; shown: number; more: boolean }
    | { kind: 'failed' },
): string {
  switch (outcome.kind) {
    case 'replaced':
      if (outcome.shown === 0) return 'No tours found.';
      return `${tours(outcome.shown)} shown${outcome.page && outcome.page > 1 ? `, page ${outcome.page}` : ''}.`;
    case 'appended':
      return outcome.more
        ? `${tours(outcome.added, 'more ')} loaded, ${tours(outcome.shown)} shown.`
        : `${tours(outcome.added, 'more ')} loaded. All ${tours(outcome.shown)} are shown.`;
    default:
      return 'The tours could not be loaded. Please try again.';
  }
}
