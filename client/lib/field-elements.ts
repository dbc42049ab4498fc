import { createContext } from 'react';

/**
 * The element each form key is shown in, so a failed check can focus the first wrong field in
 * page order (react-hook-form knows its fields in the order they mounted, and a room added later
 * sits above fields mounted before it).
 */
export type FieldElements = Map<string, HTMLElement>;

export const FieldElementsContext = createContext<FieldElements | undefined>(undefined);

/** The first of these keys' elements in document order. */
export function firstInPage(elements: FieldElements, keys: Iterable<string>): HTMLElement | undefined {
  let first: HTMLElement | undefined;
  for (const key of keys) {
    const el = elements.get(key);
    if (!el?.isConnected) continue;
    if (!first || first.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) first = el;
  }
  return first;
}
