import type { TopBarMenuProps } from '../../common/islands/TopBarMenu';
import { avatarOfImg } from '../../lib/Avatar';

/**
 * The logged-in top bar as the plugin prints it (every captured page of a logged-in customer,
 * legacy-fixtures/pages/user-*.html, and the `refresh_user_top_bar` reply): the avatar `img`, the
 * name, and `div.tourmaster-user-top-bar-nav-item.tourmaster-nav-{slug} > a` for each link.
 */
export function topBarFromMarkup(bar: HTMLElement): TopBarMenuProps {
  const img = bar.querySelector<HTMLImageElement>(':scope > img');
  return {
    ...(img ? { avatar: avatarOfImg(img) } : {}),
    name: bar.querySelector(':scope > .tourmaster-user-top-bar-name')?.textContent ?? '',
    nav: Array.from(bar.querySelectorAll('.tourmaster-user-top-bar-nav-item'), (item) => ({
      slug: /(?:^|\s)tourmaster-nav-(\S+)/.exec(item.className)?.[1] ?? '',
      title: item.querySelector('a')?.textContent ?? '',
      url: item.querySelector('a')?.getAttribute('href') ?? '',
    })),
  };
}
