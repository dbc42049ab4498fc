import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Renders an island's component as the content of its marker, and returns the unmount main.ts
 * keeps. The marker element itself stays the server's (its classes are what the theme's CSS
 * selects on); what is inside it is React's from here on.
 */
export function renderInto(marker: Element, node: ReactNode): () => void {
  const root = createRoot(marker);
  root.render(node);
  return () => root.unmount();
}
