import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentMethods } from '../../../../server/tourmaster/payment-page';
import { paymentMethodBlock } from '../../../../server/views/payment/method-block';
import { type MethodBlockInput, methodBlockProps } from '../../../../server/views/payment/payment-step-props';
import { htmlShape, markupShape } from '../../../testing/legacy-markup';
import { MethodBlock } from './MethodBlock';

function methods(...list: string[]): PaymentMethods {
  const has = (name: string) => list.includes(name);
  return {
    methods: list,
    woocommerce: has('woocommerce'),
    paypal: has('paypal'),
    creditCard: has('credit-card'),
    hipay: has('hipayprofessional'),
    booking: has('booking'),
  };
}

const BASE: MethodBlockInput = {
  methods: methods('booking', 'paypal', 'credit-card', 'hipayprofessional'),
  loggedIn: true,
  termsUrl: '/terms/',
  privacyUrl: '/privacy/',
  blocked: false,
  imagesUrl: '/img',
  paypalFee: '2',
  creditCardFee: '3',
  cardTypes: ['visa'],
  cardGateway: 'stripe',
  paypalSdk: false,
  bookingViaEmail: false,
  loginUrl: '/login/',
};
const TERMS = { agreed: false, invalid: false, onAgree: () => {} };

function renderBlock(over: Partial<MethodBlockInput>, busy = false) {
  const actions = { onPay: vi.fn(), onBookLater: vi.fn(), paypalRef: vi.fn() };
  const props = methodBlockProps({ ...BASE, ...over });
  const view = render(<MethodBlock methods={props} terms={TERMS} busy={busy} {...actions} />);
  return { ...view, ...actions, html: paymentMethodBlock(props, '/wp-admin/admin-ajax.php').value };
}

describe('MethodBlock', () => {
  it.each<[string, Partial<MethodBlockInput>]>([
    ['every gateway, a member', {}],
    ['WooCommerce', { methods: methods('woocommerce', 'booking') }],
    ["PayPal's JS SDK, no method but it", { methods: methods('paypal'), paypalSdk: true }],
    ['no method, a guest who logs in first', { methods: methods(), loggedIn: false }],
    ['admin approval first, a guest booking by e-mail', { blocked: true, loggedIn: false, bookingViaEmail: true }],
  ])("the server's markup: %s", (_, over) => {
    const { container, html } = renderBlock(over);
    expect(markupShape(container)).toEqual(htmlShape(html));
  });

  it('gateways are buttons named for what they do; a click or Enter/Space pays with their type', async () => {
    const { onPay } = renderBlock({});
    await userEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    expect(onPay).toHaveBeenLastCalledWith('paypal');
    screen.getByRole('button', { name: 'Pay by credit card' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onPay).toHaveBeenLastCalledWith('stripe');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Pay with Hipay' }), { key: ' ' });
    expect(onPay).toHaveBeenLastCalledWith('hipayprofessional');
    expect(screen.getByText('Additional 2% is charged for PayPal payment.')).toBeTruthy();
  });

  it('WooCommerce pays with its type; book and pay later books', async () => {
    const { onPay, onBookLater } = renderBlock({ methods: methods('woocommerce', 'booking') });
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(onPay).toHaveBeenCalledWith('woocommerce');
    await userEvent.click(screen.getByRole('button', { name: 'Book and pay later' }));
    expect(onBookLater).toHaveBeenCalledTimes(1);
  });

  it('while busy the buttons are disabled and do nothing', async () => {
    const { onPay, onBookLater } = renderBlock({}, true);
    const paypal = screen.getByRole('button', { name: 'Pay with PayPal' });
    expect(paypal.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(paypal);
    await userEvent.click(screen.getByRole('button', { name: 'Book and pay later' }));
    expect(onPay).not.toHaveBeenCalled();
    expect(onBookLater).not.toHaveBeenCalled();
  });

  it("PayPal's JS SDK: its container is given to the page", () => {
    const { paypalRef, container } = renderBlock({ methods: methods('paypal'), paypalSdk: true });
    const box = container.querySelector('#paypal-button-container');
    expect(box).not.toBeNull();
    expect(paypalRef).toHaveBeenCalledWith(box);
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
  });

  it("a guest who must log in first: the button opens the template's copy as a dialog", async () => {
    const { onBookLater } = renderBlock({ loggedIn: false });
    const opener = screen.getByRole('button', { name: 'Book and pay later' });
    expect(opener.getAttribute('data-tmlb')).toBe('book-and-pay-later-login');
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Book now requires an account' });
    expect(dialog.querySelector('a.tourmaster-button')?.getAttribute('href')).toBe('/login/?redirect=payment');
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(onBookLater).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(opener.getAttribute('aria-expanded')).toBe('false'));
  });
});
