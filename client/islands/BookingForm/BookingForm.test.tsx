import { readFileSync } from 'node:fs';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingForm } from '../../../server/views/tour/booking-bar';
import { AJAX_URL, ajaxServer, answerAjax, capturedReply, failAjax, type PostedAjax } from '../../testing/admin-ajax';
import { bookingBlocksFromHtml } from './adapter';
import { mount } from './BookingForm';

/** A captured page's booking form as WordPress printed it, in this document, posting to msw. */
function legacyForm(page: string, transform = (html: string) => html): HTMLFormElement {
  const html = transform(readFileSync(`legacy-fixtures/pages/${page}.html`, 'utf8'));
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const form = doc.querySelector('form#tourmaster-single-tour-booking-fields');
  if (!form) throw new Error(`no booking form in ${page}`);
  return place(document.importNode(form, true) as HTMLFormElement);
}

/** The header price the live price writes into (outside the form). */
const HEADER =
  '<div class="tourmaster-header-price"><div class="tourmaster-tour-price-wrap tourmaster-discount"><span class="tourmaster-tour-price"><span class="tourmaster-head">From</span><span class="tourmaster-tail">$150</span></span><span class="tourmaster-tour-discount-price">$120</span></div></div>';

function place(form: HTMLFormElement): HTMLFormElement {
  form.setAttribute('data-ajax-url', AJAX_URL);
  document.body.innerHTML = HEADER;
  document.body.append(form);
  return form;
}

/** Our page's form (server/views/tour/booking-bar.ts) with its props script, for a captured step's blocks. */
function ourForm(step: string, date: Parameters<typeof bookingForm>[0]['date']): HTMLFormElement {
  const { content } = capturedReply(step) as { content: string };
  const markup = bookingForm({
    tourId: 7,
    paymentUrl: 'http://localhost:3000/payment/',
    ajaxUrl: AJAX_URL,
    updateHeaderPrice: false,
    date,
    blocks: bookingBlocksFromHtml(content),
    hidden: [],
  }).value;
  document.body.innerHTML = markup;
  return document.querySelector('form') as HTMLFormElement;
}

/** Answers each action with a captured reply of the legacy site. */
function answer(replies: Record<string, string | unknown>): PostedAjax[] {
  return answerAjax(({ action }) => {
    const reply = replies[action];
    return typeof reply === 'string' ? capturedReply(reply) : (reply ?? 0);
  });
}

let unmount: (() => void) | undefined;
function mountForm(form: HTMLFormElement): void {
  act(() => {
    unmount = mount(form);
  });
}
afterEach(() => {
  act(() => unmount?.());
  unmount = undefined;
  vi.restoreAllMocks();
});

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Proceed Booking' }));
const staticError = () => screen.getByText(/Please select all required fields/);

