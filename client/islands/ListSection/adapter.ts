import {
  type FiltererProps,
  type ListReplyProps,
  type ListSectionProps,
  type ListSettings,
  listReplyProps,
  type OrderFiltererProps,
  type PagingProps,
} from '../../common/islands/ListSection';
import { fragment } from '../../lib/dom';
import { parseSettings, readReply, type Slot } from './protocol';

/**
 * The one place the list reads the plugin's markup (pages and replies WordPress rendered, which
 * carry no typed props): the controls `[data-tm-ajax]` of a list section (listing.md §2.4–§2.7)
 * into the props our pages write (server/views/tour-list/section-props.ts), and a reply's
 * `pagination`/`load_more` markup into the paging our replies send as `props`.
 */

const HOLDER = 'tourmaster-tour-item-holder';
const VIEWS = ['list-style', 'grid-style'] as const;
const ACTIVE = 'tourmaster-active';

/** A control's settings: the parsed `data-settings` (anything but an object is no settings). */
function settingsOf(control: Element): ListSettings {
  const value = parseSettings(control.getAttribute('data-settings') ?? undefined);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as ListSettings) : {};
}

function controlOf(element: Element) {
  return {
    action: element.getAttribute('data-tm-ajax') ?? '',
    settings: settingsOf(element),
    className: element.getAttribute('class') ?? '',
  };
}

const label = (element: Element) => element.textContent?.trim() ?? '';

function filtererOf(element: Element): FiltererProps {
  const links = [...element.querySelectorAll('a')].map((a) => {
    const value = a.getAttribute('data-ajax-value');
    return value === null ? { label: label(a) } : { label: label(a), value };
  });
  return { ...controlOf(element), links };
}

function choicesOf(select: HTMLSelectElement | null) {
  const choices = [...(select?.options ?? [])].map((o) => ({ value: o.value, label: label(o) }));
  return { choices, value: select?.value ?? '' };
}

function orderFiltererOf(element: Element): OrderFiltererProps {
  const sorts = choicesOf(element.querySelector('select[data-ajax-name="orderby"]'));
  const orders = choicesOf(element.querySelector('select[data-ajax-name="order"]'));
  const links = [...element.querySelectorAll('a[data-ajax-name="item-style"]')];
  const viewOf = (a: Element) => VIEWS.find((v) => v === a.getAttribute('data-ajax-value'));
  const views = links.map(viewOf).filter((v) => v !== undefined);
  const view = links.filter((a) => a.classList.contains(ACTIVE)).map(viewOf)[0];
  return {
    ...controlOf(element),
    ...{ sorts: sorts.choices, orderby: sorts.value, orders: orders.choices, order: orders.value },
    views,
    ...(view ? { view } : {}),
  };
}

/** The ajax page numbers or the "Load More" button a section or a reply holds. */
export function pagingOf(element: Element): PagingProps | undefined {
  if (element.matches('.tourmaster-load-more-wrap, .gdlr-core-load-more-wrap')) {
    const next = Number(element.querySelector('a[data-ajax-value]')?.getAttribute('data-ajax-value'));
    return Number.isFinite(next) && next > 0 ? { kind: 'load-more', ...controlOf(element), next } : undefined;
  }
  if (!element.matches('.tourmaster-pagination, .gdlr-core-pagination')) return undefined;
  const pages: (number | null)[] = [];
  let current = 1;
  for (const item of element.querySelectorAll('a[data-ajax-value], .dots')) {
    const n = item.matches('a') ? Number(item.getAttribute('data-ajax-value')) : null;
    pages.push(n);
    if (n !== null && item.classList.contains(ACTIVE)) current = n;
  }
  return { kind: 'pages', ...controlOf(element), current, pages };
}

/** A section's props from its controls, or undefined when it has none (nothing to drive). */
export function adaptListSection(section: Element): ListSectionProps | undefined {
  const controls = [...section.children].filter((child) => child.hasAttribute('data-tm-ajax'));
  if (controls.length === 0) return undefined;
  const filterer = controls.find((c) => c.matches('.tourmaster-filterer-wrap, .gdlr-core-filterer-wrap'));
  const order = controls.find((c) => c.matches('.tourmaster-tour-order-filterer-wrap'));
  const paging = controls.map(pagingOf).find((p) => p !== undefined);
  const holder = [...section.children].find((child) => child.classList.contains(HOLDER));
  return {
    ajaxUrl: controls[0]?.getAttribute('data-ajax-url') ?? '',
    layout: holder?.getAttribute('data-layout') ?? 'fitrows',
    ...(filterer ? { filterer: filtererOf(filterer) } : {}),
    ...(order ? { orderFilterer: orderFiltererOf(order) } : {}),
    ...(paging ? { paging } : {}),
  };
}

/**
 * The section's server content, in both modes: the holder's cards, and what the page printed
 * before the controls (a page builder's title) that the island keeps as it was.
 */
export function sectionContent(section: Element): { cards: string; lead: string } {
  const children = [...section.children];
  const holderAt = children.findIndex((child) => child.classList.contains(HOLDER));
  const lead = children
    .slice(0, holderAt < 0 ? 0 : holderAt)
    .filter((child) => !child.hasAttribute('data-tm-ajax') && !child.hasAttribute('data-island-props'))
    .map((child) => child.outerHTML)
    .join('');
  return { cards: holderAt < 0 ? '' : (children[holderAt]?.innerHTML ?? ''), lead };
}

/** What a list reply means for the list: its cards, its paging (`null`: none), the order's new settings. */
export interface ListReply {
  content: string;
  paging?: PagingProps | null;
  settings?: ListSettings;
}

function pagingOfSlot(slot: Slot): PagingProps | null | undefined {
  if (!slot) return undefined;
  if (slot.kind === 'none') return null;
  const element = fragment(slot.html).firstElementChild;
  return (element && pagingOf(element)) ?? null;
}

/** A `status: success` reply, its typed `props` when our server sent them, else its legacy markup read. */
export function readListReply(data: unknown): ListReply | undefined {
  const reply = readReply(data);
  if (!reply) return undefined;
  const typed = listReplyProps.safeParse((data as { props?: unknown }).props);
  const props: ListReplyProps = typed.success
    ? typed.data
    : { paging: pagingOfSlot(reply.pagination !== undefined ? reply.pagination : reply.loadMore) };
  const settings = reply.settings;
  return {
    content: reply.content,
    ...(props.paging !== undefined ? { paging: props.paging } : {}),
    ...(settings && typeof settings === 'object' && !Array.isArray(settings) ? { settings } : {}),
  };
}
