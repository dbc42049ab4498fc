import { contentFilter } from '../../wp/text';
import { html, raw, type SafeHtml } from '../html';

/** Sidebar widths of `tourmaster_get_sidebar_class`: the centre takes what the sidebars leave. */
const SIDEBAR_COLUMNS: Readonly<Record<string, { center: number; side: number }>> = {
  none: { center: 60, side: 0 },
  left: { center: 40, side: 20 },
  right: { center: 40, side: 20 },
  both: { center: 30, side: 15 },
};

export interface TaxonomyArchiveProps {
  /** `search-page-style`. */
  style: string;
  /** `search-sidebar`: `none`, `left`, `right` or `both`. */
  sidebar: string;
  /** The term's description (its raw text), when the archive prints it. */
  description: string | undefined;
  /** The tour list element. */
  list: SafeHtml;
  /** The search form each sidebar holds, when `archive-search-sidebar` is on. */
  searchForm: SafeHtml | undefined;
}

/** The archive's content region: the term's description and the list, between the sidebars. */
export function taxonomyArchiveHtml(props: TaxonomyArchiveProps): SafeHtml {
  const { sidebar } = props;
  const columns = SIDEBAR_COLUMNS[sidebar]!;
  const description =
    props.description !== undefined
      ? html`<div class="tourmaster-taxonomy-description tourmaster-item-pdlr" >${raw(contentFilter(props.description))}</div>`
      : '';
  const sidebarHtml = (side: 'left' | 'right'): SafeHtml => {
    const search = props.searchForm && html`<div class="tourmaster-tour-search-item-wrap" >${props.searchForm}</div>`;
    return html`<div class=" tourmaster-sidebar-${side} tourmaster-column-${columns.side}" ><div class="tourmaster-sidebar-area  traveltour-sidebar-area tourmaster-item-pdlr" >${search}</div></div>`;
  };
  return html`<div class="tourmaster-template-wrapper tourmaster-search-${props.style}" ><div class="tourmaster-container" ><div class=" tourmaster-sidebar-wrap clearfix tourmaster-sidebar-style-${sidebar}" ><div class=" tourmaster-sidebar-center tourmaster-column-${columns.center}" ><div class="tourmaster-page-content" >${description}${props.list}</div></div>${(sidebar === 'left' || sidebar === 'both') && sidebarHtml('left')}${
    (sidebar === 'right' || sidebar === 'both') && sidebarHtml('right')
  }</div></div></div>`;
}