describe('the booking form on a page WordPress rendered (Corfu: one date list, a count)', () => {
  it('refuses a submit with nobody counted, in the page, and focuses the count', async () => {
    const seen = answer({});
    mountForm(legacyForm('tour-corfu-booking-enquiry'));
    expect(screen.getByRole('textbox', { name: 'Travel date' })).toBeTruthy();
    await submit();
    expect(staticError().style.display).toBe('block');
    expect(staticError().getAttribute('role')).toBe('alert');
    const people = screen.getByRole('combobox', { name: 'Number Of People' });
    expect(document.activeElement).toBe(people);
    expect(people.getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);
  });

  it('re-prices on a count, and shows the server’s refusal of the count under the button', async () => {
    const seen = answer({
      tourmaster_update_head_price: 'head_price-corfu-first-date',
      tourmaster_tour_booking_amount_check: 'amount_check-corfu-above-max',
    });
    mountForm(legacyForm('tour-corfu-booking-enquiry'));
    const tail = document.querySelector('.tourmaster-tail');
    expect(tail?.textContent).toBe('$150');
    expect(tail?.getAttribute('aria-live')).toBe('polite');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Number Of People' }), '6');
    await waitFor(() => expect(tail?.textContent).toBe('$163.50'));
    expect(document.querySelector('.tourmaster-tour-discount-price')).toBeNull();
    expect(document.querySelector('.tourmaster-discount')).toBeNull();
    expect(document.querySelector('.tourmaster-header-price')?.className).toContain('tourmaster-price-updated');
    expect(seen[0]?.form.get('data[tour-people]')).toBe('6');
    await submit();
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe('You can book at most 6 people per booking');
    const check = seen.find((s) => s.action === 'tourmaster_tour_booking_amount_check');
    expect(Object.fromEntries(check?.form ?? [])).toMatchObject({
      tour_id: '11',
      tour_date: '2027-05-09',
      traveller: '6',
      adult_amount: '6',
      package: '',
    });
    expect(staticError().style.display).toBe('none');
    expect(screen.getByRole('button', { name: 'Proceed Booking' }).getAttribute('aria-busy')).toBeNull();
  });

  it('says so when the check cannot be made (HTTP failure)', async () => {
    mountForm(legacyForm('tour-corfu-booking-enquiry'));
    failAjax(502);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Number Of People' }), '2');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An error occurs, please refresh the page to try again.',
    );
  });

  it('posts the form to the payment page for a customer once the server agrees, with the booking cookie', async () => {
    const posted = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    answer({
      tourmaster_update_head_price: 'head_price-corfu-first-date',
      tourmaster_tour_booking_amount_check: 'amount_check-corfu-ok',
    });
    mountForm(
      legacyForm('tour-corfu-booking-enquiry', (html) =>
        html.replaceAll(' data-ask-login="proceed-without-login"', ''),
      ),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Number Of People' }), '4');
    await submit();
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    const cookie = document.cookie.split('; ').find((c) => c.startsWith('tourmaster-booking-detail='));
    expect(JSON.parse(decodeURIComponent(cookie?.split('=')[1] ?? '{}'))).toMatchObject({
      'tour-id': '11',
      'tour-date': '2027-05-09',
      'tour-people': '4',
    });
  });
});

describe('a guest on a site with accounts', () => {
  it('is asked to log in or go on as a guest once the server agrees (the bar’s Proceed Booking lightbox)', async () => {
    const posted = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    answer({
      tourmaster_update_head_price: 'head_price-corfu-first-date',
      tourmaster_tour_booking_amount_check: 'amount_check-corfu-ok',
    });
    const form = legacyForm('tour-corfu-booking-enquiry');
    const page = new DOMParser().parseFromString(
      readFileSync('legacy-fixtures/pages/tour-corfu-booking-enquiry.html', 'utf8'),
      'text/html',
    );
    const template = page.querySelector('[data-tmlb-id="proceed-without-login"]');
    form.after(document.importNode(template as Element, true));
    mountForm(form);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Number Of People' }), '4');
    await submit();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Continue As Guest');
    expect(posted).not.toHaveBeenCalled();
  });
});

