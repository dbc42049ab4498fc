import { type ChangeEvent, type MouseEvent, useId } from 'react';
import type { OrderFiltererProps } from '../../common/islands/ListSection';
import { controlAttributes, pressLink } from './controls';
import type { OrderState } from './state';
import type { LoadRequest } from './use-list';

const VIEW_LOOK = {
  'list-style': { icon: 'fa fa-th-list', label: 'List view' },
  'grid-style': { icon: 'fa fa-th', label: 'Grid view' },
} as const;

/**
 * "Sort by" (listing.md §2.5): the orderby and order selects and the list/grid switch. The choice
 * shows at once and goes back if its request fails; the reply's settings are the filterer's next.
 */
export function OrderFilterer({
  props,
  state,
  ajaxUrl,
  onLoad,
}: {
  props: OrderFiltererProps;
  state: OrderState;
  ajaxUrl: string;
  onLoad: (request: LoadRequest) => void;
}) {
  const titleId = useId();
  const control = { action: props.action, settings: state.settings };
  const sort = (key: 'orderby' | 'order') => (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    onLoad({ control, name: key, value, order: true, patch: { order: { ...state, [key]: value } } });
  };
  const view = (event: MouseEvent, value: string) => {
    event.preventDefault();
    if (value === state.view) return;
    onLoad({ control, name: 'item-style', value, order: true, patch: { order: { ...state, view: value } } });
  };
  return (
    <div {...controlAttributes(props, state.settings, ajaxUrl, 'replace')}>
      <h3 className="tourmaster-tour-order-filterer-title" id={titleId}>
        Sort by
      </h3>
      <div className="tourmaster-combobox-wrap">
        <select data-ajax-name="orderby" aria-labelledby={titleId} value={state.orderby} onChange={sort('orderby')}>
          {props.sorts.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className="tourmaster-combobox-wrap">
        <select data-ajax-name="order" aria-label="Sort order" value={state.order} onChange={sort('order')}>
          {props.orders.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <span className="tourmaster-tour-order-filterer-style">
        {props.views.map((value) => (
          // biome-ignore lint/a11y/useValidAnchor lint/a11y/useSemanticElements: the plugin's link (the theme's CSS selects `a`), a button for assistive technology and the keyboard.
          <a
            key={value}
            href="#"
            data-ajax-name="item-style"
            className={value === state.view ? 'tourmaster-active' : ''}
            data-ajax-value={value}
            role="button"
            aria-pressed={value === state.view}
            aria-label={VIEW_LOOK[value].label}
            onClick={(event) => view(event, value)}
            onKeyDown={pressLink}
          >
            <i className={VIEW_LOOK[value].icon} />
          </a>
        ))}
      </span>
    </div>
  );
}
