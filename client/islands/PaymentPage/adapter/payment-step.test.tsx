import { describe, expect, it } from 'vitest';
import { PaymentStepProps } from '../../../common/islands/payment-step';
import { capturedReply } from '../../../testing/admin-ajax';
import { $, capturedPage, edited, legacyPage } from '../../../testing/legacy-markup';
import { adaptPage, adaptReply } from '../adapter';

/**
 * The adapter reads WordPress's payment step (the captured step-3 replies' `content` and pages'
 * `#tourmaster-tour-payment-content`) into PaymentStepProps. What no capture has (services, PayPal's
 * JS SDK, the login lightbox, WooCommerce) is the captured content with that part printed as the
 * plugin prints it (payment.md §2.2).
 */

const IMAGES = 'http://127.0.0.1:8080/wp-content/plugins/tourmaster/images';

const TERMS = {
  termsUrl: 'http://127.0.0.1:8080/terms-of-service/',
  privacyUrl: 'http://127.0.0.1:8080/privacy-policy/',
  sentence: {
    before: '* I agree with ',
    terms: 'Terms of Service',
    between: ' and ',
    privacy: 'Privacy Statement',
    after: '.',
  },
  message: 'Please agree to all the terms and conditions before proceeding to the next step.',
};

const CARD_TYPES = ['visa', 'master-card', 'american-express', 'jcb'].map((t) => ({
  src: `${IMAGES}/${t}.png`,
  alt: t,
}));

const replyContent = (name: string) => (capturedReply(name) as { content: string }).content;

/** The payment step of `content` read as a reply's, checked against the schema. */
function readStep(content: string): PaymentStepProps {
  const props = adaptReply(content, 3);
  expect(props.contact).toBeUndefined();
  if (!props.payment) throw new Error('no payment step read');
  expect(PaymentStepProps.parse(props.payment)).toEqual(props.payment);
  return props.payment;
}

