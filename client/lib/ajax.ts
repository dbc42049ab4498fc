/**
 * The one place islands talk to admin-ajax. Bodies are encoded as jQuery's `$.param` encodes them
 * (`data[tour-id]=4`, `data[tour-people][]=2`), so the server and the legacy site read them the same
 * way; replies come back as a typed union, and no island calls fetch itself.
 */
export type AjaxValue = string | number | boolean | null | undefined | AjaxValue[] | { [key: string]: AjaxValue };

export type AjaxResult<T> =
  | { kind: 'ok'; data: T }
  /** The protocol's own failure: `{"status":"failed","message":…}`. */
  | { kind: 'failed'; message: string; data: T }
  /** WordPress's `0` (unknown action), an HTTP error, a network error or a reply that is not JSON. */
  | { kind: 'error'; message: string; status?: number };

/** jQuery `$.param` (non-traditional): nested objects with brackets, arrays with `[]`, empties left out. */
export function encodeParams(data: Record<string, AjaxValue>): string {
  const parts: string[] = [];
  const add = (key: string, value: AjaxValue) => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) add(`${key}[${v !== null && typeof v === 'object' ? i : ''}]`, v);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    } else {
      parts.push(
        `${encodeURIComponent(key)}=${encodeURIComponent(value === null || value === undefined ? '' : String(value))}`,
      );
    }
  };
  for (const [k, v] of Object.entries(data)) add(k, v);
  return parts.join('&').replace(/%20/g, '+');
}

export async function postAjax<T = unknown>(
  url: string,
  data: Record<string, AjaxValue>,
  options: { signal?: AbortSignal } = {},
): Promise<AjaxResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
        'X-Requested-With': 'XMLHttpRequest',
      },
      body: encodeParams(data),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : 'Network error' };
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'error', message: 'The server answered something that is not JSON.', status: response.status };
  }
  // The protocol's failure is shown whatever the status. Refusals (a rate limit among them) come as
  // HTTP 200 in the action's own shape, as the legacy script needs them, and are handed on as replies.
  if (json && typeof json === 'object' && (json as { status?: unknown }).status === 'failed') {
    return { kind: 'failed', message: String((json as { message?: unknown }).message ?? ''), data: json as T };
  }
  if (!response.ok || json === 0)
    return { kind: 'error', message: `The server refused the request (${response.status}).`, status: response.status };
  return { kind: 'ok', data: json as T };
}
