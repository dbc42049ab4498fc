import { listDisplayOf } from '../../tourmaster/listing/display';
import { hasAjaxControls } from '../../tourmaster/listing/element';
import { type ListSettings, text } from '../../tourmaster/listing/settings';
import { html, type SafeHtml } from '../html';
import { islandProps } from '../island-props';
import { type FiltererTerm, filtererHtml, orderFiltererHtml } from './filterers';
import { columnCount } from './items';
import { ajaxPaginationHtml, linkPaginationHtml, loadMoreHtml } from './pagination';
import type { TourListPageHtml } from './section';
import { listSectionProps } from './section-props';

/**
 * The tour list element as a page prints it (listing.md §2.1): the wrapper with its style classes,
 * the category filterer and the order filterer (each carrying the settings), the holder with the
 * page's items (the ajax target), then the pagination: ajax page numbers when the list has an ajax
 * control, else links to the page's URLs (§4); or the load-more button.
 */
export interface ListElementInput {
  settings: ListSettings;
  page: TourListPageHtml;
  ajaxUrl: string;
  /** The category filterer's links, when the list has one (filtererTermsFrom). */
  filterer?: { terms: readonly FiltererTerm[]; current?: { name: string } };
  /** Page `n`'s URL, for link pagination. */
  pageUrl?: (n: number) => string;
}

export function tourListElementHtml(input: ListElementInput): SafeHtml {
  const { settings, page } = input;
  const display = listDisplayOf(settings);
  const layout = text(settings, 'layout') || 'fitrows';
  let extra = ` tourmaster-tour-item-style-${text(settings, 'tour-style') || 'full'}`;
  if (display.noSpace || layout === 'carousel') extra += ' tourmaster-item-pdlr';
  const columns = text(settings, 'has-column') === 'yes' ? columnCount(display) : undefined;
  if (columns) extra += ` tourmaster-tour-item-column-${columns}`;
  const target = { ajaxUrl: input.ajaxUrl };
  const filterer = text(settings, 'filterer');
  const controls =
    layout === 'carousel'
      ? ''
      : html`${
          filterer &&
          filterer !== 'none' &&
          input.filterer &&
          filtererHtml({
            settings,
            ajaxUrl: input.ajaxUrl,
            terms: input.filterer.terms,
            ...(input.filterer.current ? { current: input.filterer.current } : {}),
          })
        }${text(settings, 'enable-order-filterer') === 'enable' && orderFiltererHtml({ settings, ajaxUrl: input.ajaxUrl })}`;
  const pagination = text(settings, 'pagination');
  let paging: SafeHtml | undefined;
  if (layout !== 'carousel' && pagination === 'load-more')
    paging = loadMoreHtml(settings, page.page, page.maxPages, target);
  else if (layout !== 'carousel' && pagination === 'page') {
    paging = hasAjaxControls(settings)
      ? ajaxPaginationHtml(settings, page.page, page.maxPages, target)
      : input.pageUrl &&
        linkPaginationHtml({
          current: page.page,
          total: page.maxPages,
          pageUrl: input.pageUrl,
          settings,
          extraClass: 'tourmaster-item-pdlr',
        });
  }
  // The ListSection island's props (first child, read and removed by the island) when it has controls.
  const props = listSectionProps({ settings, page, ajaxUrl: input.ajaxUrl, filterer: input.filterer });
  return html`<div class="tourmaster-tour-item clearfix ${extra}"  >${props && islandProps('ListSection', props)}${controls}<div class="tourmaster-tour-item-holder gdlr-core-js-2 clearfix" data-layout="${layout}" >${page.content}</div>${paging}</div>`;
}
