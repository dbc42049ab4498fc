import type { SidebarProps, SidebarVars, TotalLine, TotalProps } from '../../../client/common/islands/payment-sidebar';
import { html, raw, type SafeHtml } from '../html';
import { scriptNonce } from '../script-nonce';

/**
 * The total and deposit part of SUMMARY (payment.md §2.2), printed from the sidebar's props: the
 * payment-type radios (or the hidden input), the lines above the total, the total, the deposit,
 * the Next Step button (step 2), and the inline scripts that set the sidebar's `vars`. `coupon` is
 * style-2's coupon field, which sits inside the total box.
 */
export function totalBlock(props: SidebarProps, coupon?: SafeHtml): SafeHtml {
  const t = props.total;
  const { partial } = t;
  const container = html`<div class="tourmaster-tour-booking-bar-total-price-container" >${coupon}${infoLines(t)}<i class="icon_tag_alt" ></i><span class="tourmaster-tour-booking-bar-total-price-title" >Total Price</span><span class="tourmaster-tour-booking-bar-total-price" >${t.payAmount}</span></div>`;
  const options = t.offerChoice
    ? html`<div class="tourmaster-tour-booking-bar-deposit-option" ><label class="tourmaster-deposit-payment-full" ><input type="radio" name="payment-type" value="full" ${!partial && 'checked'} /><span class="tourmaster-content" ><i class="icon_check_alt2" ></i>Pay Full Amount</span></label><label class="tourmaster-deposit-payment-partial" ><input type="radio" name="payment-type" value="partial" ${partial && 'checked'} /><span class="tourmaster-content" ><i class="icon_check_alt2" ></i>Pay ${t.depositPercent}% Deposit</span></label></div>`
    : html`<input type="hidden" name="payment-type" value="${partial ? 'partial' : 'full'}" />`;
  const wrapOpen = raw(
    `<div class="tourmaster-tour-booking-bar-total-price-wrap ${partial ? 'tourmaster-deposit' : ''}" >`,
  );
  const deposit = t.deposit ? depositText(t.deposit, partial) : '';
  // Style-1 closes the total's wrap before the deposit's box, style-2 after it.
  const body = !props.style2
    ? html`${wrapOpen}${options}${container}</div>${deposit}`
    : html`${wrapOpen}${options}${container}${deposit}</div>`;
  return html`${body}${props.nextStep && html`<a class="tourmaster-tour-booking-continue tourmaster-button tourmaster-payment-step" data-step="3" >Next Step</a>`}${scriptVars(props.vars)}${
    props.vars.paypal && paypalSdkScripts(props.vars.paypal)
  }`;
}

function infoLine(line: TotalLine): SafeHtml {
  return html`<span class="tourmaster-tour-booking-bar-total-price-info-title" >${line.head}</span><span class="tourmaster-tour-booking-bar-total-price-info-content" >${line.tail}</span>`;
}

/** The lines above the total and the fee after them, each after a clearing div, and a spaced one after all. */
function infoLines(t: TotalProps): SafeHtml | '' {
  if (t.lines.length === 0 && !t.fee) return '';
  const clear = html`<div class="clear"></div>`;
  const lines = t.lines.map((line, i) => html`${i > 0 && clear}${infoLine(line)}`);
  return html`${lines}${t.fee && html`${clear}${infoLine(t.fee)}`}<div class="clear" style="margin-bottom: 5px;" ></div>`;
}

function depositText(deposit: NonNullable<TotalProps['deposit']>, partial: boolean): SafeHtml {
  const rows = deposit.lines.map(
    (line) =>
      html`<div class="tourmaster-tour-booking-bar-deposit-info clearfix" ><span class="tourmaster-head" >${line.head}</span><span class="tourmaster-tail" >${line.tail}</span></div>`,
  );
  // Not chosen, the class attribute ends with a space (the plugin's).
  return html`<div class="tourmaster-tour-booking-bar-deposit-text ${partial && 'tourmaster-active'}" >${rows}<span class="tourmaster-tour-booking-bar-deposit-title" >${deposit.title}</span><span class="tourmaster-tour-booking-bar-deposit-price" >${deposit.price}</span></div>`;
}

/** `window.tourmaster_transaction_id` and `window.tourmaster_total_price`, when the vars have them. */
function scriptVars(vars: SidebarVars): SafeHtml | '' {
  let script = '';
  if (vars.transactionId !== undefined)
    script += `window.tourmaster_transaction_id = "${jsValue(vars.transactionId)}"; `;
  if (vars.totalPrice !== undefined) script += `window.tourmaster_total_price = "${jsValue(vars.totalPrice)}"; `;
  return script ? raw(`${scriptTag()}${script}</script>`) : '';
}

/** The PayPal JS SDK loader and the amounts its buttons charge. */
function paypalSdkScripts(paypal: NonNullable<SidebarVars['paypal']>): SafeHtml {
  const type = paypal.paymentType === 'partial' ? 'partial' : 'full';
  let script = `window.tourmaster_paypal_currency_code="${jsValue(paypal.currency ?? '')}"; `;
  if (paypal.fullAmount !== undefined)
    script += `window.tourmaster_paypal_full_amount="${jsValue(paypal.fullAmount)}"; `;
  if (paypal.depositAmount !== undefined)
    script += `window.tourmaster_paypal_deposit_amount="${jsValue(paypal.depositAmount)}"; `;
  script += `window.tourmaster_payment_type="${type}"; `;
  script += `window.tourmaster_paypal_pay_amount = window.tourmaster_paypal_${type === 'partial' ? 'deposit' : 'full'}_amount; `;
  return html`${paypal.sdkUrl !== undefined && html`<script src="${paypal.sdkUrl}"></script>`}${raw(`${scriptTag()}${script}</script>`)}`;
}

/**
 * A value inside an inline script's string. sidebar-vars.ts lets only `[A-Za-z0-9_.+-]` into the
 * vars; anything else is dropped here too, so no value can end the string or the script.
 */
function jsValue(value: string): string {
  return value.replace(/[^A-Za-z0-9_.+-]/g, '');
}

/**
 * An inline script's opening tag: on a page, with the request's CSP nonce (http/security-headers.ts);
 * in an admin-ajax fragment, plain (the payment page reads those scripts' values, never runs them).
 */
function scriptTag(): string {
  const nonce = scriptNonce();
  return nonce ? `<script nonce="${nonce}">` : '<script>';
}
