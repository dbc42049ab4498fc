/**
 * An island's initial props on a page we render: JSON in a `<script type="application/json"
 * data-island-props>` that is the marker's first child, as Astro and Fresh serialise theirs. The
 * browser never runs it (not JavaScript, so the content-security policy has nothing to block);
 * the island reads it, validates it with its schema and removes it before it renders. Pages that
 * WordPress rendered have no such script: an island's legacy adapter reads their markup instead.
 */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';

/**
 * The script element for `value`. `<`, `>`, `&` and the two JavaScript line separators are
 * escaped, so no text in the props (a tour title, a review) can close the script or open markup.
 */
export function islandPropsScript(island: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const name = island.replace(/[^A-Za-z0-9-]/g, '');
  return `<script type="application/json" ${ISLAND_PROPS_ATTRIBUTE}="${name}">${json}</script>`;
}
