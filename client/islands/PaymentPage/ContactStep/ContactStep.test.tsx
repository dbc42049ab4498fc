import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentSkeleton } from '../../../../server/pages/payment/skeleton';
import { contactFieldsFor } from '../../../../server/tourmaster/payment-page';
import { raw } from '../../../../server/views/html';
import { contactForm } from '../../../../server/views/payment/contact-form';
import { contactStepProps } from '../../../../server/views/payment/contact-step-props';
import { islandPropsScript } from '../../../common/island-props';
import { AJAX_URL, answerAjax, capturedReply, failAjax } from '../../../testing/admin-ajax';
import { mount } from '../PaymentPage';

/**
 * The contact step (step 2) of the payment page island, rendered by React from typed props: from
 * WordPress's markup (the captured reply of the santorini booking, read by the adapter) and from
 * the props our server writes; the checks before step 3, the billing copy, the move to step 3 with
 * the captured reply, a refusal from the server and an HTTP failure.
 */

const captured = capturedReply('payment_template-fixed-santorini-s2') as { content: string; sidebar: string };
const DETAIL = { 'tour-id': '4', 'tour-date': '2027-05-22', 'tour-people': '2' };
let unmount: (() => void) | undefined;

afterEach(() => {
  unmount?.();
  unmount = undefined;
  document.body.replaceChildren();
});

/** The payment page as our server frames it, with these fragments and (when given) the props script. */
async function openPage(content: string, sidebar: string, props?: unknown): Promise<HTMLElement> {
  const page = paymentSkeleton({
    style: 'style-1',
    head: { title: 'Santorini Caldera Sunset Cruise', step: 2, mode: 'booking' },
    ajaxUrl: AJAX_URL,
    bookingDetail: DETAIL,
    fragments: { content: raw(content), sidebar: raw(sidebar) },
  }).value;
  document.body.insertAdjacentHTML('beforeend', page);
  const marker = document.querySelector<HTMLElement>('#tourmaster-payment-template-wrapper')!;
  if (props !== undefined) marker.insertAdjacentHTML('afterbegin', islandPropsScript('PaymentPage', props));
  // The island is ready when mount has finished (the contact step's module is fetched first).
  unmount = await mount(marker);
  return marker;
}

const input = (name: string) =>
  document.querySelector<HTMLInputElement>(`#tourmaster-tour-payment-content [name="${name}"]`)!;
const contentNext = () =>
  screen.getAllByRole('button', { name: 'Next Step' }).find((b) => b.closest('#tourmaster-tour-payment-content'))!;

