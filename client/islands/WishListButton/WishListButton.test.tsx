import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { raw } from '../../../server/views/html';
import { type WishListButton as ServerButton, wishListButton } from '../../../server/views/tour/booking-bar';
import { wishListButtonProps } from '../../common/islands/WishListButton';
import { readIslandProps } from '../../lib/island-props';
import { AJAX_URL, answerAjax, capturedReply, failAjax } from '../../testing/admin-ajax';
import { legacyPage, place } from '../../testing/legacy-markup';
import { mount as mountLightbox } from '../Lightbox/index';
import { wishListFromMarkup } from './adapter';
import { mount } from './index';

// jsdom has no CSS.escape (the Lightbox island's lookup of its template); the ids here need none.
beforeAll(() => {
  if (!globalThis.CSS?.escape) vi.stubGlobal('CSS', { escape: (text: string) => text });
});

const GUEST: ServerButton = { kind: 'guest', lightboxStyle: 'style-1', login: raw('<form class="login"></form>') };
const ADD: ServerButton = { kind: 'add', ajaxUrl: AJAX_URL, tourId: 6 };

/** The button as our tour page prints it, mounted. */
async function mounted(button: ServerButton): Promise<HTMLElement> {
  const marker = place(String(wishListButton(button))).querySelector<HTMLElement>('.tourmaster-save-wish-list')!;
  await act(async () => {
    if (marker.dataset.tmlb) mountLightbox(marker);
    mount(marker);
  });
  return marker;
}

/** jsdom parses the captured pages and renders slowly on a loaded machine (the default is 5 s). */
const SLOW_MACHINE = 20_000;

describe('the wish-list button’s props', { timeout: SLOW_MACHINE }, () => {
  it('reads the guest button of a page WordPress rendered', () => {
    const marker = legacyPage('tour-santorini-fixed').querySelector<HTMLElement>('.tourmaster-save-wish-list')!;
    expect(wishListFromMarkup(marker)).toEqual({
      label: 'Save To Wish List',
      button: { kind: 'guest', lightbox: 'wish-list-login' },
    });
  });

  it.each([GUEST, { kind: 'saved' } as const, ADD])('reads from the markup what our page writes ($kind)', (button) => {
    const marker = place(String(wishListButton(button))).querySelector<HTMLElement>('.tourmaster-save-wish-list')!;
    const written = readIslandProps('WishListButton', marker, wishListButtonProps);
    expect(written).toBeDefined();
    expect(wishListFromMarkup(marker)).toEqual(written);
  });
});

describe('WishListButton', { timeout: SLOW_MACHINE }, () => {
  it('saves the tour for a customer once, with the plugin’s request, and shows it saved', async () => {
    const posted = answerAjax(() => capturedReply('wish_list-customer1-add'));
    const marker = await mounted(ADD);
    expect(marker.getAttribute('aria-pressed')).toBe('false');
    expect(marker.textContent).toBe('Save To Wish List');
    await userEvent.click(marker);
    await waitFor(() => expect(marker.getAttribute('aria-busy')).toBeNull());
    expect(marker.className).toBe('tourmaster-save-wish-list tourmaster-active');
    expect(marker.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(marker);
    expect(posted.map((p) => p.form.toString())).toEqual(['action=tourmaster_add_wish_list&tour-id=6']);
  });

  it('is a keyboard button: Enter saves', async () => {
    const posted = answerAjax(() => capturedReply('wish_list-customer1-add'));
    const marker = await mounted(ADD);
    marker.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(marker.getAttribute('aria-pressed')).toBe('true'));
    expect(posted).toHaveLength(1);
  });

  it('takes the mark back when the request fails, so the visitor can try again', async () => {
    failAjax(502);
    const marker = await mounted(ADD);
    await userEvent.click(marker);
    await waitFor(() => expect(marker.classList.contains('tourmaster-active')).toBe(false));
    expect(marker.getAttribute('aria-pressed')).toBe('false');
    const posted = answerAjax(() => capturedReply('wish_list-customer1-add'));
    await userEvent.click(marker);
    await waitFor(() => expect(marker.getAttribute('aria-pressed')).toBe('true'));
    expect(posted).toHaveLength(1);
  });

  it('a saved tour’s button sends nothing', async () => {
    const marker = await mounted({ kind: 'saved' });
    await userEvent.click(marker);
    expect(marker.getAttribute('aria-pressed')).toBe('true');
    expect(marker.classList.contains('tourmaster-active')).toBe(true);
  });

  it('a guest’s click opens its login lightbox and sends nothing', async () => {
    const marker = await mounted(GUEST);
    await userEvent.click(marker);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.tourmaster-lightbox-title')?.textContent).toBe(
      'Adding item to wishlist requires an account',
    );
    expect(marker.classList.contains('tourmaster-active')).toBe(false);
  });

  it('a guest’s button without a lightbox of its own opens the top bar’s login', async () => {
    const page = place(
      '<div class="tourmaster-save-wish-list" >Save To Wish List</div><div class="tourmaster-lightbox-content-wrap" data-tmlb-id="login" ><h3 class="tourmaster-lightbox-title" >Login</h3></div>',
    );
    const marker = page.querySelector<HTMLElement>('.tourmaster-save-wish-list')!;
    await act(async () => {
      mount(marker);
    });
    await userEvent.click(marker);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.tourmaster-lightbox-title')?.textContent).toBe('Login');
  });
});
