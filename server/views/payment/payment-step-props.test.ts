import { describe, expect, it } from 'vitest';
import { MethodBlockProps, PaymentStepProps, SideMethodProps } from '../../../client/common/islands/payment-step';
import { AGREE_SENTENCE } from '../../../client/common/islands/terms-sentence';
import { DEFAULT_MONEY_FORMAT } from '../../tourmaster/money';
import type { PaymentMethods } from '../../tourmaster/payment-page';
import { html } from '../html';
import { type MethodBlockInput, methodBlockProps, paymentStepProps, sideMethodProps } from './payment-step-props';
import { serviceItems } from './service-props';

function methods(...list: string[]): PaymentMethods {
  return {
    methods: list,
    woocommerce: list.includes('woocommerce'),
    paypal: list.includes('paypal'),
    creditCard: list.includes('credit-card'),
    hipay: list.includes('hipayprofessional'),
    booking: list.includes('booking'),
  };
}

function input(over: Partial<MethodBlockInput> = {}): MethodBlockInput {
  return {
    methods: methods('booking', 'paypal', 'credit-card'),
    loggedIn: true,
    termsUrl: '/terms/',
    privacyUrl: '/privacy/',
    blocked: false,
    imagesUrl: '/img',
    paypalFee: '',
    creditCardFee: '3',
    cardTypes: ['visa', 'master-card'],
    cardGateway: 'stripe',
    paypalSdk: false,
    bookingViaEmail: true,
    loginUrl: '/login/',
    ...over,
  };
}

describe('serviceItems', () => {
  const items = serviceItems({
    items: [
      { id: '20', title: 'Lunch', option: { price: '15', per: 'person' } },
      { id: '21', title: 'Kayak', option: { price: '25.5', per: 'unit', 'max-unit': '4' } },
      { id: '22', title: 'Boat', option: { price: '100', per: 'group' } },
      { id: '23', title: 'Cot', option: { price: '5', per: 'room', mandatory: 'enable' } },
      { id: '24', title: 'Bike', option: { price: '8', per: 'unit' } },
    ],
    chosen: new Map([
      ['21', '3'],
      ['22', '1'],
    ]),
    format: DEFAULT_MONEY_FORMAT,
  });

  it('prices per person, group and room with their label; a unit with its amount and maximum', () => {
    const [lunch, kayak, boat, cot, bike] = items;
    expect(lunch).toEqual({
      id: '20',
      title: 'Lunch',
      price: '$15',
      per: 'person',
      perLabel: 'Person',
      unit: false,
      amount: '1',
      chosen: false,
      mandatory: false,
    });
    expect(kayak).toMatchObject({ per: 'unit', unit: true, amount: '3', maxUnit: '4', chosen: true, price: '$25.50' });
    expect(kayak).not.toHaveProperty('perLabel');
    expect(boat).toMatchObject({ perLabel: 'Group', chosen: true, amount: '1' });
    expect(cot).toMatchObject({ perLabel: 'Room', mandatory: true, chosen: true });
    expect(bike).toMatchObject({ unit: true, amount: '1', chosen: false });
    expect(bike).not.toHaveProperty('maxUnit');
  });

  it('fits the schema', () => {
    const step = paymentStepProps({
      services: { items: [], chosen: new Map(), format: DEFAULT_MONEY_FORMAT },
      details: html`<b>x</b>`,
    });
    expect(PaymentStepProps.parse(step)).toEqual({ services: [], details: '<b>x</b>' });
  });
});

describe('methodBlockProps', () => {
  it('two online methods, a member: both layout, bank note, OR and book later', () => {
    const props = methodBlockProps(input());
    expect(MethodBlockProps.parse(props)).toEqual(props);
    expect(props).toMatchObject({
      layout: 'both',
      title: 'Please select a payment method',
      bankTransferNote: true,
      or: true,
      bookLater: { label: 'Book and pay later' },
    });
    expect(props.terms).toEqual({
      termsUrl: '/terms/',
      privacyUrl: '/privacy/',
      sentence: AGREE_SENTENCE,
      message: 'Please agree to all the terms and conditions before proceeding to the next step.',
    });
    expect(props.gateways).toEqual({
      imagesUrl: '/img',
      woocommerce: false,
      paypal: { feeText: '' },
      card: {
        gateway: 'stripe',
        feeText: 'Additional 3% is charged for payment via credit card.',
        cardTypes: [
          { src: '/img/visa.png', alt: 'visa' },
          { src: '/img/master-card.png', alt: 'master-card' },
        ],
      },
      hipay: false,
    });
  });

  it('no method: none layout, "Book Now", no gateways, no OR', () => {
    const props = methodBlockProps(input({ methods: methods() }));
    expect(props).toMatchObject({
      layout: 'none',
      title: 'Book now and we will contact you back',
      bankTransferNote: false,
      or: false,
      bookLater: { label: 'Book Now' },
    });
    expect(props.gateways).toBeUndefined();
  });

  it('one online method without booking: no book later', () => {
    const props = methodBlockProps(input({ methods: methods('hipayprofessional') }));
    expect(props).toMatchObject({ layout: '', or: false, gateways: { hipay: true } });
    expect(props.bookLater).toBeUndefined();
  });

  it('admin approval first: no gateways, no OR', () => {
    const props = methodBlockProps(input({ blocked: true }));
    expect(props.gateways).toBeUndefined();
    expect(props.or).toBe(false);
    expect(props.bookLater).toEqual({ label: 'Book and pay later' });
  });

  it("PayPal's JS SDK replaces its image", () => {
    const props = methodBlockProps(input({ paypalSdk: true, paypalFee: '4' }));
    expect(props.paypalSdk).toEqual({ feeText: 'Additional 4% is charged for PayPal payment.' });
    expect(props.gateways?.paypal).toBeUndefined();
  });

  it('guests: via email, or the login lightbox', () => {
    expect(methodBlockProps(input({ loggedIn: false })).bookLater).toEqual({ label: 'Book now via email' });
    expect(methodBlockProps(input({ loggedIn: false })).bankTransferNote).toBe(false);
    const login = methodBlockProps(input({ loggedIn: false, bookingViaEmail: false, loginUrl: '/?page_id=9' }));
    expect(login.bookLater).toEqual({
      label: 'Book and pay later',
      login: { title: 'Book now requires an account', url: '/?page_id=9&redirect=payment' },
    });
    const none = methodBlockProps(input({ methods: methods(), loggedIn: false, bookingViaEmail: false }));
    expect(none.bookLater).toEqual({
      label: 'Book Now',
      login: { title: 'Book and pay later requires an account', url: '/login/?redirect=payment' },
    });
  });
});

describe('sideMethodProps', () => {
  it('the online methods as choices, in order; admin approval is ignored', () => {
    const props = sideMethodProps(
      input({
        methods: methods('booking', 'paypal', 'credit-card', 'hipayprofessional'),
        blocked: true,
        cardGateway: 'authorize',
      }),
    );
    expect(SideMethodProps.parse(props)).toEqual(props);
    expect(props.choices).toEqual([
      { value: 'paypal', label: 'Paypal' },
      { value: 'authorize', label: 'Credit Card' },
      { value: 'hipayprofessional', label: 'Hipayprofessional' },
    ]);
    expect(props.woocommerce).toBe(false);
    expect(props.cardTypes).toHaveLength(2);
  });

  it('WooCommerce', () => {
    const props = sideMethodProps(input({ methods: methods('woocommerce', 'booking'), cardTypes: [] }));
    expect(props).toMatchObject({ woocommerce: true, choices: [], cardTypes: [] });
  });
});
