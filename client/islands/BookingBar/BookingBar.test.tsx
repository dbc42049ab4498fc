import { readFileSync } from 'node:fs';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/**
 * The window as the Book now bar reads it (jsdom has neither): its width against media queries,
 * and an IntersectionObserver whose callback the test calls with "on screen" or not.
 */
let windowWidth = 390;
let reportOnScreen: ((on: boolean) => void) | undefined;
beforeEach(() => {
  windowWidth = 390;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: windowWidth <= Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        reportOnScreen = (on) => callback([{ isIntersecting: on }]);
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
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
});

describe('the Book now bar below the sticky width (issue 17)', () => {
  const bookNow = () => document.querySelector<HTMLElement>('.dropin-book-now');

  it('shows the price and a Book now button while the bar is off screen, on phones only', async () => {
    const marker = legacyBar('tour-santorini-fixed');
    unmount = await act(() => mount(marker));
    // Outside the bar, at the end of the page: never inside the bar the page prints.
    expect(bookNow()?.parentElement?.parentElement).toBe(document.body);
    expect(marker.contains(bookNow())).toBe(false);
    act(() => reportOnScreen?.(true));
    expect(bookNow()?.hidden).toBe(true);
    act(() => reportOnScreen?.(false));
    expect(bookNow()?.hidden).toBe(false);
    const printed = marker.querySelector('.tourmaster-header-price .tourmaster-tour-price')?.textContent;
    expect(printed).toMatch(/^From\$\d+$/);
    expect(bookNow()?.querySelector('.dropin-book-now-price')?.textContent).toBe(printed?.replace('From', 'From '));
    const button = screen.getByRole('button', { name: 'Book now' });
    expect(button.hasAttribute('data-tourmaster-go-to-booking')).toBe(true);
    act(() => reportOnScreen?.(true));
    expect(bookNow()?.hidden).toBe(true);
    act(() => unmount?.());
    unmount = undefined;
    expect(bookNow()).toBeNull();
  });

  it('says the priced choice without the word "From" once the header price is updated', async () => {
    const marker = legacyBar('tour-santorini-fixed');
    unmount = await act(() => mount(marker));
    const header = marker.querySelector<HTMLElement>('.tourmaster-header-price');
    const tail = header?.querySelector('.tourmaster-tour-price .tourmaster-tail');
    // What the booking form does when the server has priced the visitor's choice (HeadPrice.tsx).
    header?.classList.add('tourmaster-price-updated');
    if (tail) tail.textContent = '$261.60';
    act(() => reportOnScreen?.(false));
    expect(bookNow()?.querySelector('.dropin-book-now-price')?.textContent).toBe('$261.60');
  });

  it('stays hidden where the bar follows the page (1000 px and wider)', async () => {
    windowWidth = 1280;
    unmount = await act(() => mount(legacyBar('tour-santorini-fixed')));
    act(() => reportOnScreen?.(false));
    expect(bookNow()?.hidden).toBe(true);
  });

  it('on a tour with both forms shows the booking tab first; none where there is no booking form', async () => {
    unmount = await act(() => mount(legacyBar('tour-corfu-booking-enquiry')));
    await userEvent.click(screen.getByRole('tab', { name: 'Enquiry Form' }));
    act(() => reportOnScreen?.(false));
    await userEvent.click(screen.getByRole('button', { name: 'Book now' }));
    expect(screen.getByRole('tab', { name: 'Booking Form' }).getAttribute('aria-selected')).toBe('true');
    act(() => unmount?.());
    // Our stand-in bar's forms are not the booking form.
    unmount = await act(() => mount(ourBar()));
    expect(bookNow()).toBeNull();
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
