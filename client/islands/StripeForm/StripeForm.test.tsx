import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentSkeleton } from '../../../server/pages/payment/skeleton';
import { raw } from '../../../server/views/html';
import { stripeForm } from '../../../server/views/payment/stripe-form';
import { AJAX_URL, ajaxServer, answerAjax, capturedReply } from '../../testing/admin-ajax';
import { loadStripeForm } from '../PaymentPage/flow';
import { mount } from '../PaymentPage/PaymentPage';
import { GatewayFragment } from '../PaymentPage/PaymentStep/GatewayFragment';
import { STRIPE_MESSAGES } from './StripeForm';
import { STRIPE_JS_URL, type StripeConstructor, type StripeError, type StripePaymentIntent } from './stripe-js';

/**
 * The card gateway's form with a fake `Stripe` global standing in for Stripe.js: the Payment
 * Element mounted in `#card-element` with the reply's keys, the payment confirmed by Stripe.js and
 * then checked by our server (`stripe_payment_charge`), the completion on success, and the
 * messages of a decline, a refusal by the server, a lost connection and Stripe.js that did not load.
 */

/** The reply's content as our server prints it (the plugin's form: server/views/payment/stripe-form.ts). */
const FORM = stripeForm({ ajaxUrl: AJAX_URL, tid: 41, clientSecret: 'pi_41_secret_x' }).value;
const KEYS = { publishableKey: 'pk_test_site', clientSecret: 'pi_41_secret_x', orderId: 41 };

type Confirm = () => Promise<{ error?: StripeError; paymentIntent?: StripePaymentIntent }>;

/** A fake Stripe.js: records what the form asked of it; `confirm` answers confirmPayment. */
function fakeStripe(confirm: Confirm) {
  const calls = { keys: [] as string[], secrets: [] as string[], confirms: [] as unknown[], destroyed: 0 };
  const Stripe: StripeConstructor = (key) => {
    calls.keys.push(key);
    return {
      elements: ({ clientSecret }) => {
        calls.secrets.push(clientSecret);
        const elements = {
          create: () => ({
            mount: (target: HTMLElement) => {
              target.innerHTML = '<div class="fake-payment-element">Card number</div>';
            },
            destroy: () => {
              calls.destroyed += 1;
            },
          }),
        };
        return elements;
      },
      confirmPayment: (options) => {
        calls.confirms.push(options);
        return confirm();
      },
    };
  };
  (window as { Stripe?: StripeConstructor }).Stripe = Stripe;
  return calls;
}

const succeeded: Confirm = () => Promise.resolve({ paymentIntent: { id: 'pi_41', status: 'succeeded' } });
const errors = () => document.querySelector('.payment-errors');
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Payment' });

function renderForm(stripe: unknown = KEYS) {
  const onPluginComplete = vi.fn();
  const view = render(
    <GatewayFragment
      html={FORM}
      gateway
      stripe={stripe}
      ajaxUrl="/elsewhere/admin-ajax.php"
      loadStripeForm={loadStripeForm}
      onPluginComplete={onPluginComplete}
    />,
  );
  return { onPluginComplete, view };
}

const mounted = () =>
  waitFor(() => expect(document.querySelector('#card-element .fake-payment-element')).not.toBeNull());

beforeEach(() => {
  delete (window as { Stripe?: unknown }).Stripe;
});
afterEach(() => {
  delete (window as { Stripe?: unknown }).Stripe;
  for (const script of document.head.querySelectorAll('script')) script.remove();
  document.body.replaceChildren();
});

