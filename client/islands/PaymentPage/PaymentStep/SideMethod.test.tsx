import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cardImages, termsProps } from '../../../../server/views/payment/payment-step-props';
import { sidePaymentMethod } from '../../../../server/views/payment/side-method';
import type { SideMethodProps } from '../../../common/islands/payment-sidebar';
import { htmlShape, markupShape } from '../../../testing/legacy-markup';
import { SideMethod } from './SideMethod';

const CHOICES = [
  { value: 'paypal', label: 'Paypal' },
  { value: 'authorize', label: 'Credit Card' },
];
const METHOD: SideMethodProps = {
  cardTypes: cardImages('/img', ['visa', 'amex']),
  terms: termsProps('/terms/', '/privacy/'),
  woocommerce: false,
  choices: CHOICES,
};
const TERMS = { agreed: true, invalid: false, onAgree: () => {} };

function renderSide(method: SideMethodProps, busy = false) {
  const actions = { onPay: vi.fn(), onBookLater: vi.fn() };
  const view = render(<SideMethod method={method} terms={TERMS} busy={busy} {...actions} />);
  return { ...view, ...actions };
}

describe('SideMethod', () => {
  it.each<[string, SideMethodProps]>([
    ['online methods', METHOD],
    ['no online method', { ...METHOD, choices: [], cardTypes: [] }],
    ['WooCommerce', { ...METHOD, woocommerce: true, choices: [] }],
  ])("the server's markup: %s", (_, method) => {
    const { container } = renderSide(method);
    expect(markupShape(container)).toEqual(htmlShape(sidePaymentMethod(method).value));
  });

  it('"Pay Now" pays with the method selected; "Book And Pay Later" books', async () => {
    const { onPay, onBookLater } = renderSide(METHOD);
    const select = screen.getByRole('combobox', { name: 'Payment Method' });
    expect(select).toHaveProperty('value', 'paypal');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(onPay).toHaveBeenLastCalledWith('paypal');
    await userEvent.selectOptions(select, 'Credit Card');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(onPay).toHaveBeenLastCalledWith('authorize');
    await userEvent.click(screen.getByRole('button', { name: 'Book And Pay Later' }));
    expect(onBookLater).toHaveBeenCalledTimes(1);
  });

  it('without an online method "Pay Now" does nothing; while busy nothing does', async () => {
    const none = renderSide({ ...METHOD, choices: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(none.onPay).not.toHaveBeenCalled();
    none.unmount();
    const busy = renderSide(METHOD, true);
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book And Pay Later' }));
    expect(busy.onPay).not.toHaveBeenCalled();
    expect(busy.onBookLater).not.toHaveBeenCalled();
  });

  it('WooCommerce: its Pay Now alone, paying with WooCommerce', async () => {
    const { onPay } = renderSide({ ...METHOD, woocommerce: true, choices: [] });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book And Pay Later' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(onPay).toHaveBeenCalledWith('woocommerce');
  });
});