describe('the contact step', { timeout: 20_000 }, () => {
  it('renders WordPress’s contact step from its markup, and catches a bad e-mail without a request', async () => {
    const user = userEvent.setup({ delay: null });
    const seen = answerAjax(() => 0);
    await openPage(captured.content, captured.sidebar);
    await waitFor(() => expect(input('email')).not.toBeNull());
    expect(document.querySelectorAll('input[name="traveller_first_name[]"]')).toHaveLength(2);
    expect(input('first_name').value).toBe('Elena');
    await user.clear(input('email'));
    await user.type(input('email'), 'elena,rossi@example');
    await user.click(contentNext());
    const box = await screen.findByRole('alert');
    expect(box.textContent).toBe('Invalid E-Mail, please try again.');
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
    expect(input('email').getAttribute('aria-describedby')).toBe(box.id);
    expect(document.activeElement).toBe(input('email'));
    expect(seen).toEqual([]);
    // Corrected, the field is checked again as it is typed.
    await user.clear(input('email'));
    await user.type(input('email'), 'elena@example.test');
    await waitFor(() => expect(input('email').getAttribute('aria-invalid')).toBeNull());
  });

  it('copies the contact details to billing and keeps them in step while ticked', async () => {
    const user = userEvent.setup({ delay: null });
    await openPage(captured.content, captured.sidebar);
    await waitFor(() => expect(input('first_name')).not.toBeNull());
    await user.clear(input('billing_first_name'));
    await user.click(screen.getByLabelText('The same as contact details'));
    expect(input('billing_first_name').value).toBe('Elena');
    await user.type(input('phone'), '9');
    expect(input('billing_phone').value).toBe('+39 333 123 45679');
  });

  it('sends the form’s values for step 3 and shows the captured step-3 reply', async () => {
    const user = userEvent.setup({ delay: null });
    const seen = answerAjax(() => capturedReply('payment_template-s3-santorini'));
    await openPage(captured.content, captured.sidebar);
    await waitFor(() => expect(input('first_name')).not.toBeNull());
    await user.clear(input('traveller_first_name[]'));
    await user.type(input('traveller_first_name[]'), 'Giulia');
    await user.click(contentNext());
    await waitFor(() => expect(document.querySelector('.tourmaster-summary-info-outer')).not.toBeNull());
    const form = seen[0]!.form;
    expect(seen[0]!.action).toBe('tourmaster_payment_template');
    expect(form.get('booking_detail[step]')).toBe('3');
    expect(form.getAll('booking_detail[traveller_first_name][]')).toEqual(['Giulia', 'Marco']);
    expect(form.getAll('booking_detail[traveller_title][]')).toEqual(['mrs', 'mr']);
    expect(form.get('booking_detail[email]')).toBe('elena.rossi@example.test');
    expect(form.get('booking_detail[additional_notes]')).toBe('Late arrival');
    expect(form.get('booking_detail[payment-type]')).toBe('full');
    expect(document.querySelector('.tourmaster-payment-contact-wrap')).toBeNull();
    expect(document.querySelector('.tourmaster-payment-status')?.textContent).toBe('Step 3 of 4: Payment');
  });

  it('shows the server’s refusal in the box of the contact step it sends back', async () => {
    const user = userEvent.setup({ delay: null });
    // Our server's reply for a refused step 3: the contact step again, its props, the reason.
    const fields = contactFieldsFor({ general: {} });
    const input = { fields, value: () => '', notes: '', error: 'Please fill all required fields.' };
    const refusal = {
      content: contactForm(input).value,
      sidebar: captured.sidebar,
      cookie: { ...DETAIL, step: '2' },
      props: { step: 2, contact: contactStepProps(input, null) },
    };
    answerAjax(() => refusal);
    await openPage(captured.content, captured.sidebar);
    await waitFor(() => expect(document.querySelector('[name="first_name"]')).not.toBeNull());
    await user.click(contentNext());
    await waitFor(() =>
      expect(document.querySelector('.tourmaster-tour-booking-required-error')?.textContent).toBe(
        'Please fill all required fields.',
      ),
    );
    expect(document.querySelectorAll('input[name="traveller_first_name[]"]')).toHaveLength(0);
    expect((document.querySelector('[name="first_name"]') as HTMLInputElement).value).toBe('');
  });

  it('says so when the request fails, and stays on the contact step', async () => {
    const user = userEvent.setup({ delay: null });
    failAjax(502);
    await openPage(captured.content, captured.sidebar);
    await waitFor(() => expect(document.querySelector('[name="first_name"]')).not.toBeNull());
    await user.click(contentNext());
    await waitFor(() =>
      expect(document.querySelector('.tourmaster-payment-alert')?.textContent).toMatch(/could not be sent/),
    );
    expect(document.querySelector('.tourmaster-payment-contact-wrap')).not.toBeNull();
  });

  it('renders from the props our server writes beside the marker', async () => {
    const fields = contactFieldsFor({ general: {} });
    const props = {
      step: 2,
      contact: contactStepProps(
        { fields, value: (name) => (name === 'email' ? 'ours@example.test' : ''), notes: 'n' },
        null,
      ),
    };
    await openPage(captured.content, captured.sidebar, props);
    await waitFor(() => expect(input('email')?.value).toBe('ours@example.test'));
    expect(document.querySelectorAll('input[name="traveller_first_name[]"]')).toHaveLength(0);
    expect(document.querySelector('script[data-island-props]')).toBeNull();
  });
});
