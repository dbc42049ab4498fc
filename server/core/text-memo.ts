/**
 * A pure function of one stored text, kept by that text: the lists print the same few titles,
 * ratings and review texts on every request. The text is still read from the database each time,
 * so an edit shows on the next request (a changed text is a new key). At `maxEntries` the map is
 * emptied, which bounds it without the bookkeeping of a least-recently-used order; texts longer
 * than `maxTextLength` are computed and not kept.
 */
export function textMemo<T>(
  build: (text: string) => T,
  { maxEntries = 1000, maxTextLength = Number.POSITIVE_INFINITY } = {},
): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    if (text.length > maxTextLength) return build(text);
    if (cache.has(text)) return cache.get(text) as T;
    const value = build(text);
    if (cache.size >= maxEntries) cache.clear();
    cache.set(text, value);
    return value;
  };
}