describe('the card form', { timeout: 20_000 }, () => {
  it('mounts the Payment Element with the reply’s keys, pays, has the server check it, then completes', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = fakeStripe(succeeded);
    const seen = answerAjax(() => ({ status: 'success' }));
    const { onPluginComplete } = renderForm();
    await mounted();
    expect(calls.keys).toEqual(['pk_test_site']);
    expect(calls.secrets).toEqual(['pi_41_secret_x']);
    expect(submit().disabled).toBe(false);
    await user.click(submit());
    await waitFor(() => expect(onPluginComplete).toHaveBeenCalledTimes(1));
    expect(calls.confirms).toEqual([{ elements: expect.any(Object), redirect: 'if_required' }]);
    expect(seen.map((s) => [...s.form])).toEqual([
      [
        ['action', 'stripe_payment_charge'],
        ['tid', '41'],
        ['paymentIntent[id]', 'pi_41'],
      ],
    ]);
    expect(errors()?.textContent).toBe('');
    // Paid: the button stays disabled while the page fetches the completion.
    expect(submit().disabled).toBe(true);
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('shows Stripe’s message for a decline, asks nothing of the server, and lets the visitor try again', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: Confirm = () =>
      Promise.resolve({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    const calls = fakeStripe(() => answer());
    const seen = answerAjax(() => ({ status: 'success' }));
    const { onPluginComplete } = renderForm();
    await mounted();
    await user.click(submit());
    await waitFor(() => expect(errors()?.textContent).toBe('Your card was declined.'));
    expect(errors()?.getAttribute('role')).toBe('alert');
    expect(submit().disabled).toBe(false);
    expect(seen).toEqual([]);
    expect(onPluginComplete).not.toHaveBeenCalled();

    answer = succeeded;
    await user.click(submit());
    await waitFor(() => expect(onPluginComplete).toHaveBeenCalledTimes(1));
    expect(calls.confirms).toHaveLength(2);
    expect(seen).toHaveLength(1);
  });

  it('a PaymentIntent still processing: the server’s “still being processed” sentence, and later only the charge call again', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = fakeStripe(() => Promise.resolve({ paymentIntent: { id: 'pi_41', status: 'processing' } }));
    const seen = answerAjax(() => ({ status: 'success' }));
    const { onPluginComplete } = renderForm();
    await mounted();
    await user.click(submit());
    await waitFor(() => expect(errors()?.textContent).toBe(STRIPE_MESSAGES.processing));
    expect(STRIPE_MESSAGES.processing).toContain('still being processed');
    expect(seen).toEqual([]);
    expect(submit().disabled).toBe(false);

    await user.click(submit());
    await waitFor(() => expect(onPluginComplete).toHaveBeenCalledTimes(1));
    expect(calls.confirms).toHaveLength(1);
    expect(seen.map((s) => s.form.get('paymentIntent[id]'))).toEqual(['pi_41']);
  });

  it('a server failure after Stripe took the payment (Stripe unreachable, rate limit…): the next press re-sends only the charge call', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = fakeStripe(succeeded);
    let reply: unknown = { status: 'failed', message: 'We could not reach our card payment provider.' };
    const seen = answerAjax(() => reply);
    const { onPluginComplete } = renderForm();
    await mounted();
    await user.click(submit());
    await waitFor(() => expect(errors()?.textContent).toBe('We could not reach our card payment provider.'));
    expect(submit().disabled).toBe(false);

    reply = { status: 'success' };
    await user.click(submit());
    await waitFor(() => expect(onPluginComplete).toHaveBeenCalledTimes(1));
    expect(calls.confirms).toHaveLength(1);
    expect(seen.map((s) => s.form.get('paymentIntent[id]'))).toEqual(['pi_41', 'pi_41']);
  });

  it('shows the server’s refusal with its message', async () => {
    const user = userEvent.setup({ delay: null });
    fakeStripe(succeeded);
    answerAjax(() => ({ status: 'failed', message: 'The payment does not match this booking.' }));
    const { onPluginComplete } = renderForm();
    await mounted();
    await user.click(submit());
    await waitFor(() => expect(errors()?.textContent).toBe('The payment does not match this booking.'));
    expect(onPluginComplete).not.toHaveBeenCalled();
    expect(submit().disabled).toBe(false);
  });

  it('the legacy empty failure (`[]`) gets our message', async () => {
    const user = userEvent.setup({ delay: null });
    fakeStripe(succeeded);
    answerAjax(() => []);
    const { onPluginComplete } = renderForm();
    await mounted();
    await user.click(submit());
    await waitFor(() => expect(errors()?.textContent).toBe(STRIPE_MESSAGES.notConfirmed));
    expect(onPluginComplete).not.toHaveBeenCalled();
  });

  it('a lost connection after Stripe took the payment: the next press sends the same PaymentIntent, without paying again', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = fakeStripe(succeeded);
    ajaxServer.use(http.post(AJAX_URL, () => HttpResponse.error(), { once: true }));
    const { onPluginComplete } = renderForm();
    await mounted();
    await user.click(submit());
    await waitFor(() => expect(errors()?.textContent).toBe(STRIPE_MESSAGES.offline));
    expect(submit().disabled).toBe(false);

    const seen = answerAjax(() => ({ status: 'success' }));
    await user.click(submit());
    await waitFor(() => expect(onPluginComplete).toHaveBeenCalledTimes(1));
    expect(calls.confirms).toHaveLength(1);
    expect(seen.map((s) => s.form.get('paymentIntent[id]'))).toEqual(['pi_41']);
  });

  it('loads Stripe.js from Stripe only, and says so when it cannot be reached (the button stays disabled)', async () => {
    renderForm();
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(script.src).toBe(STRIPE_JS_URL);
    expect(script.src).toBe('https://js.stripe.com/v3/');
    expect(submit().disabled).toBe(true);
    script.dispatchEvent(new Event('error'));
    await waitFor(() => expect(errors()?.textContent).toBe(STRIPE_MESSAGES.notLoaded));
    expect(submit().disabled).toBe(true);
  });

  it('keys that are not there: no Stripe.js, the message, the button disabled', async () => {
    renderForm({ publishableKey: '', clientSecret: 'pi_41_secret_x', orderId: 41 });
    await waitFor(() => expect(errors()?.textContent).toBe(STRIPE_MESSAGES.notLoaded));
    expect(submit().disabled).toBe(true);
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('unmounted: the Payment Element is destroyed and a late submit does nothing', async () => {
    const calls = fakeStripe(succeeded);
    const { view } = renderForm();
    await mounted();
    const form = document.querySelector('form')!;
    view.unmount();
    expect(calls.destroyed).toBe(1);
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(calls.confirms).toEqual([]);
  });
});

describe('on the payment page', { timeout: 20_000 }, () => {
  it('the card button’s reply with props.stripe shows the form, and the paid booking its completion', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = fakeStripe(succeeded);
    const step3 = capturedReply('payment_template-s3-santorini') as { content: string; sidebar: string };
    const local = (s: string) => s.replaceAll('http://127.0.0.1:8080/wp-admin/admin-ajax.php', AJAX_URL);
    const seen = answerAjax(({ action }) => {
      if (action === 'tourmaster_payment_selected') return { content: FORM, props: { step: 3, stripe: KEYS } };
      if (action === 'stripe_payment_charge') return { status: 'success' };
      return capturedReply('payment_template-s4-guest-booking-creates-order');
    });
    document.body.insertAdjacentHTML(
      'beforeend',
      paymentSkeleton({
        style: 'style-1',
        head: { title: 'Santorini Caldera Sunset Cruise', step: 3, mode: 'booking' },
        ajaxUrl: AJAX_URL,
        bookingDetail: { 'tour-id': '4', 'tour-date': '2027-05-22', 'tour-people': '2', step: '3' },
        fragments: { content: raw(local(step3.content)), sidebar: raw(local(step3.sidebar)) },
      }).value,
    );
    const unmount = await mount(document.querySelector<HTMLElement>('#tourmaster-payment-template-wrapper')!);
    try {
      await user.click(await waitFor(() => screen.getByRole('checkbox', { name: /Terms of Service/ })));
      await user.click(screen.getByRole('button', { name: 'Pay by credit card' }));
      await mounted();
      expect(calls.keys).toEqual(['pk_test_site']);
      await user.click(submit());
      await waitFor(() => expect(document.querySelector('.tourmaster-payment-complete-head')).not.toBeNull());
      expect(seen.map((s) => s.action)).toEqual([
        'tourmaster_payment_selected',
        'stripe_payment_charge',
        'tourmaster_payment_plugin_complete',
      ]);
      expect(seen[0]?.form.get('type')).toBe('stripe');
      expect(seen[2]?.form.get('step')).toBe('4');
    } finally {
      unmount?.();
    }
  });
});
