import { REVIEW_FILTER_LABEL, type ReviewChoice } from '../../common/islands/Reviews';
import { buttonKeys } from '../../lib/button-keys';
import { Options } from '../../lib/Options';

/**
 * "Sort By:" (buttons, the current one pressed) and "Filter By" (the traveller type), as the plugin
 * printed them (reviews.md §2). A sort or type chosen goes back to page 1.
 */
export function ReviewFilter(props: {
  sortLabel: string;
  sorts: readonly ReviewChoice[];
  filters: readonly ReviewChoice[];
  sort: string;
  filter: string;
  onSort: (sort: string) => void;
  onFilter: (filter: string) => void;
}) {
  return (
    <div className="tourmaster-single-review-filter" id="tourmaster-single-review-filter">
      <div className="tourmaster-single-review-sort-by">
        <span className="tourmaster-head">{props.sortLabel}</span>
        {props.sorts.map(({ value, label }) => {
          const active = value === props.sort;
          const choose = () => {
            if (!active) props.onSort(value);
          };
          return (
            // biome-ignore lint/a11y/useSemanticElements: the plugin's span, which the theme styles; a button by role
            <span
              key={value}
              className={`tourmaster-sort-by-field${active ? ' tourmaster-active' : ''}`}
              data-sort-by={value}
              role="button"
              tabIndex={0}
              aria-pressed={active}
              onClick={choose}
              onKeyDown={buttonKeys(choose)}
            >
              {label}
            </span>
          );
        })}
      </div>
      <div className="tourmaster-single-review-filter-by tourmaster-form-field tourmaster-with-border">
        <div className="tourmaster-combobox-wrap">
          <select
            id="tourmaster-filter-by"
            aria-label={REVIEW_FILTER_LABEL}
            value={props.filter}
            onChange={(event) => props.onFilter(event.currentTarget.value)}
          >
            <Options options={props.filters} />
          </select>
        </div>
      </div>
    </div>
  );
}
