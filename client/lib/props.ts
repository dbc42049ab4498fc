import type * as z from 'zod/mini';

/**
 * An island's props: the element's `data-*` attributes (as `dataset`, camel-cased) validated by the
 * island's zod schema (STYLE.md §2.6). A bad prop throws with the island's name; main.ts then marks
 * the element `data-island-error` and the page keeps working.
 */
export function readProps<S extends z.ZodMiniType>(island: string, element: HTMLElement, schema: S): z.infer<S> {
  const result = schema.safeParse({ ...element.dataset });
  if (!result.success) {
    const detail = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`[island ${island}] invalid props: ${detail}`);
  }
  return result.data as z.infer<S>;
}

/** A JSON attribute (`data-tour-date='["2027-05-15"]'`) parsed before validation. */
export function jsonAttribute(value: string | undefined): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