describe('the steps the form loads', () => {
  it('loads the travellers of a package picked from the list (Mykonos), from the reply’s markup', async () => {
    const seen = answer({
      tourmaster_tour_booking: 'tour_booking-s2-mykonos-package-vip',
      tourmaster_update_head_price: 'head_price-mykonos-premium',
    });
    const form = legacyForm('tour-mykonos-packages');
    mountForm(form);
    const display = screen.getByRole('button', { name: 'Morning Standard' });
    await userEvent.click(display);
    expect(display.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('option', { name: /Private Yacht VIP/ }));
    expect(display.textContent).toBe('Private Yacht VIP');
    expect(document.activeElement).toBe(display);
    await screen.findByRole('combobox', { name: 'Adult' });
    expect(screen.getByRole('combobox', { name: 'Child' })).toBeTruthy();
    const step = seen.find((s) => s.action === 'tourmaster_tour_booking');
    expect(step?.form.get('data[package]')).toBe('Private Yacht VIP');
    expect(step?.form.get('data[step]')).toBe('2');
    expect(form.getAttribute('aria-busy')).toBeNull();
    // The picker (step 2) stays; one submit, the reply's.
    expect(screen.getAllByRole('button', { name: 'Proceed Booking' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Private Yacht VIP' })).toBe(display);
  });

  it('picks a package from the keyboard: Enter opens the list on the chosen one, the arrows move, Escape closes', async () => {
    const seen = answer({
      tourmaster_tour_booking: 'tour_booking-s2-mykonos-package-vip',
      tourmaster_update_head_price: 'head_price-mykonos-premium',
    });
    mountForm(legacyForm('tour-mykonos-packages'));
    const display = screen.getByRole('button', { name: 'Morning Standard' });
    display.focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('option', { name: /Morning Standard/ }));
    await userEvent.keyboard('{Escape}');
    expect(display.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(display);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(display.textContent).toBe('Private Yacht VIP');
    await screen.findByRole('combobox', { name: 'Adult' });
    expect(seen.filter((s) => s.action === 'tourmaster_tour_booking')).toHaveLength(1);
  });

  it('shows one traveller block per room (Meteora, our page’s props) and wants somebody in each', async () => {
    const seen = answer({});
    const form = ourForm('tour_booking-s1-meteora-room', { kind: 'single', date: '2027-05-14', label: '14 May 2027' });
    mountForm(form);
    expect(form.querySelector('script')).toBeNull();
    expect(screen.getByText('14 May 2027')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Number Of Rooms' }), '2');
    const rooms = form.querySelectorAll('.tourmaster-tour-booking-people-container > [data-step="4"]');
    expect(Array.from(rooms, (r) => r.querySelector('.tourmaster-tour-booking-room-text')?.textContent)).toEqual([
      'Room 1 :',
      'Room 2 :',
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Room 1: Number Of People' }), '2');
    await submit();
    expect(staticError().style.display).toBe('block');
    const second = screen.getByRole('combobox', { name: 'Room 2: Number Of People' });
    expect(document.activeElement).toBe(second);
    expect(screen.getByRole('combobox', { name: 'Room 1: Number Of People' }).getAttribute('aria-invalid')).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Number Of Rooms' }), '1');
    expect(screen.queryByRole('combobox', { name: 'Room 2: Number Of People' })).toBeNull();
    expect(seen).toEqual([]);
  });

  it('loads step 1 for a date from the list; the reply’s typed props win over its markup; no fields for a reply of none', async () => {
    const notice = { kind: 'notice', message: 'Typed notice' };
    const replies = [
      { ...(capturedReply('tour_booking-s1-delphi-first-date') as object), props: { blocks: [notice] } },
      capturedReply('tour_booking-missing-data'),
    ];
    const seen = answerAjax(({ action }) => (action === 'tourmaster_tour_booking' ? replies.shift() : 0));
    const dates = [
      { value: '2027-04-17', label: '17 Apr 2027' },
      { value: '2027-04-24', label: '24 Apr 2027' },
    ];
    const form = ourForm('tour_booking-s1-delphi-extra-fields', { kind: 'list', dates, selected: '2027-04-17' });
    mountForm(form);
    expect(screen.getByRole('textbox', { name: 'Pickup hotel' }).getAttribute('aria-required')).toBe('true');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Travel date' }), '2027-04-24');
    expect(await screen.findByText('Typed notice')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed Booking' })).toBeNull();
    expect(seen[0]?.form.get('data[tour-date]')).toBe('2027-04-24');
    expect(seen[0]?.form.get('data[step]')).toBe('1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Travel date' }), '2027-04-17');
    await waitFor(() => expect(seen).toHaveLength(2));
    await waitFor(() => expect(form.getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByText('Typed notice')).toBeNull();
    expect(form.querySelectorAll('[data-step]:not([data-step="1"])')).toHaveLength(0);
  });
});

describe('the calendar with our availability API', () => {
  const API = 'http://localhost:3000/wp-json/tourmaster/v1/tours/4/availability';
  const calendarDate = {
    kind: 'calendar' as const,
    dates: ['2027-05-15', '2027-05-22', '2027-06-12'],
    selected: '2027-05-15',
    format: 'd M yy',
    range: '1',
    availability: { url: API, showRemaining: false },
  };
  const day = (date: string, left: number | null, soldOut: boolean, bookable = true) => ({
    date,
    seats_left: left,
    unit: left === null ? null : 'seats',
    sold_out: soldOut,
    bookable,
    price_from: '130.80',
    packages: [],
  });

  /** Answers the API with these days; returns the query strings asked for. */
  function answerApi(status: number, dates: unknown[]): URLSearchParams[] {
    const asked: URLSearchParams[] = [];
    ajaxServer.use(
      http.get(API, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return status === 200
          ? HttpResponse.json({ tour_id: 4, currency: 'USD', dates })
          : HttpResponse.json({ code: 'rest_invalid_param', message: 'x', data: { status } }, { status });
      }),
    );
    return asked;
  }

  async function openCalendar(): Promise<HTMLElement> {
    await userEvent.click(screen.getByRole('textbox', { name: 'Travel date' }));
    return waitFor(() => {
      const open = document.querySelector<HTMLElement>('.flatpickr-calendar.open');
      if (!open) throw new Error('calendar not open');
      return open;
    });
  }

  const cell = (calendar: HTMLElement, label: string) =>
    calendar.querySelector<HTMLElement>(`.flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)[aria-label^="${label}"]`);

  it('disables and marks a sold-out day, shows few seats left, and starts on the first bookable day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-05-01T10:00:00') });
    const asked = answerApi(200, [
      day('2027-05-15', 0, true),
      day('2027-05-22', 3, false),
      day('2027-06-12', 20, false),
    ]);
    const seen = answer({ tourmaster_tour_booking: 'tour_booking-s1-corfu-first-date' });
    mountForm(ourForm('tour_booking-s1-corfu-first-date', calendarDate));
    // The preselected 15 May is sold out: 22 May is chosen instead, and its step loaded.
    await waitFor(() => expect(seen.find((s) => s.action === 'tourmaster_tour_booking')).toBeTruthy());
    expect(seen.find((s) => s.action === 'tourmaster_tour_booking')?.form.get('data[tour-date]')).toBe('2027-05-22');
    expect((document.querySelector('input[name="tour-date"]') as HTMLInputElement).value).toBe('2027-05-22');
    expect(asked.map((q) => [q.get('from'), q.get('to')])).toEqual([['2027-05-15', '2027-06-12']]);

    const calendar = await openCalendar();
    const full = cell(calendar, 'May 15, 2027')!;
    expect(full.className).toContain('flatpickr-disabled');
    expect(full.className).toContain('tourmaster-sold-out');
    expect(full.getAttribute('aria-label')).toBe('May 15, 2027, sold out');
    expect(full.title).toBe('Sold out');
    expect(full.textContent).toBe('15Full');
    const few = cell(calendar, 'May 22, 2027')!;
    expect(few.className).not.toContain('flatpickr-disabled');
    expect(few.getAttribute('aria-label')).toBe('May 22, 2027, 3 left');
    expect(few.querySelector('.tourmaster-day-left')?.textContent).toBe('3 left');
    vi.useRealTimers();
  });

  it('marks a closed day, and "N left" on every day when the site asks for the remaining seats', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-05-01T10:00:00') });
    answerApi(200, [day('2027-05-15', 20, false), day('2027-05-22', 12, false, false), day('2027-06-12', null, false)]);
    answer({});
    mountForm(
      ourForm('tour_booking-s1-corfu-first-date', {
        ...calendarDate,
        availability: { url: API, showRemaining: true },
      }),
    );
    const calendar = await openCalendar();
    await waitFor(() => expect(cell(calendar, 'May 22, 2027')?.className).toContain('tourmaster-closed'));
    const closed = cell(calendar, 'May 22, 2027')!;
    expect(closed.className).toContain('flatpickr-disabled');
    expect(closed.getAttribute('aria-label')).toBe('May 22, 2027, closed');
    expect(closed.title).toBe('Closed for booking');
    expect(cell(calendar, 'May 15, 2027')?.getAttribute('aria-label')).toBe('May 15, 2027, 20 left');
    expect((document.querySelector('input[name="tour-date"]') as HTMLInputElement).value).toBe('2027-05-15');
    vi.useRealTimers();
  });

  it('stays the legacy calendar when the API fails', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-05-01T10:00:00') });
    const asked = answerApi(503, []);
    const seen = answer({});
    mountForm(ourForm('tour_booking-s1-corfu-first-date', calendarDate));
    await waitFor(() => expect(asked).toHaveLength(1));
    const calendar = await openCalendar();
    const first = cell(calendar, 'May 15, 2027')!;
    expect(first.className).not.toContain('flatpickr-disabled');
    expect(first.getAttribute('aria-label')).toBe('May 15, 2027');
    expect(calendar.querySelector('.tourmaster-day-mark, .tourmaster-day-left')).toBeNull();
    expect((document.querySelector('input[name="tour-date"]') as HTMLInputElement).value).toBe('2027-05-15');
    expect(seen).toEqual([]);
    vi.useRealTimers();
  });
});
