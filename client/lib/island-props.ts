import * as z from 'zod/mini';
import { ISLAND_PROPS_ATTRIBUTE } from '../common/island-props';

/**
 * The props a page we render serialised for an island (client/common/island-props.ts), validated
 * by the island's schema; `undefined` when the marker has none (WordPress rendered the page, so
 * the island's legacy adapter reads the markup). The script is removed once read: the component's
 * render owns the marker's content from then on. Invalid JSON or props throw with the island's
 * name, and main.ts marks the marker `data-island-error`.
 */
export function readIslandProps<S extends z.ZodMiniType>(
  island: string,
  marker: Element,
  schema: S,
): z.infer<S> | undefined {
  const script = [...marker.children].find(
    (child) => child instanceof HTMLScriptElement && child.getAttribute(ISLAND_PROPS_ATTRIBUTE) === island,
  );
  if (!script) return undefined;
  script.remove();
  let json: unknown;
  try {
    json = JSON.parse(script.textContent ?? '');
  } catch {
    throw new Error(`[island ${island}] its props are not JSON`);
  }
  const result = schema.safeParse(json);
  if (!result.success) throw new Error(`[island ${island}] invalid props: ${z.prettifyError(result.error)}`);
  return result.data as z.infer<S>;
}
