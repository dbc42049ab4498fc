import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { topBarMenuProps, userTopBar } from '../../../server/views/top-bar';
import { capturedReply } from '../../testing/admin-ajax';
import { topBarFromMarkup } from './adapter';
import { mount } from './index';

/** The logged-in bar as the plugin answered `refresh_user_top_bar` for customer1. */
const legacyBar = () => (capturedReply('top_bar-customer1') as { content: string }).content;

/** A bar as our server prints it, typed props included. */
const OURS = {
  style: 'style-1',
  redirect: '',
  ajaxUrl: 'http://127.0.0.1:8080/wp-admin/admin-ajax.php',
  avatar: { kind: 'gravatar', email: 'maria@example.test', https: false },
  name: 'Maria Papadopoulou',
  nav: [
    { slug: 'dashboard', title: 'Dashboard', url: '/my-account/?page_type=dashboard' },
    { slug: 'edit-profile', title: 'Edit Profile', url: '/my-account/?page_type=edit-profile' },
    { slug: 'sign-out', title: 'Sign Out', url: '/wp-login.php?action=logout&_wpnonce=x' },
  ],
} as const;

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  document.body.replaceChildren();
});

function mountBar(markup: string): HTMLElement {
  document.body.innerHTML = `${markup}<a href="/elsewhere">Elsewhere</a>`;
  const bar = document.querySelector<HTMLElement>('.tourmaster-user-top-bar') as HTMLElement;
  act(() => {
    unmount = mount(bar);
  });
  return bar;
}

const PAGES = [
  ['our page (typed props)', () => String(userTopBar(OURS))],
  ['a page WordPress rendered (adapter)', legacyBar],
] as const;

describe.each(PAGES)('the top bar’s account menu on %s', (_, markup) => {
  it('opens from the keyboard on the first link, moves with the arrows, Home and End, closes on Escape', async () => {
    mountBar(markup());
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Maria Papadopoulou' });
    const nav = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect([toggle.getAttribute('aria-expanded'), nav.style.display]).toEqual(['false', 'none']);
    toggle.focus();
    await user.keyboard('{Enter}');
    const links = screen.getAllByRole('link').filter((a) => nav.contains(a));
    expect([toggle.getAttribute('aria-expanded'), nav.style.display]).toEqual(['true', 'block']);
    expect(document.activeElement).toBe(links[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(links[1]);
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Sign Out');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(links[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(links.at(-1));
    await user.keyboard('{Escape}');
    expect([toggle.getAttribute('aria-expanded'), nav.style.display]).toEqual(['false', 'none']);
    expect(document.activeElement).toBe(toggle);
  });

  it('opens with Space or Arrow Down, and closes when focus or a press goes elsewhere', async () => {
    mountBar(markup());
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Maria Papadopoulou' });
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}{ArrowDown}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens while the mouse is over the bar, and closes a moment after it leaves', async () => {
    const bar = mountBar(markup());
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Maria Papadopoulou' });
    await user.hover(bar);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.unhover(bar);
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
  });
});

describe('the top bar’s legacy adapter', () => {
  it('reads what our server writes as props, and the plugin’s bar alike', () => {
    document.body.innerHTML = String(userTopBar(OURS)).replace(/<script[^>]*>[^<]*<\/script>/, '');
    const bar = document.querySelector<HTMLElement>('.tourmaster-user-top-bar') as HTMLElement;
    expect(topBarFromMarkup(bar)).toEqual(topBarMenuProps(OURS));
    document.body.innerHTML = legacyBar();
    const legacy = topBarFromMarkup(document.querySelector<HTMLElement>('.tourmaster-user-top-bar') as HTMLElement);
    expect(legacy.name).toBe('Maria Papadopoulou');
    expect(legacy.nav.map((item) => item.slug)).toEqual(['dashboard', 'edit-profile', 'wish-list', 'sign-out']);
    expect(legacy.avatar?.gravatar?.srcset).toMatch(/\?s=60&d=mm&r=g 2x$/);
  });
});
