import { describe, expect, it } from 'vitest';
import { SidebarProps } from '../../../common/islands/payment-sidebar';
import { capturedReply } from '../../../testing/admin-ajax';
import { $, capturedPage, edited } from '../../../testing/legacy-markup';
import { adaptPage, adaptReply } from '../adapter';

/**
 * The adapter reads WordPress's sidebar (the captured replies' `sidebar` and the captured pages'
 * `#tourmaster-tour-booking-bar-inner`) into SidebarProps: each result is a valid SidebarProps
 * and holds the amounts and labels the plugin printed. Style-2 was never captured: its sidebars
 * are the captured ones with their boxes moved where style-2 prints them (payment.md §2.2).
 */

interface Reply {
  content?: string;
  sidebar: string;
}

/** The sidebar of `html` read as a reply's, checked against the schema. */
function readSidebar(html: string, content = ''): SidebarProps {
  const sidebar = adaptReply(content, 3, html).sidebar;
  if (!sidebar) throw new Error('no sidebar read');
  expect(SidebarProps.parse(sidebar)).toEqual(sidebar);
  return sidebar;
}

const replySidebar = (name: string) => (capturedReply(name) as Reply).sidebar;

const TAX = { taxRate: '9%' };

describe('the sidebar adapter on WordPress’s replies', () => {
  it('reads the fixed santorini booking at step 2: date and its edit form, travellers, coupon box, Next Step', () => {
    expect(readSidebar(replySidebar('payment_template-fixed-santorini-s2'))).toEqual({
      style2: false,
      title: 'Santorini Caldera Sunset Cruise',
      info: [{ kind: 'travel-date', head: 'Travel Date', value: 'May 22, 2027' }],
      editUrl: 'http://127.0.0.1:8080/tour/santorini-caldera-sunset-cruise/',
      people: { rooms: false, groups: [{ variable: false, rows: [{ type: '', head: 'Traveller', value: '2' }] }] },
      coupon: { code: '', tourId: '4', tid: '', ajaxUrl: 'http://127.0.0.1:8080/wp-admin/admin-ajax.php' },
      breakdown: {
        base: [{ head: 'Traveller Base Price', tail: '$240.00', detail: '2 x $120' }],
        rooms: [],
        services: [],
        subTotal: '$240.00',
        couponAfterTax: false,
        ...TAX,
        taxDue: '$21.60',
      },
      total: {
        partial: false,
        offerChoice: true,
        depositPercent: 30,
        lines: [],
        payAmount: '$261.60',
        deposit: { lines: [], title: '30% Deposit ', price: '$78.48' },
      },
      nextStep: true,
      vars: { totalPrice: '261.6' },
    });
  });

  it('reads the variable athens booking at step 3: a row per category, a base price per category', () => {
    const { content, sidebar } = capturedReply('payment_template-variable-athens-s3') as Reply;
    const props = readSidebar(sidebar, content);
    expect(props.people).toEqual({
      rooms: false,
      groups: [
        {
          variable: true,
          rows: [
            { type: 'adult', head: 'Adult', value: '2' },
            { type: 'children', head: 'Children', value: '1' },
            { type: 'student', head: 'Student', value: '1' },
            { type: 'infant', head: 'Infant', value: '1' },
          ],
        },
      ],
    });
    expect(props.breakdown.base).toEqual([
      { head: 'Adult Base Price', tail: '$130.00', detail: '2 x $65' },
      { head: 'Child Base Price', tail: '$35.00', detail: '1 x $35' },
      { head: 'Student Base Price', tail: '$50.00', detail: '1 x $50' },
      { head: 'Infant Base Price', tail: '$0.00', detail: '1 x $0' },
    ]);
    expect(props.breakdown).toMatchObject({ subTotal: '$215.00', taxDue: '$19.35' });
    expect(props.total.payAmount).toBe('$234.35');
    // Step 3: nothing to edit.
    expect(props.editUrl).toBeUndefined();
    expect(props.coupon).toBeUndefined();
    expect(props.nextStep).toBe(false);
  });

  it('reads the meteora booking in two rooms with SUMMER10: end date, period, rooms and the coupon rows', () => {
    const props = readSidebar(replySidebar('payment_template-room-meteora-2-rooms-summer10-update-sidebar'));
    expect(props.info).toEqual([
      { kind: 'travel-date', head: 'Travel Date', value: 'June 11, 2027' },
      { kind: 'end-date', head: 'End Date', value: 'June 13, 2027' },
      { kind: 'period', head: 'Period', value: '3 Days' },
    ]);
    const room = { variable: false, rows: [{ type: '', head: 'Traveller', value: '3' }] };
    expect(props.people).toEqual({ rooms: true, groups: [room, room] });
    const lines = [
      { head: 'Room Base Price :', tail: '$780.00' },
      { head: 'Additional Traveller :', tail: '$330.00', detail: '1 x $330' },
    ];
    expect(props.breakdown.rooms).toEqual([
      { head: 'Room 1 :', travellers: '3 Traveller ', lines },
      { head: 'Room 2 :', travellers: '3 Traveller ', lines },
    ]);
    expect(props.breakdown).toMatchObject({
      subTotal: '$2,220.00',
      coupon: { code: 'SUMMER10', text: '10%', amount: '$222.00' },
      couponAfterTax: false,
      taxDue: '$179.82',
    });
    expect(props.total.payAmount).toBe('$2,177.82');
  });

  it('reads the crete group booking: no travellers, the group price as the one base line', () => {
    const props = readSidebar(replySidebar('payment_template-group-crete-s2'));
    expect(props.people).toBeUndefined();
    expect(props.breakdown.base).toEqual([{ head: 'Group Price :', tail: '$900.00' }]);
    expect(props.coupon).toMatchObject({ tourId: '6', tid: '' });
    expect(props.editUrl).toBe('http://127.0.0.1:8080/tour/crete-samaria-gorge-private-hike/');
    expect(props.total).toMatchObject({ payAmount: '$981.00', deposit: { price: '$294.30' } });
  });

  it('reads the rhodes deposit chosen with GREECE25: partial, its deposit, the coupon without text', () => {
    const props = readSidebar(replySidebar('payment_template-deposit-rhodes-partial-greece25-update-sidebar'));
    expect(props.title).toBe('Rhodes Medieval Town & Lindos Acropolis');
    expect(props.breakdown.coupon).toEqual({ code: 'GREECE25', text: '', amount: '$25.00' });
    expect(props.total).toEqual({
      partial: true,
      offerChoice: true,
      depositPercent: 30,
      lines: [],
      payAmount: '$113.36',
      deposit: { lines: [], title: '30% Deposit ', price: '$34.01' },
    });
    expect(props.vars).toEqual({ totalPrice: '113.36' });
  });

  it('reads the fee of a gateway chosen for a new order, and the order’s id its script sets', () => {
    const props = readSidebar(replySidebar('payment_selected-paypal-new'));
    expect(props.total).toMatchObject({
      partial: false,
      offerChoice: false,
      depositPercent: 0,
      lines: [],
      fee: { head: 'Paypal Fee (3%)', tail: '$7.85' },
      payAmount: '$269.45',
    });
    expect(props.vars).toEqual({ transactionId: '14', totalPrice: '261.6' });
  });

  it('tells the coupon after tax from the order of its rows', () => {
    const sidebar = edited(replySidebar('payment_template-fixed-santorini-greece25-update-sidebar'), (box) => {
      const summary = $(box, '.tourmaster-price-breakdown-summary');
      summary.append(
        $(box, '.tourmaster-price-breakdown-coupon-code'),
        $(box, '.tourmaster-price-breakdown-coupon-amount'),
      );
    });
    expect(readSidebar(sidebar).breakdown).toMatchObject({ coupon: { code: 'GREECE25' }, couponAfterTax: true });
  });

  it('reads PayPal’s SDK and amounts from the scripts, without running them', () => {
    const sdk =
      '<script src="https://www.paypal.com/sdk/js?client-id=abc-123&currency=USD&disable-funding=card"></script>' +
      '<script>window.tourmaster_paypal_currency_code="USD"; window.tourmaster_paypal_full_amount="269.45"; ' +
      'window.tourmaster_paypal_deposit_amount="80.83"; window.tourmaster_payment_type="full"; ' +
      'window.tourmaster_paypal_pay_amount = window.tourmaster_paypal_full_amount; </script>';
    const props = readSidebar(`${replySidebar('payment_template-fixed-santorini-update-sidebar')}${sdk}`);
    expect(props.vars.paypal).toEqual({
      sdkUrl: 'https://www.paypal.com/sdk/js?client-id=abc-123&currency=USD&disable-funding=card',
      clientId: 'abc-123',
      currency: 'USD',
      fullAmount: '269.45',
      depositAmount: '80.83',
      paymentType: 'full',
    });
    expect((window as unknown as Record<string, unknown>).tourmaster_paypal_full_amount).toBeUndefined();
  });
});

