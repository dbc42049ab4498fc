import { isEmpty, str } from '../../php/coerce';
import type { TourOption } from '../../tourmaster/tour-option';
import type { TourInfoItem } from '../../views/tour/TourPage';

/** The tour's facts under the header (the plugin's single tour info), unless the tour turns them off. */
const ITEMS: readonly { key: string; icon: string; text: (value: string) => string }[] = [
  { key: 'duration-text', icon: 'icon_clock_alt', text: (v) => v },
  { key: 'departure-location', icon: 'flaticon-takeoff-the-plane', text: (v) => v },
  { key: 'return-location', icon: 'flaticon-plane-landing', text: (v) => v },
  { key: 'minimum-age', icon: 'fa fa-user', text: (v) => `Min Age : ${v}` },
  { key: 'maximum-people', icon: 'fa fa-users', text: (v) => `Max People : ${v}` },
];

export function tourInfoItems(option: TourOption): TourInfoItem[] {
  if (str(option['display-single-tour-info']) === 'disable') return [];
  const out: TourInfoItem[] = [];
  for (const item of ITEMS) {
    // PHP empty(): a minimum age of '0' is not shown.
    const value = str(option[item.key]).trim();
    if (!isEmpty(value)) out.push({ key: item.key, icon: item.icon, text: item.text(value) });
  }
  return out;
}
