import { createElement, type RefObject, useLayoutEffect, useRef } from 'react';
import { announceContent } from './dom';

/**
 * The one component that puts server HTML into a React tree. Only for fragments that are pure
 * content the server escaped and the visitor does not edit (a tour list's cards, a review's text,
 * an ajax page of posts): nothing in them is state an island reads back. Scripts in them do not
 * run (inserted as HTML). Island markers inside them (a wish-list button, a rating) are announced
 * to client/main.ts, which mounts their islands. `attributes` (`data-*`, `aria-*`) and
 * `elementRef` (for focus and measurement) are the wrapping element's own, which the island owns.
 */
export function ServerFragment({
  html,
  as = 'div',
  className,
  attributes,
  elementRef,
}: {
  html: string;
  as?: 'div' | 'span' | 'ul' | 'tbody';
  className?: string | undefined;
  attributes?: Readonly<Record<`data-${string}` | `aria-${string}`, string | undefined>>;
  elementRef?: RefObject<HTMLElement | null>;
}) {
  const own = useRef<HTMLElement>(null);
  const ref = elementRef ?? own;
  useLayoutEffect(() => {
    if (ref.current && html) announceContent(ref.current);
  }, [html, ref]);
  return createElement(as, { ...attributes, ref, className, dangerouslySetInnerHTML: { __html: html } });
}
