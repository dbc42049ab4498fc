import { loadExchange } from '../parity/exchanges';

/**
 * A guest's pay-later booking, as the payment page's script posts step 4 of
 * `tourmaster_payment_template`: `people` travellers on `date`, contact and billing filled in.
 * `n` makes the guest (names, e-mail) unique.
 */
export function payLaterBookingBody(b: { tourId: number; date: string; n: number; people?: number }): string {
  const people = b.people ?? 1;
  const guest = `Guest${b.n}`;
  const email = `guest${b.n}@example.test`;
  const detail: [string, string][] = [
    ['tour-id', String(b.tourId)],
    ['tour-date', b.date],
    ['tour-people', String(people)],
  ];
  for (let i = 0; i < people; i++) {
    // `traveller_first_name][` becomes `booking_detail[traveller_first_name][]`, a PHP list.
    detail.push(
      ['traveller_title][', 'mr'],
      ['traveller_first_name][', guest],
      ['traveller_last_name][', 'Concurrent'],
    );
  }
  detail.push(
    ['first_name', guest],
    ['last_name', 'Concurrent'],
    ['email', email],
    ['phone', '+30 210 000 0000'],
    ['country', 'Greece'],
    ['contact_address', 'Athens'],
    ['billing_first_name', guest],
    ['billing_last_name', 'Concurrent'],
    ['billing_email', email],
    ['billing_phone', '+30 210 000 0000'],
    ['billing_country', 'Greece'],
    ['billing_contact_address', 'Athens'],
    ['additional_notes', ''],
    ['term-and-service', 'on'],
    ['step', '4'],
    ['payment-method', 'booking'],
  );
  const params = new URLSearchParams({ action: 'tourmaster_payment_template' });
  for (const [k, v] of detail) params.append(`booking_detail[${k}]`, v);
  return params.toString();
}

/**
 * Ana Tester, one traveller on the Santorini cruise (tour 4) on 22 May 2027, at step 4 "book and pay
 * later" with every contact field valid, as the payment page posts `tourmaster_payment_template`.
 * `detail` overrides or adds `booking_detail[...]` fields.
 */
export function santoriniBooking(detail: Record<string, string> = {}): URLSearchParams {
  const fields: Record<string, string> = {
    'tour-id': '4',
    'tour-date': '2027-05-22',
    'tour-people': '1',
    first_name: 'Ana',
    last_name: 'Tester',
    email: 'ana.tester@example.test',
    phone: '+30 210 000 0000',
    country: 'Greece',
    contact_address: 'Athens',
    'term-and-service': 'on',
    step: '4',
    'payment-method': 'booking',
    ...detail,
  };
  const params = new URLSearchParams({ action: 'tourmaster_payment_template' });
  for (const [k, v] of Object.entries(fields)) params.append(`booking_detail[${k}]`, v);
  params.append('booking_detail[traveller_first_name][]', 'Ana');
  params.append('booking_detail[traveller_last_name][]', 'Tester');
  return params;
}

/**
 * The captured Santorini booking (`payment_selected-paypal-new`) as the payment page's script posts
 * it, for guest `email` with the terms box ticked; `extra` sets other fields (`type: 'stripe'` for
 * the card gateway).
 */
export function capturedPaymentSelected(email: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(loadExchange('payment_selected-paypal-new').request.body!);
  params.set('booking_detail[email]', email);
  params.set('booking_detail[term-and-service]', 'on');
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}

/** {@link capturedPaymentSelected}, paid by card (Stripe). */
export const capturedCardBooking = (email: string, extra: Record<string, string> = {}) =>
  capturedPaymentSelected(email, { type: 'stripe', ...extra });
