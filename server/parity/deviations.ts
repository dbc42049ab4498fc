import { parseFragment, serialize } from 'parse5';
import { adminAjaxHeaders } from '../ajax/reply';
import { parsePhpQuery } from '../php/form-body';
import { DATE_CLOSED_MESSAGE } from '../tourmaster/availability';
import { accountDeviations } from './account-deviations';
import type { Deviation } from './deviation';
import { type Exchange, loadExchange } from './exchanges';
import { listingDeviations } from './listing-deviations';
import { paymentPageDeviations } from './payment-deviations';

export type { Deviation };

const CLOSED = DATE_CLOSED_MESSAGE;
const NOT_OFFERED = 'This tour is not available on the date you selected. Please select another date.';
const failed = (message: string) => ({ status: 'failed', message });
/** The review form's 302 back to the reviews page, without the page the legacy site rendered into its body. */
const reviewRedirect: Deviation = {
  status: 302,
  json: null,
  text: '',
  entry: 'reviews: the form answers a plain redirect',
};
const notice = (message: string) => ({
  content: `<div class="tourmaster-tour-booking-bar-error" data-step="999" >${message}</div>`,
});

export const DEVIATIONS: Readonly<Record<string, Deviation>> = {
  'amount_check-unknown-tour': { status: 200, json: { status: 'failed', message: CLOSED }, entry: 'unknown tour' },
  'tour_booking-s1-santorini-past-date': { status: 200, json: notice(CLOSED), entry: 'past or not-offered date' },
  'tour_booking-s1-athens-excluded-date': { status: 200, json: notice(NOT_OFFERED), entry: 'past or not-offered date' },
  'tour_booking-s1-athens-recurring-excluded': {
    status: 200,
    json: notice(NOT_OFFERED),
    entry: 'past or not-offered date',
  },
  'tour_booking-s1-athens-tuesday-not-offered': {
    status: 200,
    json: notice(NOT_OFFERED),
    entry: 'past or not-offered date',
  },
  'head_price-unknown-tour': {
    status: 200,
    json: failed('This tour cannot be booked. Please refresh the page to try again.'),
    entry: 'unknown tour',
  },
  'head_price-athens-excluded-date': { status: 200, json: failed(NOT_OFFERED), entry: 'past or not-offered date' },
  'head_price-huge-people': {
    status: 200,
    json: failed('Sorry, a booking can hold at most 2000 travellers.'),
    entry: 'absurd counts',
  },
  'huge-field': { status: 200, json: failed('Please enter a valid number of travellers.'), entry: 'absurd counts' },
  'tour_booking-s1-garbage-date': { status: 200, json: notice(NOT_OFFERED), entry: 'past or not-offered date' },
  'payment_template-s3-bad-invalid-phone': contactStepAgain(
    'payment_template-s3-bad-invalid-phone',
    'Invalid phone number, please try again.',
  ),
  'payment_template-s3-bad-missing-required': contactStepAgain(
    'payment_template-s3-bad-missing-required',
    'Please fill all required fields.',
  ),
  'payment_template-s3-bad-missing-travellers': contactStepAgain(
    'payment_template-s3-bad-missing-travellers',
    'Please fill all required fields.',
  ),
  'payment_template-s4-guest-booking-creates-order': {
    status: 200,
    json: {
      content:
        '<div class="tourmaster-tour-booking-error" >Please agree to all the terms and conditions before proceeding to the next step.</div>',
      // The same tour, date and travellers as this step-3 capture: its summary, unchanged.
      sidebar: legacyJson('payment_template-s3-santorini').sidebar,
      cookie: requestDetail('payment_template-s4-guest-booking-creates-order'),
    },
    entry: 'payment steps checked on the server',
  },
  // Reviews, enquiry and wish list (scratch/deviations-engagement.md).
  'review-santorini-paged-abc': {
    status: 200,
    json: legacyJson('review-santorini-sort-date'),
    entry: 'reviews: a page that is not a number is page 1',
  },
  'wish_list-guest': { status: 200, json: failed('Please log in to use the wish list.'), entry: 'wish list' },
  'wish_list-customer2-unknown-tour': {
    status: 200,
    json: failed('This tour cannot be added to your wish list.'),
    entry: 'wish list',
  },
  'zz-state-18-form-review-customer1-departed-order-ok': reviewRedirect,
  'zz-state-19-form-review-customer1-not-own-order': reviewRedirect,
  'zz-state-22-form-review-customer2-again-order-8': reviewRedirect,
  'zz-state-43-form-review-customer1-score-out-of-range': reviewRedirect,
  // Captured without the terms box: an online payment is an order like "pay later", with the same checks.
  'payment_selected-paypal-new': {
    status: 200,
    json: {
      content:
        '<div class="tourmaster-tour-booking-error" >Please agree to all the terms and conditions before proceeding to the next step.</div>',
    },
    entry: 'payment steps checked on the server',
  },
  // Login, register and account pages (scratch/deviations-account.md).
  ...accountDeviations(),
  // The payment page (scratch/deviations-payment-page.md).
  ...paymentPageDeviations(),
  // The tour list sections' ajax actions.
  ...listingDeviations(),
  // No PaymentIntent named: the plugin answered `[]`; ours says why (Stripe verified on the server).
  'gateway-stripe_payment_charge-unconfigured': {
    status: 200,
    json: failed('Our card payment provider does not know this payment. Your booking is saved but not paid.'),
    entry: 'Stripe payments verified with Stripe',
  },
};

