import { readFileSync } from 'node:fs';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerPrice } from '../../../server/views/tour/booking-bar';
import type { HeadPriceProps } from '../../common/islands/BookingForm';
import { AJAX_URL, answerAjax, type PostedAjax } from '../../testing/admin-ajax';
import { mount } from './BookingForm';
import { PriceBox } from './PriceBox';

/**
 * The price box under the bar's price (issue 18) on the Corfu page WordPress printed, with our
 * server's header price above it: what the head price reply's `props` say, shown as an accessible
 * disclosure, and always the latest answer's.
 */

/** The head price reply for 2 people on a taxed site taking deposits (head-price-breakdown.int.test.ts). */
const TAXED: HeadPriceProps = {
  total: '$261.60',
  breakdown: {
    base: [{ head: 'Traveller Base Price', detail: '2 x $120', tail: '$240.00' }],
    rooms: [],
    services: [],
    subTotal: '$240.00',
    couponAfterTax: false,
    taxRate: '9%',
    taxDue: '$21.60',
  },
  deposit: { percent: 30, price: '$78.48' },
};

/** Without tax or deposit, with a service and the group discount. */
const UNTAXED: HeadPriceProps = {
  total: '$243.00',
  breakdown: {
    base: [{ head: 'Traveller Base Price', detail: '2 x $120', tail: '$240.00' }],
    rooms: [],
    services: [{ head: 'Hotel Transfer (2 x $15)', tail: '$30.00' }],
    subTotal: '$270.00',
    groupDiscount: { head: 'Group Discount (2 people)', rate: '$27.00', discounted: '$243.00' },
    couponAfterTax: false,
  },
};

function place(transform = (html: string) => html): HTMLFormElement {
  const html = transform(readFileSync('legacy-fixtures/pages/tour-corfu-booking-enquiry.html', 'utf8'));
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const form = doc.querySelector('form#tourmaster-single-tour-booking-fields');
  if (!form) throw new Error('no booking form');
  const imported = document.importNode(form, true) as HTMLFormElement;
  imported.setAttribute('data-ajax-url', AJAX_URL);
  document.body.innerHTML = headerPrice({ price: '$150' }).value;
  document.body.append(imported);
  return imported;
}

