/**
 * The elements around and inside the booking bar that the island measures or switches: found once
 * when it mounts (the same on our pages and on pages WordPress rendered), then held as refs.
 */
export interface BarParts {
  bar: HTMLElement;
  /** The bar's place in the flow (an empty sibling the page prints before it). */
  anchor: HTMLElement | undefined;
  /** The tour's content: the bar never goes past its bottom. */
  templateWrap: HTMLElement | undefined;
  pageWrap: HTMLElement | null;
  /** Tour style 1's price above the bar, overlapping the header. */
  headerPrice: HTMLElement | null;
  /** `#tourmaster-booking-tab-title`: the tab list is rendered into it. */
  tabTitle: HTMLElement | null;
  /** The panels by their `data-tourmaster-tab`. */
  panels: ReadonlyMap<string, HTMLElement>;
}

export function barParts(bar: HTMLElement): BarParts {
  const child = (parent: Element | null | undefined, cls: string) =>
    Array.from(parent?.children ?? []).find(
      (el): el is HTMLElement => el instanceof HTMLElement && el.classList.contains(cls),
    );
  const pageWrap = bar.closest<HTMLElement>('.tourmaster-page-wrapper');
  const tabTitle = bar.querySelector<HTMLElement>('#tourmaster-booking-tab-title');
  const panels = new Map<string, HTMLElement>();
  for (const el of tabTitle?.parentElement?.children ?? []) {
    if (el instanceof HTMLElement && el.classList.contains('tourmaster-booking-tab-content')) {
      panels.set(el.dataset.tourmasterTab ?? '', el);
    }
  }
  return {
    bar,
    anchor: child(bar.parentElement, 'tourmaster-tour-booking-bar-anchor'),
    templateWrap:
      child(pageWrap, 'tourmaster-template-wrapper') ??
      bar.closest<HTMLElement>('.tourmaster-template-wrapper') ??
      undefined,
    pageWrap,
    headerPrice: bar.querySelector<HTMLElement>(
      ':scope > .tourmaster-tour-booking-bar-outer > .tourmaster-header-price',
    ),
    tabTitle,
    panels,
  };
}
