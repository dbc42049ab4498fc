import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentSkeleton } from '../../../server/pages/payment/skeleton';
import { raw } from '../../../server/views/html';
import { completion } from '../../../server/views/payment/complete';
import { bookingRefused } from '../../../server/views/payment/error';
import { AJAX_URL, answerAjax, capturedReply, failAjax } from '../../testing/admin-ajax';
import { mount } from './PaymentPage';

/**
 * The payment page's other states with the plugin's captured replies as the server's answers: the
 * terms box before a booking, "book and pay later" to "Booking Completed!", a booking the server
 * refuses, an HTTP failure, and the coupon box (refused, accepted and the sidebar re-priced).
 */

type Fragments = { content: string; sidebar: string };
/** The captured fragments, their links to the capture's site pointed at the test's admin-ajax. */
const fragments = (name: string): Fragments => {
  const reply = capturedReply(name) as Fragments;
  const local = (s: string) => s.replaceAll('http://127.0.0.1:8080/wp-admin/admin-ajax.php', AJAX_URL);
  return { content: local(reply.content), sidebar: local(reply.sidebar) };
};
const STEP3 = fragments('payment_template-s3-santorini');
const STEP2 = fragments('payment_template-fixed-santorini-s2');
let unmount: (() => void) | undefined;

afterEach(() => {
  unmount?.();
  unmount = undefined;
  document.body.replaceChildren();
});

async function openPage(step: number, { content, sidebar }: Fragments): Promise<void> {
  const page = paymentSkeleton({
    style: 'style-1',
    head: { title: 'Santorini Caldera Sunset Cruise', step, mode: 'booking' },
    ajaxUrl: AJAX_URL,
    bookingDetail: { 'tour-id': '4', 'tour-date': '2027-05-22', 'tour-people': '2', step: String(step) },
    fragments: { content: raw(content), sidebar: raw(sidebar) },
  }).value;
  document.body.insertAdjacentHTML('beforeend', page);
  // The island is ready when mount has finished (the contact step's module is fetched first).
  unmount = await mount(document.querySelector<HTMLElement>('#tourmaster-payment-template-wrapper')!);
}

const payLater = () => screen.getByRole('button', { name: 'Book now via email' });
const alertText = () => document.querySelector('.tourmaster-payment-alert')?.textContent;

