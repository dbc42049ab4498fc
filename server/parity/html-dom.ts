import { parse, parseFragment } from 'parse5';

type Node = {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
};

/** Heuristic used on JSON string values: does this look like an HTML fragment? */
export function looksLikeHtml(value: string): boolean {
  return /<[a-zA-Z][^>]*>/.test(value);
}

/**
 * A canonical text of an HTML document or fragment as a parsed DOM: tags, attributes (sorted;
 * class tokens sorted) and text with whitespace collapsed; comments and whitespace-only text
 * dropped. Two HTML strings are "the same page" when their canonical texts are equal, whatever
 * their quoting, attribute order or indentation.
 */
export function canonicalHtml(html: string, options: { document?: boolean } = {}): string {
  const root = (options.document ? parse(html) : parseFragment(html)) as unknown as Node;
  const out: string[] = [];
  walk(root, out);
  return out.join('');
}

function walk(node: Node, out: string[]): void {
  for (const child of node.childNodes ?? []) {
    if (child.nodeName === '#text') {
      const text = (child.value ?? '').replace(/\s+/g, ' ');
      if (text.trim()) out.push(escapeText(text.trim()));
    } else if (child.nodeName === '#comment' || child.nodeName === '#documentType') {
    } else if (child.tagName) {
      const attrs = (child.attrs ?? [])
        .map((a) => {
          const value =
            a.name === 'class' ? [...new Set(a.value.split(/\s+/).filter(Boolean))].sort().join(' ') : a.value.trim();
          return `${a.name}="${escapeText(value)}"`;
        })
        .sort();
      out.push(`<${child.tagName}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`);
      walk(child.content ?? child, out);
      out.push(`</${child.tagName}>`);
    }
  }
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}
