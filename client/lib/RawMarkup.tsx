import { createElement, type ReactNode } from 'react';
import { attrsToProps, type RawNode, type Shell } from './markup';

/** Elements that cannot have content (React refuses inner HTML on them). */
const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** A server element as it was printed (icons, notices, hidden fields, lightbox templates). */
export function Raw({ node }: { node: RawNode }) {
  const props = attrsToProps(node.attrs);
  if (!VOID.has(node.tag)) props.dangerouslySetInnerHTML = { __html: node.html };
  return createElement(node.tag, props);
}

/** A server element around content the island renders; `extra` props win over the printed attributes. */
export function ShellElement({
  shell,
  extra,
  children,
}: {
  shell: Shell;
  extra?: Record<string, unknown>;
  children?: ReactNode;
}) {
  return createElement(shell.tag, { ...attrsToProps(shell.attrs), ...extra }, children);
}

export function RawList({ nodes }: { nodes: readonly RawNode[] }) {
  // Server markup does not reorder: the index is the element's identity.
  // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the life of its block.
  return nodes.map((node, i) => <Raw key={i} node={node} />);
}
