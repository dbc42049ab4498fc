import { type KeyboardEvent, type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import type { SearchFormPart, SearchTermsPart } from '../../common/islands/SearchForm';
import { slide } from './slide';
import { termKey } from './state';

type TypeFilterPart = Extract<SearchFormPart, { kind: 'type-filter' }>;
type OnCheck = (key: string, checked: boolean) => void;

/** The panel `ref` slides open or shut as `open` changes (drawn at once the first time). */
function useSlide(ref: RefObject<HTMLElement | null>, open: boolean): void {
  const first = useRef(true);
  useLayoutEffect(() => {
    if (ref.current) slide(ref.current, open, first.current ? 0 : 200);
    first.current = false;
  }, [ref, open]);
}

/** Enter or Space presses a span made a button. */
const press = (toggle: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  toggle();
};

/**
 * A taxonomy's checkboxes (listing.md §1.4): `name[]=slug` for each checked term. In style-2 the
 * terms after the fifth fold under "More", whose checkbox keeps the state (the theme's CSS turns
 * its arrow) and whose label is the button.
 */
export function TermList({
  part,
  checked,
  onCheck,
}: {
  part: SearchTermsPart;
  checked: ReadonlySet<string>;
  onCheck: OnCheck;
}) {
  const [more, setMore] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useSlide(panel, more);
  const term = (t: SearchTermsPart['terms'][number]) => (
    <label key={t.value} className="tourmaster-type-filter-term">
      <input
        type="checkbox"
        name={part.name}
        value={t.value}
        checked={checked.has(termKey(part.name, t.value))}
        onChange={(e) => onCheck(termKey(part.name, t.value), e.currentTarget.checked)}
      />
      <span className="tourmaster-type-filter-display">
        <i className={part.icon} />
        <span className="tourmaster-head">{t.label}</span>
      </span>
    </label>
  );
  const fold = part.foldAfter > 0 && part.terms.length > part.foldAfter ? part.foldAfter : part.terms.length;
  return (
    <div className="tourmaster-type-filter-item">
      <h5 className="tourmaster-type-filter-item-title">{part.title}</h5>
      {part.terms.slice(0, fold).map(term)}
      {fold < part.terms.length && (
        <label>
          <input
            className="tourmaster-type-filter-show-more"
            type="checkbox"
            tabIndex={-1}
            checked={more}
            onChange={(e) => setMore(e.currentTarget.checked)}
          />
          {/* biome-ignore lint/a11y/useSemanticElements: the plugin's "More" (its CSS draws it), a button for the keyboard. */}
          <span
            className="tourmaster-type-filter-more-button"
            role="button"
            tabIndex={0}
            aria-expanded={more}
            aria-controls={panelId}
            onKeyDown={press(() => setMore(!more))}
          >
            More
            <i className="fa fa-angle-down" />
          </span>
          <div className="tourmaster-type-filter-hide" id={panelId} ref={panel}>
            {part.terms.slice(fold).map(term)}
          </div>
        </label>
      )}
    </div>
  );
}

/** "Type Filter": its title opens and closes the taxonomies' checkboxes (the icon is the button). */
export function TypeFilter({
  part,
  checked,
  onCheck,
}: {
  part: TypeFilterPart;
  checked: ReadonlySet<string>;
  onCheck: OnCheck;
}) {
  const [open, setOpen] = useState(part.open);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useSlide(panel, open);
  const active = open ? ' tourmaster-active' : '';
  const toggle = () => setOpen(!open);
  return (
    <>
      <div className="tourmaster-tour-search-item-divier" />
      <div className="tourmaster-tour-search-type-filter">
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the whole title toggles for the mouse; its icon is the keyboard's button. */}
        <h3 className="tourmaster-type-filter-title" onClick={toggle}>
          {part.styleTwo && <i className="fa fa-sliders" />}
          Type Filter
          {/* biome-ignore lint/a11y/useSemanticElements: the plugin's toggle icon, a button for the keyboard. */}
          <i
            className={`${part.styleTwo ? 'icon_plus' : 'fa fa-plus-circle'}${active}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the plugin's toggle icon (its CSS draws the `i`), a button for the keyboard.
            role="button"
            tabIndex={0}
            aria-label="Type Filter"
            aria-expanded={open}
            aria-controls={panelId}
            onKeyDown={press(toggle)}
          />
        </h3>
        <div className={`tourmaster-type-filter-item-wrap${active}`} id={panelId} ref={panel}>
          {part.groups.map((group) => (
            <TermList key={group.name} part={group} checked={checked} onCheck={onCheck} />
          ))}
        </div>
      </div>
    </>
  );
}