describe('the payment step', { timeout: 20_000 }, () => {
  it('asks for the terms box before booking, without a request', async () => {
    const user = userEvent.setup({ delay: null });
    const seen = answerAjax(() => 0);
    await openPage(3, STEP3);
    await user.click(await waitFor(payLater));
    const terms = document.querySelector('.tourmaster-payment-terms .tourmaster-tour-booking-required-error');
    expect(terms?.textContent).toBe('Please agree to all the terms and conditions before proceeding to the next step.');
    expect(document.activeElement?.getAttribute('name')).toBe('term-and-service');
    expect(seen).toEqual([]);
  });

  it('books and pays later: the captured completion, the step bar done, the cookie cleared', async () => {
    const user = userEvent.setup({ delay: null });
    const seen = answerAjax(() => capturedReply('payment_template-s4-guest-booking-creates-order'));
    await openPage(3, STEP3);
    await user.click(await waitFor(() => screen.getByRole('checkbox', { name: /Terms of Service/ })));
    await user.click(payLater());
    await waitFor(() => expect(document.querySelector('.tourmaster-payment-complete-head')).not.toBeNull());
    expect(seen[0]?.form.get('booking_detail[payment-method]')).toBe('booking');
    expect(seen[0]?.form.get('booking_detail[step]')).toBe('4');
    expect(document.activeElement?.className).toBe('tourmaster-payment-complete-head');
    const items = [...document.querySelectorAll('.tourmaster-payment-step-list > li')];
    expect(items.map((li) => li.className)).toEqual(Array(4).fill('tourmaster-payment-step-item tourmaster-checked'));
    expect(document.cookie).toContain('tourmaster-booking-detail=%22%22');
  });

  it('renders our server’s completion from its props: the dashboard lines, the button and the admin’s bottom text', async () => {
    const user = userEvent.setup({ delay: null });
    // Our server's reply (server/ajax/actions/tourmaster_payment_template.ts): the markup and its props.
    const done = completion({
      loggedIn: true,
      membership: true,
      dashboardUrl: '/my-account/',
      homeUrl: '/',
      bottomText: '<p>Questions? <a href="/contact/">Write to us</a>.</p>',
      confirmation: {
        orderId: 12,
        tourTitle: 'Santorini Caldera Sunset Cruise',
        travelDate: 'May 22, 2027',
        travellers: '2 travellers',
        total: '$261.60',
        paid: '$0.00',
        due: '$261.60',
        calendarUrl: '/?tourmaster-calendar=12',
        payUrl: '/payment/?tid=12&step=3',
      },
    });
    answerAjax(() => ({ content: done.content.value, sidebar: STEP3.sidebar, cookie: '', props: done.props }));
    await openPage(3, STEP3);
    await user.click(await waitFor(() => screen.getByRole('checkbox', { name: /Terms of Service/ })));
    await user.click(payLater());
    const head = await waitFor(() => screen.getByText('Booking Completed!'));
    expect(document.activeElement).toBe(head);
    const message = document.querySelector('.tourmaster-payment-complete-content');
    expect(message?.textContent).toBe(done.props.complete.lines.join(''));
    expect(message?.querySelectorAll('br')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to my dashboard' }).getAttribute('href')).toBe('/my-account/');
    expect(
      screen.getByRole('link', { name: 'Write to us' }).closest('.tourmaster-payment-complete-bottom-text'),
    ).not.toBeNull();
    // "Your booking" (issue 18): the order's details and its links, between the message and the button.
    const booking = screen.getByRole('region', { name: 'Your booking' });
    expect(booking.textContent).toContain('Order Number#12');
    expect(booking.textContent).toContain('Amount Due$261.60');
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe('/?tourmaster-calendar=12');
    expect(screen.getByRole('link', { name: 'Pay the balance online' }).getAttribute('href')).toBe(
      '/payment/?tid=12&step=3',
    );
    // React renders what the server printed for visitors of the legacy front end.
    const printed = document.createElement('div');
    printed.innerHTML = done.content.value;
    expect(document.querySelector('.tourmaster-payment-complete-wrap')?.textContent).toBe(printed.textContent);
  });

  it('keeps the step and shows the reason when the server refuses the booking', async () => {
    const user = userEvent.setup({ delay: null });
    // Our server's refusal (server/ajax/actions/tourmaster_payment_template.ts): the reason as the content.
    const refusal = { content: bookingRefused('The date is no longer available.').value, sidebar: STEP3.sidebar };
    answerAjax(() => refusal);
    await openPage(3, STEP3);
    await user.click(await waitFor(() => screen.getByRole('checkbox', { name: /Terms of Service/ })));
    await user.click(payLater());
    await waitFor(() => expect(alertText()).toBe('The date is no longer available.'));
    expect(document.querySelector('.tourmaster-payment-method-wrap')).not.toBeNull();
    expect(document.activeElement?.className).toContain('tourmaster-payment-alert');
  });

  it('says so when the request fails (HTTP 502)', async () => {
    const user = userEvent.setup({ delay: null });
    failAjax(502);
    await openPage(3, STEP3);
    await user.click(await waitFor(() => screen.getByRole('checkbox', { name: /Terms of Service/ })));
    await user.click(payLater());
    await waitFor(() => expect(alertText()).toMatch(/could not be sent/));
    expect(document.querySelector('.tourmaster-payment-complete-wrap')).toBeNull();
  });
});

describe('the coupon box', { timeout: 20_000 }, () => {
  const couponBox = () => document.querySelector('.tourmaster-tour-booking-coupon-message');

  it('shows the plugin’s refusal and leaves the price alone', async () => {
    const user = userEvent.setup({ delay: null });
    const seen = answerAjax(() => capturedReply('coupon-expired'));
    await openPage(2, STEP2);
    await user.type(await waitFor(() => screen.getByRole('textbox', { name: 'Coupon code' })), 'EXPIRED2025');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(couponBox()?.textContent).toMatch(/has been expired/));
    expect(couponBox()?.className).toContain('tourmaster-failed');
    expect(seen.map((s) => s.action)).toEqual(['tourmaster_validate_coupon_code']);
    expect(seen[0]?.form.get('coupon_code')).toBe('EXPIRED2025');
  });

  it('accepts a coupon, then asks for the sidebar again and shows the re-priced one', async () => {
    const user = userEvent.setup({ delay: null });
    // The refresh is answered with a captured re-priced sidebar (the captures hold step-3 ones only).
    const seen = answerAjax(({ action }) =>
      action === 'tourmaster_validate_coupon_code'
        ? capturedReply('coupon-percent-valid')
        : capturedReply('payment_template-fixed-santorini-greece25-update-sidebar'),
    );
    await openPage(2, STEP2);
    await user.type(await waitFor(() => screen.getByRole('textbox', { name: 'Coupon code' })), 'SUMMER10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(seen.map((s) => s.action)).toContain('tourmaster_payment_template'));
    expect(seen[1]?.form.get('sub_action')).toBe('update_sidebar');
    expect(seen[1]?.form.get('booking_detail[coupon-code]')).toBe('SUMMER10');
    await waitFor(() =>
      expect(document.querySelector('.tourmaster-tour-booking-bar-total-price')?.textContent).toBe('$103.55'),
    );
    // The contact step (React's) is untouched by the sidebar's refresh.
    expect((document.querySelector('[name="first_name"]') as HTMLInputElement).value).toBe('Elena');
  });
});