describe('the sidebar adapter on WordPress’s pages', () => {
  const marker = (name: string) => $(capturedPage(name), '#tourmaster-payment-template-wrapper');

  it('reads an order partly paid: total, paid and remaining above the total, its id from the script', () => {
    const { sidebar } = adaptPage(marker('page-payment-tid-own-order'), 3);
    expect(SidebarProps.parse(sidebar)).toEqual(sidebar);
    expect(sidebar?.total).toEqual({
      partial: false,
      offerChoice: false,
      depositPercent: 0,
      lines: [
        { head: 'Total Amount', tail: '$523.20' },
        { head: 'Paid Amount', tail: '$480.00' },
        { head: 'Remaining Amount', tail: '$43.20' },
      ],
      payAmount: '$43.20',
    });
    expect(sidebar?.vars).toEqual({ transactionId: '1', totalPrice: '523.2' });
  });

  it('tells a gateway’s fee after the paid lines from them', () => {
    const bar = $(marker('page-payment-tid-own-order'), '#tourmaster-tour-booking-bar-inner');
    const fee =
      '<div class="clear"></div><span class="tourmaster-tour-booking-bar-total-price-info-title" >Credit Card Fee (2.5%)</span>' +
      '<span class="tourmaster-tour-booking-bar-total-price-info-content" >$1.08</span>';
    const remaining = [...bar.querySelectorAll('.tourmaster-tour-booking-bar-total-price-info-content')][2];
    remaining?.insertAdjacentHTML('afterend', fee);
    const props = readSidebar(bar.innerHTML);
    expect(props.total.lines.map((l) => l.head)).toEqual(['Total Amount', 'Paid Amount', 'Remaining Amount']);
    expect(props.total.fee).toEqual({ head: 'Credit Card Fee (2.5%)', tail: '$1.08' });
  });

  it('reads the rhodes page at step 2 and tells style-2 from the page', () => {
    const page = marker('page-payment-deposit-rhodes-partial-step2');
    const { sidebar } = adaptPage(page, 2);
    expect(sidebar).toMatchObject({
      style2: false,
      editUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:8080\/tour\//),
      coupon: { tourId: '10' },
      nextStep: true,
      total: { partial: false, payAmount: '$356.43', deposit: { title: '30% Deposit ', price: '$106.93' } },
    });
    page
      .closest('#tourmaster-page-wrapper')
      ?.classList.replace('tourmaster-payment-style-1', 'tourmaster-payment-style-2');
    expect(adaptPage(page, 2).sidebar?.style2).toBe(true);
  });
});

