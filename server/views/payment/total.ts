import { phpFloatToString } from '../../php/float';
import { formatMoney, type Money, type MoneyFormat, numberFormat } from '../../tourmaster/money';

import type { TourPrice } from '../../tourmaster/pricing';
import { html, raw, type SafeHtml } from '../html';
import { scriptNonce } from '../script-nonce';

/** The PayPal JS SDK settings (payment option `paypal-method == js-sdk`). */
export interface PaypalSdk {
  clientId: string;
  currency: string;
  /** `paypal-service-fee` as stored ('' for none). */
  serviceFee: string;
}

export interface TotalInput {
  price: TourPrice;
  format: MoneyFormat;
  style: 'style-1' | 'style-2';
  /** Style-2 puts the coupon field (step 2) inside the total box. */
  coupon?: SafeHtml;
  tid?: number;
  paypalSdk?: PaypalSdk;
  editable: boolean;
}

const FEE_LABELS = { paypal: 'Paypal Fee', 'credit-card': 'Credit Card Fee' } as const;

/**
 * The total and deposit part of SUMMARY (payment.md §2.2): the payment-type radios (or the hidden
 * input), paid/remaining rows and gateway fee rows, the total, the deposit, the Next Step button,
 * and the script variables the page's script reads (`tid` only as a number).
 */
export function totalBlock(input: TotalInput): SafeHtml {
  const { price, format } = input;
  const money = (m: Money) => formatMoney(m, format);
  const choice = price.payment;
  const partial = choice.type === 'partial';
  const fee = price.serviceFee;
  const payFee = fee?.on === 'pay-amount' ? fee : undefined;
  const feeRow =
    payFee &&
    html`<div class="clear"></div><span class="tourmaster-tour-booking-bar-total-price-info-title" >${FEE_LABELS[payFee.gateway]} (${payFee.rate}%)</span><span class="tourmaster-tour-booking-bar-total-price-info-content" >${money(payFee.fee)}</span>`;
  const paid = !price.paidAmount.isZero();
  const infoRows = paid
    ? html`${infoRow('Total Amount', money(price.total))}<div class="clear"></div>${infoRow('Paid Amount', money(price.paidAmount))}<div class="clear"></div>${infoRow(
        'Remaining Amount',
        money(price.total.minus(price.paidAmount)),
      )}${feeRow}<div class="clear" style="margin-bottom: 5px;" ></div>`
    : payFee && html`${feeRow}<div class="clear" style="margin-bottom: 5px;" ></div>`;
  const container = html`<div class="tourmaster-tour-booking-bar-total-price-container" >${input.coupon}${infoRows}<i class="icon_tag_alt" ></i><span class="tourmaster-tour-booking-bar-total-price-title" >Total Price</span><span class="tourmaster-tour-booking-bar-total-price" >${money(price.payAmount)}</span></div>`;
  const options = choice.offerChoice
    ? html`<div class="tourmaster-tour-booking-bar-deposit-option" ><label class="tourmaster-deposit-payment-full" ><input type="radio" name="payment-type" value="full" ${!partial && 'checked'} /><span class="tourmaster-content" ><i class="icon_check_alt2" ></i>Pay Full Amount</span></label><label class="tourmaster-deposit-payment-partial" ><input type="radio" name="payment-type" value="partial" ${partial && 'checked'} /><span class="tourmaster-content" ><i class="icon_check_alt2" ></i>Pay ${Math.trunc(price.plan.nextDepositPercent ?? 0)}% Deposit</span></label></div>`
    : html`<input type="hidden" name="payment-type" value="${choice.type}" />`;
  const wrapOpen = raw(
    `<div class="tourmaster-tour-booking-bar-total-price-wrap ${partial ? 'tourmaster-deposit' : ''}" >`,
  );
  const deposit = choice.depositPayment ? depositText(input, partial) : '';
  const body =
    input.style === 'style-1'
      ? html`${wrapOpen}${options}${container}</div>${deposit}`
      : html`${wrapOpen}${options}${container}${deposit}</div>`;
  return html`${body}${input.editable && html`<a class="tourmaster-tour-booking-continue tourmaster-button tourmaster-payment-step" data-step="3" >Next Step</a>`}${scriptVars(input)}${
    input.paypalSdk && paypalSdkScripts(input, input.paypalSdk)
  }`;
}

