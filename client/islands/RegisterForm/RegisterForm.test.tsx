import { readFileSync } from 'node:fs';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { registerForm as ourRegisterForm } from '../../../server/views/top-bar';
import { registerTermSchema } from '../../common/islands/RegisterForm';
import { REGISTER_SENTENCE } from '../../common/islands/terms-sentence';
import { readIslandProps } from '../../lib/island-props';
import { registerTermFromMarkup } from './adapter';
import { mount } from './index';

/** The register page's form as the plugin printed it (legacy-fixtures/pages/register.html). */
function registerForm(): string {
  const page = readFileSync('legacy-fixtures/pages/register.html', 'utf8');
  const start = page.indexOf('<form class="tourmaster-register-form');
  return page.slice(start, page.indexOf('</form>', start) + 7);
}

/** Our server's register form (server/views/top-bar.ts) for the captured site. */
function ourForm(extra: { termsAccepted?: boolean } = {}): string {
  return String(
    ourRegisterForm({
      action: 'http://127.0.0.1:8080/register/',
      redirect: '',
      termsUrl: 'http://127.0.0.1:8080/terms-of-service/',
      privacyUrl: 'http://127.0.0.1:8080/privacy-policy/',
      loginUrl: 'http://127.0.0.1:8080/login/',
      nonce: 'n',
      years: [2026],
      defaultCountry: '',
      ...extra,
    }),
  );
}

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  document.body.replaceChildren();
});

/** The form mounted, and the submits that got past the island (the browser would send those). */
function mountForm(): { form: HTMLFormElement; sent: number[] } {
  // The stylesheet's rule (client/styles/forms.css): the notice is hidden until the island shows it.
  document.body.innerHTML = `<style>.tourmaster-register-term .tourmaster-notification-box { display: none }</style>${registerForm()}`;
  const form = document.querySelector('form') as HTMLFormElement;
  act(() => {
    unmount = mount(form);
  });
  const sent: number[] = [];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    sent.push(1);
  });
  return { form, sent };
}

describe('the register form’s terms rule', () => {
  it('reads the plugin’s terms block into its props', () => {
    document.body.innerHTML = registerForm();
    expect(registerTermFromMarkup(document.querySelector('.tourmaster-register-term') as Element)).toEqual({
      acceptanceName: 'tourmaster-require-acceptance',
      termsUrl: 'http://127.0.0.1:8080/terms-of-service/',
      privacyUrl: 'http://127.0.0.1:8080/privacy-policy/',
      sentence: REGISTER_SENTENCE,
      notice: 'Please agree to all the terms and conditions before proceeding to the next step',
    });
  });

  it('reads the same props from the plugin’s markup as our server writes beside its own form', () => {
    document.body.innerHTML = registerForm();
    const legacy = registerTermFromMarkup(document.querySelector('.tourmaster-register-term') as Element);
    document.body.innerHTML = ourForm();
    expect(readIslandProps('RegisterForm', document.querySelector('form') as Element, registerTermSchema)).toEqual(
      legacy,
    );
  });

  it('mounts with the box as the server sent it back after a refusal, and sends the form at once', async () => {
    const formHtml = ourForm({ termsAccepted: true });
    for (const withProps of [true, false]) {
      // With our props, and from the markup alone (the adapter reads the box's `checked`).
      document.body.innerHTML = withProps
        ? formHtml
        : formHtml.replace(/<script[^>]*data-island-props[\s\S]*?<\/script>/, '');
      const form = document.querySelector('form') as HTMLFormElement;
      act(() => {
        unmount = mount(form);
      });
      const sent: number[] = [];
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        sent.push(1);
      });
      expect(screen.getByRole('checkbox', { name: /^Creating an account/ })).toHaveProperty('checked', true);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Up' }));
      expect(sent).toEqual([1]);
      unmount?.();
      unmount = undefined;
    }
  });

  it('keeps the form while the box is unticked: the notice is tied to the box, which gets focus', async () => {
    const { sent } = mountForm();
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: /^Creating an account means you're okay with our Terms/ });
    expect(box.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(sent).toEqual([]);
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const notice = screen.getByRole('alert');
    expect(box.getAttribute('aria-describedby')).toBe(notice.id);
    expect(notice.textContent).toBe('Please agree to all the terms and conditions before proceeding to the next step');
    expect(notice.style.display).toBe('block');
  });

  it('lets the form go once the box is ticked, and the notice slides away', async () => {
    const { form, sent } = mountForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert', { hidden: true }).style.display).toBe('none');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(sent).toEqual([1]);
    expect(new FormData(form).get('tourmaster-require-acceptance')).toBe('on');
  });

  it('leaves a lightbox’s hidden template alone (its copy is mounted)', () => {
    document.body.innerHTML = `<div data-tmlb-id="signup">${registerForm()}</div>`;
    expect(mount(document.querySelector('form') as HTMLFormElement)).toBeUndefined();
    expect(document.querySelector('.tourmaster-register-term input')).not.toBeNull();
  });
});
