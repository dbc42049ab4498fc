import type { FormTree } from '../../php/form-input';
import { SLUG_PATTERN } from './search-query';
import { type ListSettings, ORDERBY_VALUES, parsePaged, TOUR_STYLES, text } from './settings';

/**
 * What the list-section ajax actions do to the settings before they query (listing.md §2.9): the
 * control's `option[name]` / `option[value]` pair. Pure; the actions own the I/O.
 */
export interface AjaxOption {
  name: string;
  value: string;
}

/** `option[name]`, `option[value]` as posted ('' when missing or not text). */
export function readOption(posted: FormTree | undefined): AjaxOption {
  const record = typeof posted === 'object' && posted !== null && !Array.isArray(posted) ? posted : {};
  const field = (key: string) => {
    const v = (record as Record<string, unknown>)[key];
    return typeof v === 'string' ? v : '';
  };
  return { name: field('name'), value: field('value') };
}

/** PHP `empty()` of a posted string: '' and '0' are empty. */
const isBlank = (v: string) => v === '' || v === '0';

export type OptionOutcome = { ok: true; settings: ListSettings } | { ok: false; reason: 'bad-category' };

/**
 * `tourmaster_tour_ajax` (filterer, pagination, load more): `paged` or `category` take the
 * option's value (a category also goes back to page 1); any other name changes nothing; an option
 * without a name or value goes back to page 1. A category that is not a slug is refused.
 */
export function applyListOption(settings: ListSettings, option: AjaxOption): OptionOutcome {
  const next = new Map(settings);
  if (isBlank(option.name) || isBlank(option.value)) {
    next.set('paged', 1);
    return { ok: true, settings: next };
  }
  if (option.name === 'paged') next.set('paged', parsePaged(option.value));
  else if (option.name === 'category') {
    if (!SLUG_PATTERN.test(option.value)) return { ok: false, reason: 'bad-category' };
    next.set('category', option.value);
    next.set('paged', 1);
  }
  return { ok: true, settings: next };
}

/**
 * `tourmaster_tour_order_ajax` (order filterer): `orderby` and `order` take the option's value
 * (unknown values are the defaults, date and desc); `item-style` switches to the list or grid
 * style the element names and re-derives the style keys; then always page 1.
 */
export function applyOrderOption(settings: ListSettings, option: AjaxOption): ListSettings {
  const next = new Map(settings);
  if (!isBlank(option.name) && !isBlank(option.value)) {
    if (option.name === 'orderby') {
      next.set('orderby', (ORDERBY_VALUES as readonly string[]).includes(option.value) ? option.value : 'date');
    } else if (option.name === 'order') {
      next.set('order', /^(asc|desc)$/i.test(option.value) ? option.value : 'desc');
    } else if (option.name === 'item-style') {
      const variant = option.value === 'list-style' ? 'list' : option.value === 'grid-style' ? 'grid' : undefined;
      if (variant) {
        const style = text(settings, `order-filterer-${variant}-style`);
        next.set(
          'tour-style',
          (TOUR_STYLES as readonly string[]).includes(style) ? style : variant === 'list' ? 'full' : 'grid',
        );
        next.set('thumbnail-size', text(settings, `order-filterer-${variant}-style-thumbnail`) || 'full');
      }
      deriveStyleKeys(next);
    }
  }
  next.set('paged', 1);
  return next;
}

/** Styles laid out in columns; every other style is one item per row. */
export const COLUMN_STYLES = ['grid', 'grid-no-space', 'modern', 'modern-no-space'];

/**
 * The element's style keys from `tour-style` (listing.md §2.1): a `-with-frame` suffix is
 * `with-frame=enable` and is dropped, `no-space` styles set `no-space=yes`, column styles keep
 * their column size (`column-size-temp`), every other style is one column of 60 in fitrows.
 */
export function deriveStyleKeys(settings: ListSettings): void {
  let style = text(settings, 'tour-style');
  const framed = style.endsWith('-with-frame');
  if (framed) style = style.slice(0, -'-with-frame'.length);
  settings.set('tour-style', style);
  settings.set('with-frame', framed ? 'enable' : 'disable');
  settings.set('no-space', style.includes('no-space') ? 'yes' : 'no');
  if (COLUMN_STYLES.includes(style)) {
    settings.set('has-column', 'yes');
    settings.set('column-size', text(settings, 'column-size-temp') || '20');
    settings.set('layout', text(settings, 'layout') || 'fitrows');
  } else {
    settings.set('has-column', 'no');
    settings.set('column-size', 60);
    settings.set('layout', 'fitrows');
  }
}
