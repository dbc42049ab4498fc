import { readFileSync } from 'node:fs';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ENQUIRY_FIELDS } from '../../../server/tourmaster/enquiry-fields';
import { enquiryFormProps, renderEnquiryForm } from '../../../server/views/enquiry-form';
import { AJAX_URL, answerAjax, capturedReply, failAjax } from '../../testing/admin-ajax';
import { enquiryPropsFromMarkup } from './adapter';
import { mount } from './EnquiryForm';

/** The Corfu tour's form as the plugin printed it (legacy-fixtures/pages), its ajax URL made jsdom's. */
function legacyForm(): string {
  const page = readFileSync('legacy-fixtures/pages/tour-corfu-booking-enquiry.html', 'utf8');
  const start = page.indexOf('<form class="tourmaster-enquiry-form');
  return page
    .slice(start, page.indexOf('</form>', start) + 7)
    .replaceAll('http://127.0.0.1:8080/wp-admin/admin-ajax.php', AJAX_URL);
}

/** The same tour's form as our server prints it, typed props included. */
const CORFU = {
  tourId: 11,
  fields: DEFAULT_ENQUIRY_FIELDS,
  ajaxUrl: AJAX_URL,
  termsUrl: 'http://127.0.0.1:8080/terms-of-service/',
  privacyUrl: 'http://127.0.0.1:8080/privacy-policy/',
};

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  document.body.replaceChildren();
});

function mountForm(markup: string): HTMLFormElement {
  document.body.innerHTML = markup;
  const form = document.querySelector('form') as HTMLFormElement;
  act(() => {
    unmount = mount(form);
  });
  return form;
}

const PAGES = [
  ['our page (typed props)', () => String(renderEnquiryForm(CORFU))],
  ['a page WordPress rendered (adapter)', legacyForm],
] as const;

async function fillAndSend(user: ReturnType<typeof userEvent.setup>, press: 'click' | 'dblClick' = 'click') {
  await user.type(screen.getByRole('textbox', { name: 'Full Name' }), 'Eleni Test');
  await user.type(screen.getByRole('textbox', { name: 'Email Address' }), 'eleni@example.test');
  await user.type(screen.getByRole('textbox', { name: 'Your Enquiry' }), 'Is there a child discount?');
  await user.click(screen.getByRole('checkbox', { name: /I agree with Terms of Service/ }));
  await user[press](screen.getByRole('button', { name: 'Submit Enquiry' }));
}

describe.each(PAGES)('the enquiry form on %s', (_, markup) => {
  it('sends once and, on the plugin’s success, says so and empties the form', async () => {
    const seen = answerAjax(() => capturedReply('enquiry-corfu-ok'));
    const form = mountForm(markup());
    const user = userEvent.setup();
    await fillAndSend(user, 'dblClick');
    const message = await screen.findByText('Your enquiry has been sent. Thank you!');
    expect(message.className).toBe('tourmaster-enquiry-form-message tourmaster-success');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.action).toBe('tourmaster_send_enquiry_form');
    expect(seen[0]?.form.get('data[full-name]')).toBe('Eleni Test');
    expect(seen[0]?.form.get('data[tourmaster-require-acceptance]')).toBe('on');
    expect(seen[0]?.form.get('data[tour-id]')).toBe('11');
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveProperty('value', '');
    expect(screen.getByRole('checkbox')).toHaveProperty('checked', false);
    expect(form.querySelector<HTMLInputElement>('input[name="tour-id"]')?.value).toBe('11');
  });

  it('shows the plugin’s refusal and keeps what was typed', async () => {
    answerAjax(() => capturedReply('enquiry-bad-email'));
    mountForm(markup());
    await fillAndSend(userEvent.setup());
    const message = await screen.findByText('Invalid Email Address');
    expect(message.className).toContain('tourmaster-failed');
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveProperty('value', 'Eleni Test');
  });

  it('says to refresh when the server fails (HTTP 502)', async () => {
    failAjax(502);
    mountForm(markup());
    await fillAndSend(userEvent.setup());
    const message = await screen.findByText('An error occurs, please refresh the page to try again.');
    expect(message.className).toContain('tourmaster-failed');
    await waitFor(() => expect(screen.getByRole('button').className).toBe('tourmaster-button'));
  });

  it('sends nothing while the box is unticked or a required field is empty', async () => {
    mountForm(markup());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    const box = screen.getByRole('checkbox');
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').style.display).toBe('block');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    expect(await screen.findByText('Please fill all required fields.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Full Name' }));
  });
});

describe('the enquiry form’s legacy adapter', () => {
  it('reads the plugin’s form into the props our server writes for the same tour (ours adds the trap)', () => {
    document.body.innerHTML = legacyForm();
    const legacy = enquiryPropsFromMarkup(document.querySelector('form') as HTMLFormElement);
    expect(legacy).toEqual({ ...enquiryFormProps(CORFU), honeypot: undefined });
  });
});