/** The exchange with the reply we give on purpose in place of the captured (or live) one. */
export function withDeviation(ex: Exchange, deviation: Deviation): Exchange {
  const { status, json, text } = deviation;
  const headers = deviation.headers ?? (ex.response.status === 500 ? ADMIN_AJAX_REPLY_HEADERS : ex.response.headers);
  if (text !== undefined)
    return { ...ex, response: { ...ex.response, status, headers, body_kind: 'text', body: text } };
  return { ...ex, response: { ...ex.response, status, headers, body_kind: 'json', json, body: null } };
}

/** What WordPress sends with a normal admin-ajax reply (a legacy 500 page lacks some of them). */
const ADMIN_AJAX_REPLY_HEADERS: [string, string][] = Object.entries(adminAjaxHeaders('dispatched', false));

/** The `booking_detail` the exchange posted, as PHP decodes it. */
function requestDetail(name: string): Record<string, unknown> {
  const body = loadExchange(name).request.body ?? '';
  return parsePhpQuery(body).booking_detail as Record<string, unknown>;
}

function legacyJson(name: string): Record<string, unknown> {
  return loadExchange(name).response.json as Record<string, unknown>;
}

/**
 * A refused step 3: the legacy step-2 reply for the same tour, date and travellers
 * (`payment_template-fixed-santorini-s2`), its form filled with what this exchange posted and the
 * reason in the contact form's error box; the stored detail goes back to step 2.
 */
function contactStepAgain(name: string, message: string): Deviation {
  const detail = requestDetail(name);
  const legacy = legacyJson('payment_template-fixed-santorini-s2');
  return {
    status: 200,
    json: {
      content: fillForm(String(legacy.content), detail, message),
      sidebar: legacy.sidebar,
      cookie: { ...detail, step: '2' },
    },
    entry: 'payment steps checked on the server',
  };
}

type HtmlNode = {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
};

/** Sets every named input, select and textarea of a legacy form to the detail's values (lists by position). */
function fillForm(html: string, detail: Record<string, unknown>, error: string): string {
  const root = parseFragment(html) as unknown as HtmlNode;
  const seen = new Map<string, number>();
  const attr = (node: HtmlNode, name: string) => node.attrs?.find((a) => a.name === name)?.value;
  const setAttr = (node: HtmlNode, name: string, value: string | undefined) => {
    node.attrs = (node.attrs ?? []).filter((a) => a.name !== name);
    if (value !== undefined) node.attrs.push({ name, value });
  };
  const posted = (name: string) => {
    const key = name.replace(/\[\]$/, '');
    const index = seen.get(name) ?? 0;
    seen.set(name, index + 1);
    const v = detail[key];
    return String((Array.isArray(v) ? v[index] : name.endsWith('[]') ? undefined : v) ?? '');
  };
  const text = (node: HtmlNode, value: string) => {
    node.childNodes = value ? [{ nodeName: '#text', value }] : [];
  };
  const walk = (node: HtmlNode) => {
    for (const child of node.childNodes ?? []) {
      const name = attr(child, 'name');
      if (child.tagName === 'input' && name && attr(child, 'type') === 'text') setAttr(child, 'value', posted(name));
      else if (child.tagName === 'input' && name && attr(child, 'type') === 'email')
        setAttr(child, 'value', posted(name));
      else if (child.tagName === 'textarea' && name) text(child, posted(name));
      else if (child.tagName === 'select' && name) {
        const chosen = posted(name);
        for (const option of child.childNodes ?? []) {
          if (option.tagName === 'option')
            setAttr(option, 'selected', attr(option, 'value') === chosen ? '' : undefined);
        }
      } else if (attr(child, 'data-phone') !== undefined) {
        setAttr(child, 'style', 'display: block;');
        text(child, error);
      }
      walk(child);
    }
  };
  walk(root);
  return serialize(root as never);
}
