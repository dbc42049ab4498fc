import { type KeyboardEvent, useRef } from 'react';
import type { BookingBarProps } from '../../common/islands/BookingBar';

export interface TabIds {
  tab: (tab: string) => string;
  panel: (tab: string) => string;
}

/**
 * "Booking Form / Enquiry Form" (engagement.md §1) as an ARIA tab list, in the plugin's
 * `#tourmaster-booking-tab-title`: a click or Enter/Space selects, the arrows, Home and End move
 * and select.
 */
export function BookingTabs(props: {
  tabs: BookingBarProps['tabs'];
  active: string;
  ids: TabIds;
  onSelect: (tab: string) => void;
}) {
  const { tabs, active, ids, onSelect } = props;
  const elements = useRef<(HTMLElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, at: number) => {
    const n = tabs.length;
    const to: Record<string, number> = {
      ArrowRight: (at + 1) % n,
      ArrowDown: (at + 1) % n,
      ArrowLeft: (at + n - 1) % n,
      ArrowUp: (at + n - 1) % n,
      Home: 0,
      End: n - 1,
      Enter: at,
      ' ': at,
    };
    const target = to[event.key] ?? -1;
    const next = tabs[target];
    if (!next) return;
    event.preventDefault();
    elements.current[target]?.focus();
    onSelect(next.tab);
  };
  return tabs.map(({ tab, title }, at) => (
    <div
      key={tab}
      id={ids.tab(tab)}
      className={`tourmaster-booking-tab-title-item${tab === active ? ' tourmaster-active' : ''}`}
      data-tourmaster-tab={tab}
      role="tab"
      aria-selected={tab === active}
      aria-controls={ids.panel(tab)}
      tabIndex={tab === active ? 0 : -1}
      ref={(el) => {
        elements.current[at] = el;
      }}
      onClick={() => onSelect(tab)}
      onKeyDown={(event) => onKeyDown(event, at)}
    >
      {title}
    </div>
  ));
}
