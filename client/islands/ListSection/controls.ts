import type { KeyboardEvent } from 'react';
import type { ListSettings } from '../../common/islands/ListSection';

/**
 * What every list control shares: the plugin's attributes on its wrapper (the theme's CSS and the
 * legacy markup keep them; the island reads its state from props, never from them), and the keys
 * that press its links.
 */
export function controlAttributes(
  control: { action: string; className: string },
  settings: ListSettings,
  ajaxUrl: string,
  targetAction: 'replace' | 'append',
) {
  return {
    className: control.className,
    'data-tm-ajax': control.action,
    'data-settings': JSON.stringify(settings),
    'data-target': 'tourmaster-tour-item-holder',
    'data-target-action': targetAction,
    'data-ajax-url': ajaxUrl,
  };
}

/** Enter presses any of the list's links, Space the ones that are buttons (as a button would). */
export function pressLink(event: KeyboardEvent<HTMLAnchorElement>): void {
  const link = event.currentTarget;
  if (event.key === 'Enter' || (event.key === ' ' && link.getAttribute('role') === 'button')) {
    event.preventDefault();
    link.click();
  }
}
