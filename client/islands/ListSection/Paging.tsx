import { Fragment, type MouseEvent, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { PagingProps } from '../../common/islands/ListSection';
import { controlAttributes, pressLink } from './controls';
import { slideIn, slideShut } from './motion';
import type { LoadRequest } from './use-list';

type Pages = Extract<PagingProps, { kind: 'pages' }>;
type LoadMore = Extract<PagingProps, { kind: 'load-more' }>;

interface PagingArgs<P> {
  paging: P;
  ajaxUrl: string;
  onLoad: (request: LoadRequest) => void;
  linkRef: RefObject<HTMLAnchorElement | null>;
  /**
   * A reply said there is no paging any more: shown, inert, while it slides shut; then `onGone`.
   * A leaving control is no place for the focus, so it gives up `linkRef`.
   */
  leaving?: boolean;
  onGone?: () => void;
}

/**
 * The list's page numbers or "Load More", as the last reply left them (listing.md §2.8): one the
 * list no longer has slides shut before it goes, as the legacy script's did.
 */
export function PagingSlot(args: Omit<PagingArgs<PagingProps | null>, 'leaving' | 'onGone'>) {
  const { paging } = args;
  const [last, setLast] = useState(paging);
  if (paging && paging !== last) setLast(paging);
  const shown = paging ?? last;
  if (!shown) return null;
  const rest = { ...args, leaving: !paging, onGone: () => setLast(null) };
  return shown.kind === 'pages' ? <Pagination {...rest} paging={shown} /> : <LoadMoreButton {...rest} paging={shown} />;
}

/**
 * A paging that a reply brings (new settings with it) slides open, as the legacy script showed the
 * new markup; a page number made current at once does not. One that is leaving slides shut.
 */
function useSlide({ paging, leaving, onGone }: PagingArgs<PagingProps>) {
  const wrap = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each reply's paging (its own settings), not on a click.
  useLayoutEffect(() => {
    if (first.current) first.current = false;
    else if (wrap.current) slideIn(wrap.current);
  }, [paging.settings]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it starts leaving.
  useLayoutEffect(() => {
    if (leaving && wrap.current) void slideShut(wrap.current).then(onGone);
  }, [leaving]);
  return wrap;
}

/**
 * The ajax page numbers (listing.md §2.6): links in a navigation, the current page marked; the
 * clicked page is current at once. The current page's link is `linkRef`, for the focus after a load.
 */
export function Pagination(args: PagingArgs<Pages>) {
  const { paging, ajaxUrl, onLoad, linkRef } = args;
  const wrap = useSlide(args);
  const go = (event: MouseEvent<HTMLAnchorElement>, n: number) => {
    event.preventDefault();
    if (n === paging.current) return;
    const focusPages = document.activeElement === event.currentTarget;
    const patch = { paging: { ...paging, current: n } };
    onLoad({ control: paging, name: 'paged', value: String(n), patch, focusPages });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the plugin's wrapper (its CSS selects the div), a navigation.
    <div
      ref={wrap}
      {...controlAttributes(paging, paging.settings, ajaxUrl, 'replace')}
      role="navigation"
      aria-label="Tour list pages"
      inert={args.leaving}
    >
      {paging.pages.map((n, index) =>
        n === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the gaps have no other identity.
          <span key={`dots-${index}`} className="page-numbers dots">
            …
          </span>
        ) : (
          <Fragment key={n}>
            <a
              ref={n === paging.current && !args.leaving ? linkRef : undefined}
              className={`page-numbers${n === paging.current ? ' tourmaster-active' : ''}`}
              data-ajax-name="paged"
              data-ajax-value={n}
              tabIndex={0}
              role="link"
              aria-label={`Page ${n}`}
              aria-current={n === paging.current ? 'page' : undefined}
              // biome-ignore lint/a11y/useValidAnchor: the plugin's page number has no href (it loads by ajax).
              onClick={(event) => go(event, n)}
              onKeyDown={pressLink}
            >
              {n}
            </a>{' '}
          </Fragment>
        ),
      )}
    </div>
  );
}

/** "Load More" (listing.md §2.7): the next page's cards are added; the button moves on or goes. */
export function LoadMoreButton(args: PagingArgs<LoadMore>) {
  const { paging, ajaxUrl, onLoad, linkRef } = args;
  const wrap = useSlide(args);
  const more = (event: MouseEvent) => {
    event.preventDefault();
    onLoad({ control: paging, name: 'paged', value: String(paging.next), append: true });
  };
  return (
    <div ref={wrap} {...controlAttributes(paging, paging.settings, ajaxUrl, 'append')} inert={args.leaving}>
      {/* biome-ignore lint/a11y/useValidAnchor lint/a11y/useSemanticElements: the plugin's button link (the theme's CSS selects `a`), a button for the keyboard. */}
      <a
        ref={args.leaving ? undefined : linkRef}
        href="#"
        className="tourmaster-load-more tourmaster-button"
        data-ajax-name="paged"
        data-ajax-value={paging.next}
        role="button"
        onClick={more}
        onKeyDown={pressLink}
      >
        Load More
      </a>
    </div>
  );
}
