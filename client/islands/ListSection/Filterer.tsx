import type { MouseEvent } from 'react';
import type { FiltererProps } from '../../common/islands/ListSection';
import { controlAttributes, pressLink } from './controls';
import type { LoadRequest } from './use-list';

/**
 * The category filterer (listing.md §2.4): "All" (or the list's category) and a link per term,
 * buttons pressed when active. A click on the active one sends nothing; the list's own settings
 * are sent each time (the replies do not change them).
 */
export function Filterer({
  props,
  active,
  ajaxUrl,
  onLoad,
}: {
  props: FiltererProps;
  active: number;
  ajaxUrl: string;
  onLoad: (request: LoadRequest) => void;
}) {
  const choose = (event: MouseEvent, index: number) => {
    event.preventDefault();
    if (index === active) return;
    const value = props.links[index]?.value;
    onLoad({ control: props, name: value === undefined ? undefined : 'category', value, patch: { filter: index } });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the plugin's wrapper (its CSS selects the div), a group of buttons.
    <div
      {...controlAttributes(props, props.settings, ajaxUrl, 'replace')}
      role="group"
      aria-label="Filter tours by category"
    >
      {props.links.map((link, index) => (
        // biome-ignore lint/a11y/useValidAnchor lint/a11y/useSemanticElements: the plugin's link (the theme's CSS selects `a`), a button for assistive technology and the keyboard.
        <a
          key={link.value ?? ''}
          href="#"
          className={`tourmaster-filterer tourmaster-button-color${index === active ? ' tourmaster-active' : ''}`}
          data-ajax-name={link.value === undefined ? undefined : 'category'}
          data-ajax-value={link.value}
          role="button"
          aria-pressed={index === active}
          onClick={(event) => choose(event, index)}
          onKeyDown={pressLink}
        >
          {link.label}
        </a>
      ))}
    </div>
  );
}
