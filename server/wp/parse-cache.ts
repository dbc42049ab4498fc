import { maybeUnserialize } from '../php/serialize';
import type { PhpValue } from '../php/values';

/**
 * Unserialising the big option arrays (tourmaster_general is ~11 KB) costs more than fetching them.
 * The text is still read from the database on every request, so an edit in the WordPress admin
 * shows on the next one; only identical text skips the parse. Values are frozen because they are
 * shared between requests.
 */
const MAX_ENTRIES = 500;
const MAX_PER_KEY = 4;
const cache = new Map<number, { text: string; value: PhpValue }[]>();

/**
 * The cache's key for a text: a number from its length and a sample of its characters (every
 * 32nd part and the last 16). A Map keyed by the text itself would hash all of it on every lookup
 * (each request's text is a new string: ~10 µs for tourmaster_general); the hit is then confirmed
 * by comparing the texts whole, so two texts that share a key are told apart.
 */
function keyOf(text: string): number {
  const n = text.length;
  const step = Math.max(1, Math.floor(n / 32));
  let key = n;
  for (let i = 0; i < n; i += step) key = (Math.imul(key, 31) + text.charCodeAt(i)) | 0;
  for (let i = Math.max(0, n - 16); i < n; i++) key = (Math.imul(key, 31) + text.charCodeAt(i)) | 0;
  return key;
}

export function unserializeCached(text: string): PhpValue {
  if (text.length <= 64) return deepFreeze(maybeUnserialize(text));
  const key = keyOf(text);
  const bucket = cache.get(key);
  const hit = bucket?.find((entry) => entry.text === text);
  if (bucket && hit) {
    // Move to the back: a Map iterates in insertion order, so the front is least recently used.
    cache.delete(key);
    cache.set(key, bucket);
    return hit.value;
  }
  const value = deepFreeze(maybeUnserialize(text));
  if (bucket) {
    // Texts edited in place (a digit changed) may share a key: the oldest of them goes first.
    if (bucket.push({ text, value }) > MAX_PER_KEY) bucket.shift();
  } else {
    cache.set(key, [{ text, value }]);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as number);
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
