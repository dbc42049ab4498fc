import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_FORMAT } from '../../../../server/tourmaster/money';
import { html } from '../../../../server/views/html';
import { paymentStepProps } from '../../../../server/views/payment/payment-step-props';
import { PaymentStepContent } from './PaymentStepContent';
import { serviceChoices } from './service-choices';

const METHODS = {
  methods: { methods: ['booking'], woocommerce: false, paypal: false, creditCard: false, hipay: false, booking: true },
  loggedIn: true,
  termsUrl: '/terms/',
  privacyUrl: '/privacy/',
  blocked: false,
  imagesUrl: '/img',
  paypalFee: '',
  creditCardFee: '',
  cardTypes: [],
  cardGateway: '',
  paypalSdk: false,
  bookingViaEmail: true,
  loginUrl: '/login/',
};
const DETAILS = html`<div class="tourmaster-payment-contact-wrap"><span class="tourmaster-tail">Ana</span></div>`;
const ACTIONS = { busy: false, onPay: () => {}, onBookLater: () => {}, onServices: () => {} };
const TERMS = { agreed: false, invalid: false, onAgree: () => {} };

describe('PaymentStepContent', () => {
  it('services, then the details as the server printed them, then the methods', () => {
    const step = paymentStepProps({
      services: {
        items: [{ id: '20', title: 'Lunch', option: { price: '15', per: 'person' } }],
        chosen: new Map(),
        format: DEFAULT_MONEY_FORMAT,
      },
      details: DETAILS,
      methods: METHODS,
    });
    const { container } = render(
      <PaymentStepContent step={step} choices={serviceChoices(step.services ?? [])} terms={TERMS} {...ACTIONS} />,
    );
    expect([...container.children].map((el) => el.className)).toEqual([
      'tourmaster-payment-service-form-wrap',
      'tourmaster-summary-info-outer',
      'tourmaster-payment-method-wrap tourmaster-none-online-payment',
    ]);
    expect(container.querySelector('.tourmaster-summary-info-outer')?.innerHTML).toBe(DETAILS.value);
    expect(screen.getByRole('checkbox', { name: 'Lunch' })).toBeTruthy();
  });

  it('style-2, no services: the details alone', () => {
    const step = paymentStepProps({ details: DETAILS });
    const { container } = render(<PaymentStepContent step={step} choices={[]} terms={TERMS} {...ACTIONS} />);
    expect([...container.children].map((el) => el.className)).toEqual(['tourmaster-summary-info-outer']);
    expect(screen.getByText('Ana')).toBeTruthy();
  });
});
