import type {
  FiltererProps,
  ListSectionProps,
  OrderFiltererProps,
  PagingProps,
} from '../../../client/common/islands/ListSection';
import { phpJsonEncode } from '../../php/json';
import { hasAjaxControls } from '../../tourmaster/listing/element';
import { ajaxPaginationItems, loadMorePage } from '../../tourmaster/listing/pagination';
import { type ListSettings, text } from '../../tourmaster/listing/settings';
import {
  type FiltererTerm,
  filtererClass,
  ORDER_FILTERER_CLASS,
  ORDERBY_LABELS,
  orderFiltererState,
} from './filterers';
import { ajaxPaginationClass, LOAD_MORE_CLASS } from './pagination';
import { settingsPhpValue } from './settings-json';

/**
 * The ListSection island's typed props (client/common/islands/ListSection.ts): what the list's
 * ajax controls show, from the same inputs as their markup (element.ts, filterers.ts,
 * pagination.ts), so the island's adapter reads the same props from that markup.
 */

/** The settings as the browser parses them from `data-settings` (the PHP `json_encode`). */
function settingsJson(settings: ListSettings): Record<string, unknown> {
  return JSON.parse(phpJsonEncode(settingsPhpValue(settings))) as Record<string, unknown>;
}

const TOUR_AJAX = 'tourmaster_tour_ajax';

/** The page numbers or the "Load More" for `current` of `maxPages`, or null when there are none. */
export function pagingProps(
  settings: ListSettings,
  current: number,
  maxPages: number,
  action = TOUR_AJAX,
): PagingProps | null {
  if (text(settings, 'pagination') === 'load-more') {
    const next = loadMorePage(current, maxPages);
    if (next === undefined) return null;
    return { kind: 'load-more', action, settings: settingsJson(settings), className: LOAD_MORE_CLASS, next };
  }
  const items = ajaxPaginationItems(current, maxPages);
  if (items.length === 0) return null;
  const pages = items.map((item) => (item.kind === 'page' ? item.n : null));
  const className = ajaxPaginationClass(settings);
  return { kind: 'pages', action, settings: settingsJson(settings), className, current, pages };
}

function filtererProps(
  settings: ListSettings,
  filterer: { terms: readonly FiltererTerm[]; current?: { name: string } },
): FiltererProps {
  return {
    action: TOUR_AJAX,
    settings: settingsJson(settings),
    className: filtererClass(settings),
    links: [
      { label: filterer.current ? filterer.current.name : 'All' },
      ...filterer.terms.map((term) => ({ label: term.name, value: term.slug })),
    ],
  };
}

function orderFiltererProps(settings: ListSettings): OrderFiltererProps {
  const { orderby, order, gridActive } = orderFiltererState(settings);
  const views = (['list-style', 'grid-style'] as const).filter((view) =>
    text(settings, view === 'list-style' ? 'order-filterer-list-style' : 'order-filterer-grid-style'),
  );
  const view = gridActive ? 'grid-style' : 'list-style';
  return {
    action: 'tourmaster_tour_order_ajax',
    settings: settingsJson(settings),
    className: ORDER_FILTERER_CLASS,
    sorts: ORDERBY_LABELS.map(([value, label]) => ({ value, label })),
    orderby,
    orders: [
      { value: 'asc', label: 'Ascending' },
      { value: 'desc', label: 'Descending' },
    ],
    order,
    views,
    ...(views.includes(view) ? { view } : {}),
  };
}

/**
 * The props of a list element (element.ts), or undefined when it has no ajax control (a carousel,
 * a list with link pagination or none): the island has nothing to do there.
 */
export function listSectionProps(input: {
  settings: ListSettings;
  page: { page: number; maxPages: number };
  ajaxUrl: string;
  filterer?: { terms: readonly FiltererTerm[]; current?: { name: string } } | undefined;
}): ListSectionProps | undefined {
  const { settings } = input;
  const layout = text(settings, 'layout') || 'fitrows';
  if (layout === 'carousel') return undefined;
  const filterer = text(settings, 'filterer');
  const withFilterer = !!filterer && filterer !== 'none' && !!input.filterer;
  const withOrder = text(settings, 'enable-order-filterer') === 'enable';
  const pagination = text(settings, 'pagination');
  const ajaxPages = pagination === 'load-more' || (pagination === 'page' && hasAjaxControls(settings));
  const paging = ajaxPages ? pagingProps(settings, input.page.page, input.page.maxPages) : null;
  if (!withFilterer && !withOrder && !paging) return undefined;
  return {
    ajaxUrl: input.ajaxUrl,
    layout,
    ...(withFilterer && input.filterer ? { filterer: filtererProps(settings, input.filterer) } : {}),
    ...(withOrder ? { orderFilterer: orderFiltererProps(settings) } : {}),
    ...(paging ? { paging } : {}),
  };
}
