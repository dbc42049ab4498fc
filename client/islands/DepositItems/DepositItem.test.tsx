import { readFileSync } from 'node:fs';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingSingle } from '../../../server/views/account/booking-single';
import { depositItemSchema } from '../../common/islands/DepositItems';
import { readIslandProps } from '../../lib/island-props';
import { depositItemFromMarkup } from './adapter';
import { mount } from './index';

/** Order 1's sidebar as the plugin printed it (legacy-fixtures/pages/user-my-booking-single-customer1.html). */
function legacySidebar(): string {
  const page = readFileSync('legacy-fixtures/pages/user-my-booking-single-customer1.html', 'utf8');
  const start = page.indexOf('<div class="tourmaster-my-booking-single-sidebar');
  return page.slice(start, page.indexOf('<div class="tourmaster-my-booking-single-content', start));
}

/** The same payment as our server prints it. */
function ourSidebar(): string {
  const payment = {
    amount: '$480.00',
    submissionDate: 'October 2, 2026 12:00 pm',
    method: 'paypal',
    methodLabel: 'PayPal',
    transactionId: 'DEMO-PP-0001',
    status: 'Paid',
    date: '2026-10-02 12:00:00',
  };
  const page = String(
    bookingSingle({
      ...({} as Parameters<typeof bookingSingle>[0]),
      status: 'online-paid',
      contact: [],
      billing: [],
      travellers: [],
      breakdown: '',
      total: '',
      payments: [payment],
    }),
  );
  const start = page.indexOf('<div class="tourmaster-my-booking-single-sidebar');
  return page.slice(start, page.indexOf('<div class="tourmaster-my-booking-single-content', start));
}

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  document.body.replaceChildren();
});

describe('a booking’s payment', () => {
  it('reads the same props from the plugin’s markup as our server writes beside its own', () => {
    document.body.innerHTML = legacySidebar();
    const legacy = depositItemFromMarkup(document.querySelector('.tourmaster-deposit-item') as HTMLElement);
    expect(legacy.heading).toBe('Deposit 1 : $480.00');
    document.body.innerHTML = ourSidebar();
    const item = document.querySelector('.tourmaster-deposit-item') as HTMLElement;
    expect(readIslandProps('DepositItems', item, depositItemSchema)).toEqual(legacy);
  });

  it.each([
    ['our page (typed props)', ourSidebar],
    ['a page WordPress rendered (adapter)', legacySidebar],
  ])('opens and closes from the head, with the mouse or the keyboard, on %s', async (_, markup) => {
    document.body.innerHTML = markup();
    const item = document.querySelector('.tourmaster-deposit-item') as HTMLElement;
    act(() => {
      unmount = mount(item);
    });
    const head = screen.getByRole('button', { name: 'Deposit 1 : $480.00' });
    const content = document.getElementById(head.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect([head.getAttribute('aria-expanded'), content.style.display]).toEqual(['true', 'block']);
    expect(content.textContent).toContain('DEMO-PP-0001');
    const user = userEvent.setup();
    await user.click(head);
    expect([head.getAttribute('aria-expanded'), content.style.display]).toEqual(['false', 'none']);
    expect(item.classList.contains('tourmaster-active')).toBe(false);
    head.focus();
    await user.keyboard('{Enter}');
    expect([head.getAttribute('aria-expanded'), content.style.display]).toEqual(['true', 'block']);
    expect(item.classList.contains('tourmaster-active')).toBe(true);
    await user.keyboard(' ');
    expect(head.getAttribute('aria-expanded')).toBe('false');
  });

  it.each([
    ['a picture', 'https://example.test/dropin-uploads/tourmaster-receipt/3/a.png', false],
    ['a PDF', 'https://example.test/dropin-uploads/tourmaster-receipt/3/b.pdf', true],
  ])('keeps the receipt (%s) above the rows, from our props and from the markup alone', (_, url, pdf) => {
    const payment = {
      amount: '$97.01',
      submissionDate: 'November 21, 2026 11:30 pm',
      method: 'receipt',
      methodLabel: 'Bank Transfer',
      transactionId: 'BANK-1',
      status: 'Pending',
      date: '2026-11-21',
      fileUrl: url,
    };
    const page = String(
      bookingSingle({
        ...({} as Parameters<typeof bookingSingle>[0]),
        status: 'receipt-submitted',
        contact: [],
        billing: [],
        travellers: [],
        breakdown: '',
        total: '',
        payments: [payment],
      }),
    );
    const bare = page.replace(/<script[^>]*data-island-props[^>]*>[\s\S]*?<\/script>/g, '');
    expect(page).toContain('data-island-props');
    expect(bare).not.toContain('data-island-props');
    for (const markup of [page, bare]) {
      document.body.innerHTML = markup;
      const item = document.querySelector('.tourmaster-deposit-item') as HTMLElement;
      expect(depositItemFromMarkup(item).receipt).toEqual({ url, pdf });
      act(() => {
        unmount = mount(item);
      });
      const link = item.querySelector('.tourmaster-my-booking-single-payment-receipt > a') as HTMLAnchorElement;
      expect(link.getAttribute('href')).toBe(url);
      expect(link.querySelector('img')?.getAttribute('src') ?? null).toBe(pdf ? null : url);
      expect(link.textContent).toBe(pdf ? 'Download' : '');
      expect(item.querySelector('.tourmaster-deposit-item-content')?.firstElementChild).toBe(link.parentElement);
      unmount?.();
      unmount = undefined;
    }
  });
});
