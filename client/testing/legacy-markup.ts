import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Markup for component tests: a page WordPress rendered (legacy-fixtures/pages/NAME.html), and a
 * piece of HTML put in the test's document, so adapters are tested on what the plugin printed.
 * A page is parsed once per test file (slow in jsdom); tests read it, and copy what they mount.
 */
const pages = new Map<string, Document>();

export function legacyPage(name: string): Document {
  const file = path.resolve('legacy-fixtures/pages', `${name}.html`);
  let page = pages.get(file);
  if (!page) {
    page = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'text/html');
    pages.set(file, page);
  }
  return page;
}

/** `html` as the content of a fresh container in the document; returns the container. */
export function place(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.replaceChildren(container);
  return container;
}

/** The page of a captured exchange (legacy-fixtures/exchanges/NAME.json: a GET WordPress answered). */
export function capturedPage(name: string): Document {
  const file = path.resolve('legacy-fixtures/exchanges', `${name}.json`);
  const exchange = JSON.parse(readFileSync(file, 'utf8')) as { response: { body: string } };
  return new DOMParser().parseFromString(exchange.response.body, 'text/html');
}

/**
 * The elements under `root` as `tag.class.class` in document order: what the site's CSS and the
 * legacy scripts select on, to compare a component's markup with the HTML the server prints.
 */
export function markupShape(root: Element): string[] {
  return [...root.querySelectorAll('*')].map((el) => [el.tagName.toLowerCase(), ...[...el.classList].sort()].join('.'));
}

/** The shape of an HTML string (markupShape). */
export function htmlShape(html: string): string[] {
  const container = document.createElement('div');
  container.innerHTML = html;
  return markupShape(container);
}

/** `html` changed by `change` on its elements (scripts inserted this way do not run). */
export function edited(html: string, change: (box: HTMLElement) => void): string {
  const box = document.createElement('div');
  box.innerHTML = html;
  change(box);
  return box.innerHTML;
}

/** The element `selector` finds in `box`; the test fails where the markup has none. */
export function $(box: ParentNode, selector: string): Element {
  const el = box.querySelector(selector);
  if (!el) throw new Error(`no ${selector}`);
  return el;
}
