import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../core/config';
import { canonicalHtml } from '../../parity/html-dom';
import { Money } from '../../tourmaster/money';
import { paypalInvoiceNumber, paypalStandardForm, tidFromPaypalInvoice } from './paypal-standard-form';

const exchange = JSON.parse(
  readFileSync(path.join(PROJECT_ROOT, 'legacy-fixtures', 'exchanges', 'payment_selected-paypal-new.json'), 'utf8'),
) as { response: { json: { content: string } } };
const LEGACY = exchange.response.json.content;

const SANTORINI = {
  liveMode: false,
  business: '',
  currencyCode: 'USD',
  itemName: 'Santorini Caldera Sunset Cruise',
  // 2 × 120 + 9 % tax = 261.60, + 3 % PayPal fee, unrounded as the plugin prints it.
  amount: Money.of('261.6').times('1.03'),
  homeUrl: 'http://127.0.0.1:8080',
  paymentUrl: 'http://127.0.0.1:8080/payment/',
};

/** The invoice number carries the time and the order id; the return URL the order id. */
const normalise = (html: string) =>
  html.replace(/name="invoice" value="01\d{14}\d+"/, 'name="invoice" value="INVOICE"').replace(/tid=\d+/g, 'tid=N');

describe('PayPal standard form', () => {
  it('is the captured gateway reply as a DOM (invoice time and order id normalised)', () => {
    const ours = paypalStandardForm({ ...SANTORINI, tid: 31, now: new Date('2027-01-02T03:04:05Z') });
    expect(canonicalHtml(normalise(ours))).toBe(canonicalHtml(normalise(LEGACY)));
  });

  it('matches the capture byte for byte at the captured time, but for the escaped & of the return URL', () => {
    const ours = paypalStandardForm({ ...SANTORINI, tid: 14, now: new Date('2026-11-21T23:22:42Z') });
    expect(ours).toContain('value="http://127.0.0.1:8080/payment/?tid=14&amp;step=4&amp;payment_method=paypal"');
    expect(ours.replaceAll('&amp;', '&')).toBe(LEGACY);
  });

  it('escapes every value', () => {
    const html = paypalStandardForm({
      ...SANTORINI,
      business: 'x" onfocus="alert(1)',
      itemName: '"><script>alert(1)</script>',
      tid: 5,
      now: new Date('2027-01-02T03:04:05Z'),
    });
    expect(html).not.toContain('<script>alert');
    type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] };
    const form = (parseFragment(html) as unknown as Node).childNodes?.find((n) => n.nodeName === 'form');
    const inputs = (form?.childNodes ?? []).filter((n) => n.nodeName === 'input');
    const value = (name: string) =>
      inputs
        .find((i) => i.attrs?.some((a) => a.name === 'name' && a.value === name))
        ?.attrs?.find((a) => a.name === 'value')?.value;
    expect(inputs).toHaveLength(8);
    expect(value('item_name')).toBe('"><script>alert(1)</script>');
    expect(value('business')).toBe('x" onfocus="alert(1)');
    expect(inputs.every((i) => i.attrs?.every((a) => a.name !== 'onfocus'))).toBe(true);
  });

  it('uses live PayPal and the query-string payment page when configured so', () => {
    const html = paypalStandardForm({
      ...SANTORINI,
      liveMode: true,
      paymentUrl: 'http://127.0.0.1:8080/?tourmaster-payment',
      amount: 269.45,
      tid: 13,
      now: new Date('2026-11-21T22:39:13Z'),
    });
    expect(html).toContain('action="https://www.paypal.com/cgi-bin/webscr"');
    expect(html).toContain(
      'value="http://127.0.0.1:8080/?tourmaster-payment&amp;tid=13&amp;step=4&amp;payment_method=paypal"',
    );
    expect(html).toContain('name="invoice" value="012111202622391313"');
    expect(html).toContain('name="amount" value="269.45"');
  });

  it('invoice numbers round-trip to the order id', () => {
    const invoice = paypalInvoiceNumber(new Date('2026-11-21T23:22:42Z'), 14);
    expect(invoice).toBe('012111202623224214');
    expect(tidFromPaypalInvoice(invoice)).toBe(14);
    expect(tidFromPaypalInvoice('99')).toBeUndefined();
  });
});