/** Answers the head price with the replies given, in turn (the last one for any later request). */
function answerHeadPrice(replies: unknown[]): PostedAjax[] {
  let at = 0;
  return answerAjax(({ action }) => {
    if (action !== 'tourmaster_update_head_price') return 0;
    return replies[Math.min(at++, replies.length - 1)];
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
});

const people = () => screen.getByRole('combobox', { name: 'Number Of People' });
const header = () => document.querySelector<HTMLElement>('.tourmaster-header-price')!;

describe('the price box under the head price', () => {
  it('says the tax the price includes and opens its breakdown: travellers × price, tax, total, deposit', async () => {
    answerHeadPrice([{ price: '$261.60', props: TAXED }]);
    mountForm(place());
    expect(within(header()).queryByText(/incl\./)).toBeNull();
    await userEvent.selectOptions(people(), '2');
    await waitFor(() => expect(within(header()).getByText('incl. 9% tax')).toBeTruthy());
    expect(header().querySelector('.tourmaster-tail')?.textContent).toBe('$261.60');

    const details = header().querySelector('details')!;
    const summary = within(header()).getByText('Price breakdown');
    expect(summary.tagName).toBe('SUMMARY');
    expect(details.open).toBe(false);
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    const rows = within(details)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Traveller Base Price 2 x $120$240.00',
      'Sub Total$240.00',
      'Tax (9%)$21.60',
      'Total$261.60',
      'Or pay a 30% deposit now$78.48',
    ]);
    expect(within(details).getByRole('rowheader', { name: 'Tax (9%)' })).toBeTruthy();
  });

  it('says nothing of tax where none is charged, and lists services and the group discount', async () => {
    answerHeadPrice([{ price: '$243.00', props: UNTAXED }]);
    mountForm(place());
    await userEvent.selectOptions(people(), '2');
    await waitFor(() => expect(within(header()).getByText('Price breakdown')).toBeTruthy());
    expect(within(header()).queryByText(/incl\./)).toBeNull();
    expect(within(header()).queryByText(/Tax/)).toBeNull();
    expect(within(header()).queryByText(/deposit/)).toBeNull();
    const rows = within(header())
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('Hotel Transfer (2 x $15)$30.00');
    expect(rows).toContain('Group Discount (2 people)- $27.00');
    expect(rows).toContain('Discounted Price$243.00');
  });

  it('follows the choices: a new count re-prices the box; nothing priced, no box', async () => {
    const seen = answerHeadPrice([{ price: '$261.60', props: TAXED }, { price: '$243.00', props: UNTAXED }, []]);
    mountForm(place());
    await userEvent.selectOptions(people(), '2');
    await waitFor(() => expect(within(header()).getByText('incl. 9% tax')).toBeTruthy());
    await userEvent.selectOptions(people(), '3');
    await waitFor(() => expect(within(header()).queryByText('incl. 9% tax')).toBeNull());
    expect(within(header()).getAllByRole('row', { hidden: true }).at(-1)?.textContent).toBe('Total$243.00');
    expect(header().querySelector('.tourmaster-tail')?.textContent).toBe('$243.00');
    await userEvent.selectOptions(people(), '');
    await waitFor(() => expect(header().querySelector('details')).toBeNull());
    expect(header().classList.contains('dropin-has-price-box')).toBe(false);
    expect(seen.map((s) => s.form.get('data[tour-people]'))).toEqual(['2', '3', '']);
  });

  it('shows no box for a reply without props (a WordPress upstream): the legacy price only', async () => {
    answerHeadPrice([{ price: '$163.50' }]);
    mountForm(place());
    await userEvent.selectOptions(people(), '2');
    await waitFor(() => expect(header().querySelector('.tourmaster-tail')?.textContent).toBe('$163.50'));
    expect(header().querySelector('details')).toBeNull();
  });

  it('prices a form that opens with travellers chosen at once, and asks nothing of one that does not', async () => {
    const none = answerHeadPrice([{ price: '$261.60', props: TAXED }]);
    mountForm(place());
    act(() => unmount?.());
    expect(none).toEqual([]);
    const seen = answerHeadPrice([{ price: '$261.60', props: TAXED }]);
    mountForm(
      place((html) =>
        html.replace(/(<select name="tour-people" >.*?)<option value="2" {2}>/, '$1<option value="2" selected >'),
      ),
    );
    await waitFor(() => expect(within(header()).getByText('incl. 9% tax')).toBeTruthy());
    expect(seen.map((s) => s.form.get('data[tour-people]'))).toEqual(['2']);
  });
});

describe('the price box of a room booking', () => {
  it('heads each room with its travellers, then its lines', () => {
    const { container } = render(
      <PriceBox
        box={{
          total: '$872.00',
          breakdown: {
            base: [{ head: 'Adult Base Price', detail: '3 x $100', tail: '$300.00' }],
            rooms: [
              {
                head: 'Room 1 :',
                travellers: '2 Adult ',
                lines: [{ head: 'Room Base Price :', tail: '$250.00' }],
              },
              {
                head: 'Room 2 :',
                travellers: '1 Adult ',
                lines: [{ head: 'Room Base Price :', tail: '$250.00' }],
              },
            ],
            services: [],
            subTotal: '$800.00',
            couponAfterTax: false,
            taxRate: '9%',
            taxDue: '$72.00',
          },
        }}
      />,
    );
    const rows = within(container)
      .getAllByRole('row', { hidden: true })
      .map((row) => row.textContent);
    expect(rows.slice(0, 5)).toEqual([
      'Adult Base Price 3 x $100$300.00',
      'Room 1 : 2 Adult',
      'Room Base Price$250.00',
      'Room 2 : 1 Adult',
      'Room Base Price$250.00',
    ]);
    expect(within(container).getByText('incl. 9% tax')).toBeTruthy();
  });
});