describe('the payment step adapter on WordPress’s replies', () => {
  it('reads a guest’s step 3 (santorini): the details as printed, both gateways, "Book now via email"', () => {
    const content = replyContent('payment_template-fixed-santorini-greece25-s3');
    const step = readStep(content);
    expect(step.services).toBeUndefined();
    expect(step.details).toMatch(
      /^<div class="tourmaster-payment-contact-detail-wrap clearfix tourmaster-item-rvpdlr">/,
    );
    expect(step.details).toContain('<span class="tourmaster-tail">Late arrival</span>');
    expect(step.details).toContain('Mrs Elena Rossi');
    expect(step.details).not.toContain('tourmaster-payment-method-wrap');
    expect(step.methods).toEqual({
      layout: 'both',
      title: 'Please select a payment method',
      bankTransferNote: false,
      terms: TERMS,
      gateways: {
        imagesUrl: IMAGES,
        woocommerce: false,
        paypal: { feeText: 'Additional 3% is charged for PayPal payment.' },
        card: { gateway: 'stripe', feeText: '', cardTypes: CARD_TYPES },
        hipay: false,
      },
      or: true,
      bookLater: { label: 'Book now via email' },
    });
  });

  it('reads a member’s step 3: the bank transfer note and "Book and pay later"', () => {
    const step = readStep(replyContent('payment_template-s4-logged-in-santorini-s3'));
    expect(step.methods).toMatchObject({
      bankTransferNote: true,
      or: true,
      bookLater: { label: 'Book and pay later' },
    });
    expect(step.methods?.bookLater?.login).toBeUndefined();
  });

  it('finds no payment step in the contact step’s content nor in the completion', () => {
    expect(adaptReply(replyContent('payment_template-fixed-santorini-s2'), 2).payment).toBeUndefined();
    expect(adaptReply(replyContent('payment_template-s4-customer1-pay-later'), 4).payment).toBeUndefined();
  });

  it('reads the services: price, per what, the amount typed, the chosen and the mandatory ones', () => {
    const form =
      '<div class="tourmaster-payment-service-form-wrap" ><h3 class="tourmaster-payment-service-form-title" >Please select your preferred additional services.</h3><div class="tourmaster-payment-service-form-item-wrap" >' +
      '<div class="tourmaster-payment-service-form-item" ><input type="checkbox" name="service[]" value="20" checked onclick="return false;" /><span class="tourmaster-payment-service-form-item-title" >Port Tax</span><span class="tourmaster-payment-service-form-price-wrap" ><span class="tourmaster-head" >$5</span><span class="tourmaster-tail tourmaster-type-person" ><span class="tourmaster-sep" >/</span>Person<input type="hidden" name="service-amount[]" value="1" /></span></span></div>' +
      '<div class="tourmaster-payment-service-form-item" ><input type="checkbox" name="service[]" value="21" checked /><span class="tourmaster-payment-service-form-item-title" >Kayak</span><span class="tourmaster-payment-service-form-price-wrap" ><span class="tourmaster-head" >$25.50</span><span class="tourmaster-tail tourmaster-type-unit" ><span class="tourmaster-sep" >x</span><input type="text" name="service-amount[]"  value="3"  data-max-unit="4"  /></span></span></div>' +
      '<div class="tourmaster-payment-service-form-item" ><input type="checkbox" name="service[]" value="22"  /><span class="tourmaster-payment-service-form-item-title" >Transfer</span><span class="tourmaster-payment-service-form-price-wrap" ><span class="tourmaster-head" >$40</span><span class="tourmaster-tail tourmaster-type-group" ><span class="tourmaster-sep" >/</span>Group<input type="hidden" name="service-amount[]" value="1" /></span></span></div>' +
      '</div></div>';
    const step = readStep(`${form}${replyContent('payment_template-s3-santorini')}`);
    expect(step.services).toEqual([
      {
        id: '20',
        title: 'Port Tax',
        price: '$5',
        per: 'person',
        perLabel: 'Person',
        unit: false,
        amount: '1',
        chosen: true,
        mandatory: true,
      },
      {
        id: '21',
        title: 'Kayak',
        price: '$25.50',
        per: 'unit',
        unit: true,
        amount: '3',
        maxUnit: '4',
        chosen: true,
        mandatory: false,
      },
      {
        id: '22',
        title: 'Transfer',
        price: '$40',
        per: 'group',
        perLabel: 'Group',
        unit: false,
        amount: '1',
        chosen: false,
        mandatory: false,
      },
    ]);
    // A tour whose services are all gone still prints the box.
    const empty = readStep(
      `${form.replace(/<div class="tourmaster-payment-service-form-item" >.*?<\/span><\/span><\/div>/g, '')}${replyContent('payment_template-s3-santorini')}`,
    );
    expect(empty.services).toEqual([]);
  });

  it('reads PayPal’s JS SDK box and the login lightbox a guest gets where booking by e-mail is off', () => {
    const login = $(legacyPage('payment-step3-review-payment'), '[data-tmlb-id="login"] .tourmaster-lightbox-content');
    const content = edited(replyContent('payment_template-fixed-santorini-greece25-s3'), (box) => {
      const paypal = $(box, '.tourmaster-payment-paypal');
      $(box, '.tourmaster-payment-gateway').insertAdjacentHTML(
        'beforebegin',
        '<div class="tourmaster-paypal-jssdk-payment-form" ><div id="paypal-button-container" ></div><div class="tourmaster-payment-paypal-service-fee-text" >Additional 3% is charged for PayPal payment.</div></div>',
      );
      paypal.remove();
      $(box, '.tourmaster-payment-method-booking').innerHTML =
        '<a class="tourmaster-button tourmaster-payment-method-booking-button" data-tmlb="book-and-pay-later-login" >Book and pay later</a>' +
        `<div class="tourmaster-lightbox-content-wrap" data-tmlb-id="book-and-pay-later-login" ><div class="tourmaster-lightbox-head" ><h3 class="tourmaster-lightbox-title" >Book now requires an account</h3><i class="tourmaster-lightbox-close icon_close" ></i></div><div class="tourmaster-lightbox-content" >${login.innerHTML}</div></div>`;
    });
    const { methods } = readStep(content);
    expect(methods?.paypalSdk).toEqual({ feeText: 'Additional 3% is charged for PayPal payment.' });
    expect(methods?.gateways?.paypal).toBeUndefined();
    expect(methods?.gateways?.card?.gateway).toBe('stripe');
    expect(methods?.bookLater).toEqual({
      label: 'Book and pay later',
      login: { title: 'Book now requires an account', url: 'http://127.0.0.1:8080/wp-login.php' },
    });
  });

  it('reads WooCommerce’s button, HiPay, the card’s fee, and a block with one online method', () => {
    const content = edited(replyContent('payment_template-s3-santorini'), (box) => {
      const wrap = $(box, '.tourmaster-payment-method-wrap');
      wrap.classList.remove('tourmaster-both-online-payment');
      $(box, '.tourmaster-payment-paypal').remove();
      $(box, '.tourmaster-payment-credit-card-type').insertAdjacentHTML(
        'beforebegin',
        '<div class="tourmaster-payment-credit-card-service-fee-text" >Additional 2% is charged for payment via credit card.</div>',
      );
      $(box, '.tourmaster-payment-gateway').insertAdjacentHTML(
        'afterbegin',
        '<div class="tourmaster-online-payment-method tourmaster-payment-woocommerce tourmaster-center-align" ><a class="tourmaster-button " data-method="ajax" data-action="tourmaster_payment_selected" data-ajax="/wp-admin/admin-ajax.php" data-action-type="woocommerce" >Pay Now</a></div>',
      );
      $(box, '.tourmaster-payment-gateway').insertAdjacentHTML(
        'beforeend',
        `<div class="tourmaster-online-payment-method tourmaster-payment-hipayprofessional" ><img src="${IMAGES}/hipay.png" alt="hipayprofessional" data-method="ajax" data-action-type="hipayprofessional" /></div>`,
      );
    });
    const { methods } = readStep(content);
    expect(methods?.layout).toBe('');
    expect(methods?.gateways).toEqual({
      imagesUrl: IMAGES,
      woocommerce: true,
      card: {
        gateway: 'stripe',
        feeText: 'Additional 2% is charged for payment via credit card.',
        cardTypes: CARD_TYPES,
      },
      hipay: true,
    });
  });
});

describe('the payment step adapter on WordPress’s pages', () => {
  it('reads the meteora page at step 3 with its sidebar', () => {
    const marker = $(capturedPage('page-payment-room-meteora-2-rooms-step3'), '#tourmaster-payment-template-wrapper');
    const props = adaptPage(marker, 3);
    expect(PaymentStepProps.parse(props.payment)).toEqual(props.payment);
    expect(props.payment?.details).toContain('Traveller 1 :');
    expect(props.payment?.methods).toMatchObject({ layout: 'both', terms: TERMS, or: true });
    expect(props.sidebar?.people?.rooms).toBe(true);
    expect(props.sidebar?.breakdown.rooms).toHaveLength(2);
  });

  it('reads the page of an order the visitor pays: the methods, no services', () => {
    const marker = $(capturedPage('page-payment-tid-own-order'), '#tourmaster-payment-template-wrapper');
    const { payment } = adaptPage(marker, 3);
    expect(payment?.services).toBeUndefined();
    expect(payment?.details).toContain('Mr Giorgos Papadopoulos');
    expect(payment?.methods).toMatchObject({ bankTransferNote: true, bookLater: { label: 'Book and pay later' } });
  });
});
