/**
 * Block markup as WordPress stores it (`<!-- wp:name {"attr":1} -->…<!-- /wp:name -->`, or
 * `<!-- wp:name /-->` for a dynamic block), parsed as `parse_blocks` does and rendered as
 * `do_blocks` renders it in a classic theme: static blocks print what is stored (a group with its
 * flow-layout classes and inner container, a heading with `wp-block-heading`), dynamic blocks print
 * what the caller's renderer gives, and a dynamic block without one prints nothing (never its
 * comment). HTML between blocks prints as it is.
 */
export interface Block {
  /** `core/archives` for `wp:archives`. */
  name: string;
  attrs: Record<string, unknown>;
  /** The stored HTML around the inner blocks, and the inner blocks, in order. */
  parts: (string | Block)[];
  /** Written `<!-- wp:name /-->`: nothing stored, WordPress renders it. */
  selfClosing: boolean;
}

const DELIMITER = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?)\s+(\{[\s\S]*?\}\s+)?(\/)?-->/g;

/** At most this many blocks are read from one text (a widget's content is small). */
const MAX_BLOCKS = 2000;

function parseAttrs(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text.trim());
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The text's top-level parts: HTML between blocks, and blocks. An unclosed block ends with the text. */
export function parseBlocks(text: string): (string | Block)[] {
  const root: Block = { name: '', attrs: {}, parts: [], selfClosing: false };
  const stack: Block[] = [root];
  let last = 0;
  let count = 0;
  for (const m of text.matchAll(DELIMITER)) {
    if (++count > MAX_BLOCKS) break;
    const top = stack[stack.length - 1]!;
    if (m.index > last) top.parts.push(text.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[2]!.includes('/') ? m[2]! : `core/${m[2]}`;
    if (m[1]) {
      // A closer: closes the innermost open block of that name (a stray one is dropped).
      const at = stack.findLastIndex((b, i) => i > 0 && b.name === name);
      if (at > 0) stack.length = at;
      continue;
    }
    const block: Block = { name, attrs: parseAttrs(m[3]), parts: [], selfClosing: m[4] === '/' };
    top.parts.push(block);
    if (!block.selfClosing) stack.push(block);
  }
  if (last < text.length) stack[stack.length - 1]!.parts.push(text.slice(last));
  return root.parts;
}

/** What a dynamic block prints (undefined: the block is not one the caller renders). */
export type BlockRenderer = (block: Block) => string | undefined;

/** `do_blocks` of the parts, dynamic blocks through `render`. */
export function renderBlocks(parts: readonly (string | Block)[], render: BlockRenderer): string {
  return parts.map((part) => (typeof part === 'string' ? part : renderBlock(part, render))).join('');
}

function renderBlock(block: Block, render: BlockRenderer): string {
  const dynamic = render(block);
  if (dynamic !== undefined) return dynamic;
  if (block.selfClosing) return '';
  const inner = renderBlocks(block.parts, render);
  if (block.name === 'core/heading') return withClass(inner, /^(\s*<h[1-6])\b/, 'wp-block-heading');
  if (block.name === 'core/group') return groupHtml(inner);
  return inner;
}

/** Adds a class to the first tag (matched by `open`), in its class attribute or a new one. */
function withClass(html: string, open: RegExp, className: string): string {
  const m = open.exec(html);
  if (!m) return html;
  const tagEnd = html.indexOf('>', m[0].length);
  if (tagEnd === -1) return html;
  const tag = html.slice(0, tagEnd);
  const rest = html.slice(tagEnd);
  const cls = /\bclass="([^"]*)"/.exec(tag);
  if (cls) return `${tag.replace(cls[0], `class="${cls[1]} ${className}"`)}${rest}`;
  return `${m[1]} class="${className}"${tag.slice(m[1]!.length)}${rest}`;
}

/**
 * A group in a classic theme: the flow layout's classes (`wp_render_layout_support_flag`) and the
 * inner container `wp_restore_group_inner_container` puts back.
 */
function groupHtml(html: string): string {
  const m = /^(\s*<([a-z]+)\b[^>]*>)([\s\S]*)(<\/\2>\s*)$/i.exec(html);
  if (!m) return html;
  const open = withClass(m[1]!, /^(\s*<[a-z]+)\b/i, 'is-layout-flow wp-block-group-is-layout-flow');
  return `${open}<div class="wp-block-group__inner-container">${m[3]}</div>${m[4]}`;
}
