import type { Ref } from 'react';
import type { ReviewPaginationPart } from '../../common/islands/Reviews';
import { buttonKeys } from '../../lib/button-keys';

/**
 * The page numbers (reviews.md §4, the plugin's spans): keyboard buttons, the arrows named
 * "Page N", the current page marked. `focusRef` gets the current page (focusable by script only),
 * else the first page button: where the focus goes after a page is loaded.
 */
export function ReviewPagination(props: {
  parts: readonly ReviewPaginationPart[];
  onPage: (paged: number) => void;
  focusRef: Ref<HTMLSpanElement>;
}) {
  const { parts, onPage } = props;
  if (parts.length === 0) return null;
  const active = parts.findIndex((p) => p.kind === 'page' && p.active);
  const focused = active >= 0 ? active : parts.findIndex((p) => p.kind !== 'dots');
  return (
    <div className="tourmaster-review-content-pagination">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the spans are positions in a bar rebuilt with each page
        <PagePart key={i} part={part} onPage={onPage} focusRef={i === focused ? props.focusRef : undefined} />
      ))}
    </div>
  );
}

function PagePart({
  part,
  onPage,
  focusRef,
}: {
  part: ReviewPaginationPart;
  onPage: (paged: number) => void;
  focusRef: Ref<HTMLSpanElement> | undefined;
}) {
  if (part.kind === 'dots') return <span className="dots">...</span>;
  if (part.kind === 'page' && part.active) {
    return (
      <span className="tourmaster-active" aria-current="page" tabIndex={-1} ref={focusRef}>
        {part.n}
      </span>
    );
  }
  const paged = part.kind === 'page' ? part.n : part.paged;
  const go = () => onPage(paged);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the plugin's span, which the theme styles; a button by role
    <span
      data-paged={paged}
      role="button"
      tabIndex={0}
      aria-label={part.kind === 'page' ? undefined : `Page ${paged}`}
      onClick={go}
      onKeyDown={buttonKeys(go)}
      ref={focusRef}
    >
      {part.kind === 'page' ? part.n : <i className={`fa fa-angle-${part.kind === 'prev' ? 'left' : 'right'}`} />}
    </span>
  );
}
