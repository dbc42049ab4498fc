import type { BarParts } from './parts';
import { useStickyBar } from './useStickyBar';

/** The bar following the page on wide screens, and nothing else (the payment page's sidebar). */
export function StickyBar({ parts, minWidth }: { parts: BarParts; minWidth: number }) {
  useStickyBar(parts, minWidth);
  return null;
}
