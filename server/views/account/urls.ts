/**
 * WordPress `add_query_arg()` / `remove_query_arg()` on a request URI or URL, as the plugin's
 * account pages build their links (`/my-account/?page_type=my-booking&sub_page=single&id=1`):
 * an argument already present keeps its place and takes the new value, new ones are appended,
 * `null` removes one. Existing values are re-encoded as PHP's urlencode does.
 */
export function addQueryArg(uri: string, args: Readonly<Record<string, string | number | null>>): string {
  const hashAt = uri.indexOf('#');
  const fragment = hashAt === -1 ? '' : uri.slice(hashAt);
  const rest = hashAt === -1 ? uri : uri.slice(0, hashAt);
  const queryAt = rest.indexOf('?');
  const base = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const pairs = new Map<string, string>();
  for (const pair of (queryAt === -1 ? '' : rest.slice(queryAt + 1)).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    if (key === '') continue;
    pairs.set(key, eq === -1 ? '' : decode(pair.slice(eq + 1)));
  }
  for (const [key, value] of Object.entries(args)) {
    if (value === null) pairs.delete(key);
    else pairs.set(key, String(value));
  }
  const query = [...pairs].map(([k, v]) => `${phpUrlencode(k)}=${phpUrlencode(v)}`).join('&');
  return `${base}${query ? `?${query}` : ''}${fragment}`;
}

export function removeQueryArg(uri: string, keys: readonly string[]): string {
  return addQueryArg(uri, Object.fromEntries(keys.map((k) => [k, null])));
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** PHP `urlencode`: RFC 1738, space as `+`. */
export function phpUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}