function infoRow(title: string, content: string): SafeHtml {
  return html`<span class="tourmaster-tour-booking-bar-total-price-info-title" >${title}</span><span class="tourmaster-tour-booking-bar-total-price-info-content" >${content}</span>`;
}

function depositText(input: TotalInput, partial: boolean): SafeHtml {
  const { price, format } = input;
  const fee = price.serviceFee?.on === 'deposit' ? price.serviceFee : undefined;
  const raw = fee?.raw;
  const rows = html`${
    raw &&
    !raw.isZero() &&
    html`<div class="tourmaster-tour-booking-bar-deposit-info clearfix" ><span class="tourmaster-head" >Deposit Amount (${price.depositRate ?? ''}%)</span><span class="tourmaster-tail" >${formatMoney(raw, format)}</span></div>`
  }${
    fee &&
    !fee.fee.isZero() &&
    html`<div class="tourmaster-tour-booking-bar-deposit-info clearfix" ><span class="tourmaster-head" >${fee.gateway === 'paypal' ? `${Math.trunc(Number(fee.rate) || 0)}% Paypal Service Fee` : `${fee.rate}% Credit Card Service Fee`}</span><span class="tourmaster-tail" >${formatMoney(fee.fee, format)}</span></div>`
  }`;
  const title = raw && !raw.isZero() ? 'Deposit Price' : `${price.depositRate ?? ''}% Deposit `;
  const amount = price.depositPrice ?? price.plan.nextDepositAmount;
  return html`<div class="tourmaster-tour-booking-bar-deposit-text ${partial && 'tourmaster-active'}" >${rows}<span class="tourmaster-tour-booking-bar-deposit-title" >${title}</span><span class="tourmaster-tour-booking-bar-deposit-price" >${amount ? formatMoney(amount, format) : ''}</span></div>`;
}

/**
 * `window.tourmaster_transaction_id` (when the detail pays an order) and `window.tourmaster_total_price`
 * (PHP's 14-digit float text, when the total is not 0). Only digits reach the script.
 */
function scriptVars(input: TotalInput): SafeHtml | '' {
  let vars = '';
  if (input.tid !== undefined && input.tid > 0)
    vars += `window.tourmaster_transaction_id = "${Math.trunc(input.tid)}"; `;
  if (!input.price.total.isZero())
    vars += `window.tourmaster_total_price = "${phpFloatToString(input.price.total.toNumber())}"; `;
  return vars ? raw(`${scriptTag()}${vars}</script>`) : '';
}

/** The PayPal JS SDK loader and the amounts its buttons charge (fee included, 2 decimals, `.`). */
function paypalSdkScripts(input: TotalInput, sdk: PaypalSdk): SafeHtml {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '');
  const code = safe(sdk.currency);
  const fee = Number(sdk.serviceFee) || 0;
  const withFee = (m: Money) => numberFormat(m.times(1 + fee / 100), 2, '.', '');
  const { price } = input;
  const rawPay = price.serviceFee?.on === 'pay-amount' && price.serviceFee.raw ? price.serviceFee.raw : price.payAmount;
  const rawDeposit = price.serviceFee?.on === 'deposit' ? price.serviceFee.raw : price.depositPrice;
  let vars = `window.tourmaster_paypal_currency_code="${code}"; `;
  if (!rawPay.isZero()) vars += `window.tourmaster_paypal_full_amount="${withFee(rawPay)}"; `;
  if (rawDeposit && !rawDeposit.isZero()) vars += `window.tourmaster_paypal_deposit_amount="${withFee(rawDeposit)}"; `;
  const partial = price.payment.type === 'partial';
  vars += `window.tourmaster_payment_type="${partial ? 'partial' : 'full'}"; `;
  vars += `window.tourmaster_paypal_pay_amount = window.tourmaster_paypal_${partial ? 'deposit' : 'full'}_amount; `;
  const src = `https://www.paypal.com/sdk/js?client-id=${safe(sdk.clientId)}&currency=${code}&disable-funding=card`;
  return html`<script src="${src}"></script>${raw(`${scriptTag()}${vars}</script>`)}`;
}

/**
 * An inline script's opening tag: on a page, with the request's CSP nonce (http/security-headers.ts);
 * in an admin-ajax fragment, plain (the payment page reads those scripts' values, never runs them).
 */
function scriptTag(): string {
  const nonce = scriptNonce();
  return nonce ? `<script nonce="${nonce}">` : '<script>';
}
