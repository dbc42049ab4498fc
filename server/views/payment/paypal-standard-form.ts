import { phpFloatToString } from '../../php/float';
import { Money } from '../../tourmaster/money';
import { addQueryArg } from '../../wp/text';
import { escapeHtml } from '../html';

/**
 * GATEWAY(paypal, tid) when the site uses PayPal standard (payment.md §6): a message and a form that
 * posts itself to PayPal's `webscr`, markup as the legacy reply `payment_selected-paypal-new` has it
 * (same tags, attributes, tab indentation and script). Every value is attribute-escaped; the legacy
 * site printed the tour title and the return URL raw, so ours differ only in `&amp;` where it had `&`.
 */
export interface PaypalStandardFormInput {
  /** `paypal-live-mode` == enable: www.paypal.com, else www.sandbox.paypal.com. */
  liveMode: boolean;
  /** `paypal-business-email`, trimmed (may be empty, as on the fixture site). */
  business: string;
  /** `paypal-currency-code`, trimmed. */
  currencyCode: string;
  /** The tour's title (`item_name`). */
  itemName: string;
  /** Our order id. */
  tid: number;
  /**
   * The amount to charge: the stored fee-inclusive `deposit-price` or `pay-amount` × rate. Printed
   * as PHP prints the float, unrounded (`269.448`), as the legacy form did.
   */
  amount: Money | number;
  /** Site home URL without trailing slash (`http://127.0.0.1:8080`): `notify_url` = `{home}/?paypal`. */
  homeUrl: string;
  /** The payment page (`http://127.0.0.1:8080/payment/` or `…/?tourmaster-payment`). */
  paymentUrl: string;
  /** For the invoice number `01` + `dmYHis` (UTC, PHP `date()` under WordPress) + tid. */
  now: Date;
}

export function paypalInvoiceNumber(now: Date, tid: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp =
    pad(now.getUTCDate()) +
    pad(now.getUTCMonth() + 1) +
    String(now.getUTCFullYear()) +
    pad(now.getUTCHours()) +
    pad(now.getUTCMinutes()) +
    pad(now.getUTCSeconds());
  return `01${stamp}${tid}`;
}

/** The tid an IPN's `invoice` names: everything after the 16-character `01dmYHis` prefix. */
export function tidFromPaypalInvoice(invoice: string): number | undefined {
  if (!/^01\d{14}\d+$/.test(invoice)) return undefined;
  const tid = Number(invoice.slice(16));
  return Number.isSafeInteger(tid) && tid > 0 ? tid : undefined;
}

export function paypalStandardForm(input: PaypalStandardFormInput): string {
  const action = input.liveMode
    ? 'https://www.paypal.com/cgi-bin/webscr'
    : 'https://www.sandbox.paypal.com/cgi-bin/webscr';
  const amount = phpFloatToString(input.amount instanceof Money ? input.amount.toNumber() : input.amount);
  const home = `${input.homeUrl.replace(/\/+$/, '')}/`;
  const fields: [string, string][] = [
    ['cmd', '_xclick'],
    ['business', input.business.trim()],
    ['currency_code', input.currencyCode.trim()],
    ['item_name', input.itemName],
    ['invoice', paypalInvoiceNumber(input.now, input.tid)],
    ['amount', amount],
    ['notify_url', addQueryArg(home, { paypal: '' })],
    ['return', addQueryArg(input.paymentUrl, { tid: input.tid, step: 4, payment_method: 'paypal' })],
  ];
  let out = '<div class="goodlayers-paypal-redirecting-message" >Please wait while we redirect you to paypal.</div>\n';
  out += `<form id="goodlayers-paypal-redirection-form" method="post" action="${action}" >\n`;
  for (const [name, value] of fields) out += `\t<input type="hidden" name="${name}" value="${escapeHtml(value)}" />\n`;
  out += '</form>\n';
  out += '<script type="text/javascript">\n';
  out += "\t(function($){\n\t\t$('#goodlayers-paypal-redirection-form').submit();\n\t})(jQuery);\n";
  out += '</script>\n';
  return out;
}
