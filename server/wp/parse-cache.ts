import { maybeUnserialize } from '../php/serialize';
import type { PhpValue } from '../php/values';

/**
 * Unserialising the big option arrays (tourmaster_general is ~11 KB) costs more than fetching them.
 * The text is still read from the database on every request, so an edit in the WordPress admin
 * shows on the next one; only identical text skips the parse. Values are frozen because they are
 * shared between requests.
 */
const MAX_ENTRIES = 500;
const cache = new Map<string, PhpValue>();

export function unserializeCached(text: string): PhpValue {
  const hit = cache.get(text);
  if (hit !== undefined) {
    // Move to the back: a Map iterates in insertion order, so the front is least recently used.
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const value = deepFreeze(maybeUnserialize(text));
  if (text.length > 64) {
    cache.set(text, value);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  }
  return value;
}

/** An option's text parsed as PHP's `maybe_unserialize` does, when it holds an array; else `{}`. */
export function optionRecord(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = unserializeCached(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
