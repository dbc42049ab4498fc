import { useId, useLayoutEffect, useRef } from 'react';
import type { TopBarMenuProps } from '../../common/islands/TopBarMenu';
import { Avatar } from '../../lib/Avatar';
import { listenToBar } from './handlers';
import { useAccountMenu } from './useAccountMenu';
import { useMenuFade } from './useMenuFade';

/**
 * The logged-in top bar's account menu (engagement.md §3), rendered in the bar (`bar`, the marker):
 * the links under the name fade in while the pointer is over the bar and fade out when it leaves.
 *
 * Added to the legacy behaviour, for keyboards and touch: the name is a disclosure button
 * (`aria-expanded`, `aria-controls`); a click or a tap toggles the menu; Enter, Space or Arrow Down
 * open it with focus on the first link; Arrow Up/Down, Home and End move between the links; Escape
 * closes it and gives focus back to the name; it also closes when focus or a click goes elsewhere.
 */
export function TopBarMenu({ bar, avatar, name, nav }: TopBarMenuProps & { bar: HTMLElement }) {
  const { openedBy, menu, refs } = useAccountMenu(bar);
  const inner = useRef<HTMLDivElement>(null);
  const shown = useMenuFade(openedBy !== undefined, inner);
  const navId = `tourmaster-user-top-bar-nav-${useId().replace(/[^A-Za-z0-9-]/g, '')}`;
  useLayoutEffect(() => listenToBar(menu), [menu]);
  // A key opened the menu and asked for a link while it was still hidden.
  useLayoutEffect(() => {
    if (shown) menu.focusPending();
  }, [shown, menu]);
  return (
    <>
      {avatar ? <Avatar avatar={avatar} /> : null}
      {/* biome-ignore lint/a11y/useSemanticElements: the plugin's span, as the theme styles it, made a disclosure button. */}
      <span
        ref={refs.toggle}
        className="tourmaster-user-top-bar-name"
        role="button"
        tabIndex={0}
        aria-expanded={openedBy !== undefined}
        aria-controls={navId}
        aria-label={name.trim() ? undefined : 'Account menu'}
      >
        {name}
      </span>
      <i className="fa fa-sort-down" aria-hidden="true" />
      <div
        ref={refs.nav}
        id={navId}
        className={openedBy ? 'tourmaster-user-top-bar-nav tourmaster-active' : 'tourmaster-user-top-bar-nav'}
        // The island decides: its inline display wins over the stylesheets' :hover rules.
        style={{ display: shown ? 'block' : 'none' }}
      >
        <div ref={inner} className="tourmaster-user-top-bar-nav-inner" style={shown ? { display: 'block' } : undefined}>
          {nav.map((item, i) => (
            <div key={item.url} className={`tourmaster-user-top-bar-nav-item tourmaster-nav-${item.slug}`}>
              <a
                href={item.url}
                ref={(a) => {
                  if (refs.links.current) refs.links.current[i] = a;
                }}
              >
                {item.title}
              </a>
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
