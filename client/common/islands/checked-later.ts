import * as z from 'zod/mini';

/**
 * A part of an island's props that its first module passes on without reading: any object, checked
 * with its own schema by the module that renders it (fetched later), so the schemas of a page's
 * later states do not weigh on its first load. Typed as that schema's output for the server that
 * writes it; the client must check it before use.
 */
export function checkedLater<T>() {
  return z.custom<T>((value) => value !== null && typeof value === 'object' && !Array.isArray(value));
}
