import { readFileSync } from 'node:fs';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { raw } from '../../../server/views/html';
import { bookingBarInner, bookingBarProps } from '../../../server/views/tour/booking-bar';
import { bookingBarFromMarkup } from './adapter';
import { mount } from './index';

/** The booking bar WordPress printed on the Corfu page (booking and enquiry tabs). */
function legacyBar(page: string): HTMLElement {
  const doc = new DOMParser().parseFromString(readFileSync(`legacy-fixtures/pages/${page}.html`, 'utf8'), 'text/html');
  const container = doc.querySelector('.tourmaster-tour-booking-bar-container');
  if (!container) throw new Error(`no booking bar in ${page}`);
  document.body.replaceChildren(document.importNode(container, true));
  return document.querySelector<HTMLElement>('#tourmaster-tour-booking-bar-wrap') as HTMLElement;
}

/** The bar our server prints with both forms (stand-in form contents: only the tabs matter here). */
function ourBar(): HTMLElement {
  const body = {
    kind: 'both',
    form: raw('<form id="booking"></form>'),
    enquiry: raw('<form id="enquiry"></form>'),
  } as const;
  document.body.innerHTML = `<div class="tourmaster-tour-booking-bar-container">${bookingBarInner({ price: undefined, body, bottom: raw('') }).value}</div>`;
  return document.querySelector<HTMLElement>('#tourmaster-tour-booking-bar-wrap') as HTMLElement;
}

const panel = (tab: string) =>
  document.querySelector<HTMLElement>(`.tourmaster-booking-tab-content[data-tourmaster-tab="${tab}"]`);

let unmount: (() => void) | undefined;
afterEach(() => {
  act(() => unmount?.());
  unmount = undefined;
});

describe('the booking bar’s props', () => {
  it('reads from WordPress’s markup what our server writes for a tour with both forms', () => {
    const expected = bookingBarProps({ kind: 'both', form: raw(''), enquiry: raw('') });
    expect(bookingBarFromMarkup(legacyBar('tour-corfu-booking-enquiry'))).toEqual(expected);
    expect(expected.tabs.map((t) => t.title)).toEqual(['Booking Form', 'Enquiry Form']);
    expect(bookingBarFromMarkup(ourBar())).toEqual(expected);
  });

  it('has no tabs where the bar holds the booking form alone', () => {
    expect(bookingBarFromMarkup(legacyBar('tour-santorini-fixed'))).toEqual(
      bookingBarProps({ kind: 'booking', form: raw('') }),
    );
  });
});

describe('the booking bar’s tabs', () => {
  it.each([
    ['WordPress’s page', () => legacyBar('tour-corfu-booking-enquiry')],
    ['our page', ourBar],
  ])('on %s: an ARIA tab list whose tabs show their panel by click and by the arrows', async (_name, bar) => {
    const marker = bar();
    unmount = await act(() => mount(marker));
    expect(marker.querySelector('script[data-island-props]')).toBeNull();
    const booking = screen.getByRole('tab', { name: 'Booking Form' });
    const enquiry = screen.getByRole('tab', { name: 'Enquiry Form' });
    expect(booking.getAttribute('aria-selected')).toBe('true');
    expect(enquiry.tabIndex).toBe(-1);
    expect(panel('enquiry')?.getAttribute('aria-labelledby')).toBe(enquiry.id);
    expect(enquiry.getAttribute('aria-controls')).toBe(panel('enquiry')?.id);

    await userEvent.click(enquiry);
    expect(enquiry.getAttribute('aria-selected')).toBe('true');
    expect(enquiry.className).toContain('tourmaster-active');
    expect(panel('booking')?.style.display).toBe('none');
    expect(panel('enquiry')?.style.display).toBe('block');

    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(booking);
    expect(booking.getAttribute('aria-selected')).toBe('true');
    expect(panel('enquiry')?.style.display).toBe('none');
    await userEvent.keyboard('{End}');
    expect(enquiry.getAttribute('aria-selected')).toBe('true');
  });

  it('renders nothing of its own where there are no tabs, and leaves the bar’s content as printed', async () => {
    const marker = legacyBar('tour-santorini-fixed');
    const before = marker.innerHTML;
    unmount = await act(() => mount(marker));
    expect(screen.queryByRole('tab')).toBeNull();
    expect(marker.innerHTML).toBe(before);
  });

  it('on the payment page (its sidebar) only follows the page: no tabs, no module of the tour page’s bar', async () => {
    const marker = ourBar();
    const wrapper = document.createElement('div');
    wrapper.id = 'tourmaster-payment-template-wrapper';
    marker.before(wrapper);
    wrapper.append(marker);
    // The props script beside the marker is read and taken out; the rest stays as printed.
    const before = marker.innerHTML.replace(/<script[^>]*data-island-props[^>]*>.*?<\/script>/, '');
    unmount = await act(() => mount(marker));
    expect(screen.queryByRole('tab')).toBeNull();
    expect(marker.innerHTML).toBe(before);
  });
});
