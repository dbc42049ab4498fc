import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BookingDetail } from '../../../server/tourmaster/booking-detail';
import { COUNTRY_PROMPT } from '../../../server/tourmaster/countries';
import type { CustomField } from '../../../server/tourmaster/custom-fields';
import { contactFieldsFor } from '../../../server/tourmaster/payment-page';
import { completeProps, paymentComplete } from '../../../server/views/payment/complete';
import { contactForm } from '../../../server/views/payment/contact-form';
import { contactStepProps } from '../../../server/views/payment/contact-step-props';
import { travellerForm } from '../../../server/views/payment/traveller-form';
import { capturedReply } from '../../testing/admin-ajax';
import { adaptPage, adaptReply } from './adapter';

/**
 * The adapter reads WordPress's contact step into the props our server writes for the same
 * booking: the captured replies' `content`, read by the adapter, deep-equal the props built from
 * the captured request's detail by server/views/payment/contact-step-props.ts.
 */

const NATIONALITY: CustomField = {
  slug: 'nationality',
  title: 'Nationality',
  type: 'text',
  required: false,
  options: [],
  default: '',
  width: '',
  attributes: {},
};

function exchange(name: string): { detail: BookingDetail; content: string } {
  const file = path.resolve('legacy-fixtures/exchanges', `${name}.json`);
  const { request } = JSON.parse(readFileSync(file, 'utf8')) as {
    request: { form_nested: { booking_detail: BookingDetail } };
  };
  return { detail: request.form_nested.booking_detail, content: (capturedReply(name) as { content: string }).content };
}

/** The props our server writes for `detail` (the site's default contact fields, two required travellers). */
/** WordPress's country lists have no "Select country" prompt; ours start with one (DEVIATIONS.md 98). */
function withoutCountryPrompt<T>(props: T): T {
  return JSON.parse(JSON.stringify(props), (key, value) =>
    key === 'options' && Array.isArray(value) && value[0]?.label === COUNTRY_PROMPT ? value.slice(1) : value,
  ) as T;
}

function serverProps(detail: BookingDetail, travellerFields: CustomField[], error?: string) {
  const contact = {
    fields: contactFieldsFor({ general: {} }),
    value: (name: string, field: CustomField) => String(detail[name] ?? '') || field.default,
    notes: String(detail.additional_notes ?? ''),
    error,
  };
  const travellers = {
    rows: { count: 2, required: 2 },
    group: false,
    withTitle: true,
    withPassport: false,
    fields: travellerFields,
    detail,
  };
  return { contact, travellers, props: contactStepProps(contact, travellers) };
}

describe('PaymentPage adapter', () => {
  it.each([
    ['payment_template-fixed-santorini-s2', []],
    ['payment_template-extra-fields-delphi-s2', [NATIONALITY]],
  ])('reads the captured %s reply into the props our server writes for its detail', (name, fields) => {
    const { detail, content } = exchange(name);
    const props = adaptReply(content, 2);
    expect(props.contact?.contact.find((f) => f.name === 'email')?.value).toBe('elena.rossi@example.test');
    expect(props.contact?.travellers?.rows.map((r) => r.firstName)).toEqual(['Elena', 'Marco']);
    expect(props).toEqual({ step: 2, contact: withoutCountryPrompt(serverProps(detail, fields).props) });
  });

  it('reads our own markup back into the props written beside it, a refusal in the error box included', () => {
    const { detail } = exchange('payment_template-extra-fields-delphi-s2');
    const select: CustomField = {
      ...NATIONALITY,
      slug: 'diet',
      title: 'Diet',
      type: 'combobox',
      required: true,
      width: '50%',
      options: [
        { value: 'diet', label: 'Diet' },
        { value: 'veg', label: 'Vegetarian' },
      ],
    };
    const { contact, travellers, props } = serverProps(
      { ...detail, traveller_diet: ['veg'] },
      [NATIONALITY, select],
      'Please fill <all> fields.',
    );
    const html = `${travellerForm(travellers).value}${contactForm(contact).value}`;
    expect(adaptReply(html, 2)).toEqual({ step: 2, contact: props });
  });

  it('reads the contact step of a page WordPress rendered', () => {
    const page = readFileSync(path.resolve('legacy-fixtures/pages/payment-step1-traveller-details.html'), 'utf8');
    const doc = new DOMParser().parseFromString(page, 'text/html');
    const marker = doc.querySelector('#tourmaster-payment-template-wrapper');
    const props = adaptPage(marker!, 2);
    expect(props.contact?.travellers?.rows).toHaveLength(3);
    expect(props.contact?.travellers?.rows.every((r) => r.required)).toBe(true);
    expect(props.contact?.billing.map((f) => f.contactDetail)).toEqual(props.contact?.contact.map((f) => f.name));
    expect(props.contact?.messages.email).toBe('Invalid E-Mail, please try again.');
    expect(props.contact?.error).toBeUndefined();
  });

  it('finds no contact step in the other steps’ content', () => {
    const { content } = capturedReply('payment_template-s3-santorini') as { content: string };
    const props = adaptReply(content, 3);
    expect(props.contact).toBeUndefined();
    // The payment step's (adapter/payment-step.test.tsx), and no sidebar where none was given.
    expect(Object.keys(props)).toEqual(['step', 'payment']);
  });

  it.each([
    ['payment_template-s4-guest-booking-creates-order', { loggedIn: false, dashboardUrl: '' }],
    ['payment_template-s4-customer1-pay-later', { loggedIn: true, dashboardUrl: 'http://127.0.0.1:8080/my-account/' }],
  ])('reads WordPress’s completion (%s) into the props our server writes for the same visitor', (name, visitor) => {
    const { content } = capturedReply(name) as { content: string };
    const input = { ...visitor, membership: true, homeUrl: 'http://127.0.0.1:8080/', bottomText: '' };
    expect(adaptReply(content, 4)).toEqual({ step: 4, complete: completeProps(input) });
    // …and our server prints the same markup from them.
    expect(paymentComplete(input).value).toBe(content);
  });

  it('reads the admin’s bottom text and a delayed payment’s lines back as our server writes them', () => {
    const input = {
      loggedIn: true,
      membership: true,
      delayed: true,
      dashboardUrl: '/my-account/',
      homeUrl: '/',
      bottomText: '<p>Questions? <a href="/contact/">Write to us</a>.</p>',
    };
    expect(adaptReply(paymentComplete(input).value, 4)).toEqual({ step: 4, complete: completeProps(input) });
  });
});
