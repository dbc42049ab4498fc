import { describe, expect, it } from 'vitest';
import { actions } from '../ajax/registry';
import { type Exchange, exchangeAction, loadExchanges } from './exchanges';
import { liveSafety, READ_ONLY_ACTIONS, STATE_CHANGING_ACTIONS } from './read-only';

function request(method: string, path: string, body: string | null = null): Exchange {
  return {
    name: 'x',
    description: '',
    tags: [],
    request: { method, path, headers: {}, body, form: [...new URLSearchParams(body ?? '')], cookies: {} },
    response: { status: 200, headers: [], body_kind: 'text', body: '' },
  };
}
const ajax = (body: string) => request('POST', '/wp-admin/admin-ajax.php', body);

describe('what may be sent to the live site', () => {
  it('classifies every action we serve, and no action twice', () => {
    for (const { name } of actions)
      expect(READ_ONLY_ACTIONS.has(name) !== STATE_CHANGING_ACTIONS.has(name), name).toBe(true);
  });

  const readOnly: [string, Exchange][] = [
    ['a capacity check', ajax('action=tourmaster_tour_booking_amount_check&tour_id=4')],
    ['a review page by GET', request('GET', '/wp-admin/admin-ajax.php?action=get_single_tour_review&tour_id=4')],
    ['payment step 3', ajax('action=tourmaster_payment_template&booking_detail%5Bstep%5D=3')],
    ['a tour page', request('GET', '/tour/santorini/')],
    ['a search', request('GET', '/?tour-search=&tax-tour_category=islands')],
  ];
  it.each(readOnly)('sends %s', (_what, ex) => expect(liveSafety(ex)).toEqual({ readOnly: true }));

  const changing: [string, Exchange, string][] = [
    [
      'a pay-later booking',
      ajax('action=tourmaster_payment_template&booking_detail%5Bstep%5D=4&booking_detail%5Bpayment-method%5D=booking'),
      'state-changing action',
    ],
    [
      'step " 4", as PHP reads 4',
      ajax('action=tourmaster_payment_template&booking_detail%5Bstep%5D=+4'),
      'state-changing action',
    ],
    [
      'a step-3 detail marked for booking',
      ajax('action=tourmaster_payment_template&booking_detail%5Bstep%5D=3&booking_detail%5Bpayment-method%5D=booking'),
      'state-changing action',
    ],
    ['a payment', ajax('action=tourmaster_payment_selected&type=paypal'), 'state-changing action'],
    ['an enquiry', ajax('action=tourmaster_send_enquiry_form'), 'state-changing action'],
    ['an admin action', ajax('action=tourmaster_order_edit&tid=1'), 'not on the read-only list'],
    ['an action nobody knows', ajax('action=heartbeat'), 'not on the read-only list'],
    ['a request without an action', ajax('tour_id=4'), 'no action named'],
    ['a login', request('POST', '/wp-login.php', 'log=a&pwd=b'), 'POST to a page (a form)'],
    ['a logout link', request('GET', '/wp-login.php?action=logout'), 'WordPress login or admin'],
    [
      'a booking cancelled by link',
      request('GET', '/my-account/?page_type=my-booking&action=remove&id=3'),
      'page with ?action=',
    ],
    ['a PayPal notification', request('GET', '/?paypal'), 'page with ?paypal='],
    [
      'a profile edit',
      request('POST', '/my-account/?page_type=edit-profile', 'first_name=A'),
      'POST to a page (a form)',
    ],
  ];
  it.each(changing)('never sends %s', (_what, ex, reason) =>
    expect(liveSafety(ex)).toEqual({ readOnly: false, reason }),
  );

  it('sends none of the captured requests that wrote something on the legacy site', () => {
    const sent = loadExchanges().filter((ex) => liveSafety(ex).readOnly);
    expect(sent.filter((ex) => ex.name.startsWith('zz-state-') || ex.request.method !== exchangeMethod(ex))).toEqual(
      [],
    );
    const actionsSent = new Set(sent.map((ex) => exchangeAction(ex)).filter((a) => a !== undefined));
    for (const action of STATE_CHANGING_ACTIONS)
      if (action !== 'tourmaster_payment_template') expect(actionsSent).not.toContain(action);
    expect(sent.filter((ex) => /payment-method%5D=booking|%5Bstep%5D=4/.test(ex.request.body ?? ''))).toEqual([]);
  });
});

/** Pages are sent only as GET; admin-ajax calls by either method. */
function exchangeMethod(ex: Exchange): string {
  return exchangeAction(ex) === undefined ? 'GET' : ex.request.method;
}