describe('the sidebar adapter on style-2’s markup', () => {
  it('finds the coupon box in the total box, and the deposit box inside it', () => {
    const sidebar = edited(replySidebar('payment_template-fixed-santorini-s2'), (box) => {
      const coupon = $(box, '.tourmaster-tour-booking-bar-coupon-wrap');
      coupon.insertAdjacentHTML('afterbegin', '<span class="tourmaster-head" >Coupon Code :</span>');
      $(coupon, 'input').setAttribute('value', 'GREECE25');
      $(box, '.tourmaster-tour-booking-bar-total-price-container').prepend(coupon);
      $(box, '.tourmaster-tour-booking-bar-total-price-wrap').append(
        $(box, '.tourmaster-tour-booking-bar-deposit-text'),
      );
    });
    const props = readSidebar(sidebar);
    expect(props.style2).toBe(true);
    expect(props.coupon).toEqual({
      code: 'GREECE25',
      tourId: '4',
      tid: '',
      ajaxUrl: 'http://127.0.0.1:8080/wp-admin/admin-ajax.php',
    });
    expect(props.total.deposit).toEqual({ lines: [], title: '30% Deposit ', price: '$78.48' });
  });

  it('reads the payment box at the end of the step-3 sidebar', () => {
    const images = 'http://127.0.0.1:8080/wp-content/plugins/tourmaster/images';
    const side = `<div class="tourmaster-tour-booking-side-payment-wrap tourmaster-form-field" ><h3 class="tourmaster-tour-booking-side-payment-title" >Payment Method</h3><div class="tourmaster-payment-credit-card-type" ><img src="${images}/visa.png" alt="visa" /><img src="${images}/jcb.png" alt="jcb" /></div><div class="tourmaster-payment-terms" ><input type="checkbox" name="term-and-service" />* Ich stimme den <a href="/agb/" target="_blank">AGB</a> und der <a href="/datenschutz/" target="_blank">Datenschutzerklärung</a> zu.<div class="tourmaster-tour-booking-required-error tourmaster-notification-box tourmaster-failure" data-default="Bitte stimmen Sie zu." ></div></div><div class="tourmaster-combobox-wrap"><select class="tourmaster-payment-selection"><option value="paypal">Paypal</option><option value="authorize">Credit Card</option></select></div><a class="tourmaster-button tourmaster-blue tourmaster-pay-now">Pay Now</a><div class="tourmaster-or">OR</div><a class="tourmaster-button tourmaster-pay-later tourmaster-payment-step" data-name="payment-method" data-value="booking" data-step="4" >Book And Pay Later</a></div>`;
    const props = readSidebar(`${replySidebar('payment_template-fixed-santorini-update-sidebar')}${side}`);
    expect(props.style2).toBe(true);
    expect(props.sideMethod).toEqual({
      cardTypes: [
        { src: `${images}/visa.png`, alt: 'visa' },
        { src: `${images}/jcb.png`, alt: 'jcb' },
      ],
      terms: {
        termsUrl: '/agb/',
        privacyUrl: '/datenschutz/',
        sentence: {
          before: '* Ich stimme den ',
          terms: 'AGB',
          between: ' und der ',
          privacy: 'Datenschutzerklärung',
          after: ' zu.',
        },
        message: 'Bitte stimmen Sie zu.',
      },
      woocommerce: false,
      choices: [
        { value: 'paypal', label: 'Paypal' },
        { value: 'authorize', label: 'Credit Card' },
      ],
    });
  });
});
