import type { DepositItemProps } from '../../../client/common/islands/DepositItems';
import { html, raw, type SafeHtml } from '../html';
import { islandProps } from '../island-props';
import { statusLabel } from './common';

/**
 * One booking (`?page_type=my-booking&sub_page=single&id=N`) and its printable invoice
 * (`?page_type=invoices&sub_page=single&id=N`), as legacy-fixtures/pages/user-my-booking-single-
 * customer1.html and user-invoices-single-customer1.html print order 1.
 */

/** A labelled value (`Order Number : #1`). */
export interface Field {
  head: string;
  tail: string | SafeHtml;
}

/** One entry of the order's `payment_info`, as the sidebar and the invoice list it. */
export interface PaymentEntry {
  amount: string;
  submissionDate: string;
  method: string;
  methodLabel: string;
  transactionId: string;
  status: string;
  date: string;
  /** The uploaded receipt (a bank transfer's `file_url`), when there is one. */
  fileUrl?: string;
}

export interface BookingSingleInput {
  status: string | null;
  orderId: number;
  bookingDate: string;
  tourTitle: string;
  tourUrl: string;
  travelDate: string;
  contact: readonly Field[];
  billing: readonly Field[];
  travellers: readonly Field[];
  breakdown: SafeHtml | '';
  total: string;
  payments: readonly PaymentEntry[];
  /** "Make an Online Payment" (`{payment page}?tid=N&step=3`), for orders that still take a payment. */
  payUrl?: string;
  /**
   * "Submit Payment Receipt" and its lightbox form (`action=payment-receipt`, the plugin's
   * `tourmaster_lb_payment_receipt`), for the statuses the plugin offers it to. `actionUrl` is the
   * page the form posts to, `nonce` its hidden `security` input (ours: the legacy form had none).
   */
  receiptForm?: { actionUrl: string; nonce: SafeHtml; paymentTypes: ReceiptPaymentTypes };
}

/** The lightbox's payment types (the plugin's radios): the full amount and/or the next deposit, formatted. */
export interface ReceiptPaymentTypes {
  full?: string;
  deposit?: { percent: number; amount: string };
}

/**
 * "Select Payment Type" as the plugin's `tourmaster_lb_payment_receipt` prints it: a radio per
 * payment offered, the first checked. Ours leaves the block out when neither is offered.
 */
function paymentTypeField(types: ReceiptPaymentTypes): SafeHtml | '' {
  if (!types.full && !types.deposit) return '';
  const option = (slug: string, value: string, checked: boolean, text: string) =>
    html`<label class="tourmaster-deposit-payment-${slug}" ><input type="radio" name="payment-type" value="${value}" ${checked ? raw('checked ') : ''}/><span class="tourmaster-content" ><i class="icon_check_alt2" ></i>${text}</span></label>`;
  return html`<div class="tourmaster-payment-receipt-field tourmaster-payment-receipt-field-payment-type clearfix" ><div class="tourmaster-head" >Select Payment Type</div><div class="tourmaster-tail clearfix" ><div class="tourmaster-payment-receipt-deposit-option" >${
    types.full && option('full', 'full', true, `Pay Full Amount : ${types.full}`)
  }${
    types.deposit &&
    option('partial', 'partial', !types.full, `Pay ${types.deposit.percent}% Deposit : ${types.deposit.amount}`)
  }</div></div></div>`;
}

const field = (className: string, f: Field) =>
  html`<div class="${className} clearfix" ><span class="tourmaster-head">${f.head}</span> <span class="tourmaster-tail">${f.tail}</span></div>`;

const single = (f: Field) => field('tourmaster-my-booking-single-field', f);

const CLOSE = raw('<i class="tourmaster-lightbox-close icon_close" ></i>');

/** The receipt's picture (or a download link for a PDF), as the plugin's deposit item shows it. */
const isPdf = (url: string) => /\.pdf(?:$|[?#])/i.test(url);

function receiptFile(url: string): SafeHtml {
  const inner = isPdf(url)
    ? html`<a href="${url}" target="_blank" ><i class="fa fa-file" ></i>Download</a>`
    : html`<a href="${url}" target="_blank" ><img src="${url}" alt="receipt" /></a>`;
  return html`<div class="tourmaster-my-booking-single-payment-receipt" >${inner}</div>`;
}

/**
 * The lightbox form of "Submit Payment Receipt", with the plugin's fields and names: the receipt
 * image, the transaction id (required), the hidden `action=payment-receipt` and order `id`.
 */
function receiptLightbox(orderId: number, form_: NonNullable<BookingSingleInput['receiptForm']>): SafeHtml {
  const { actionUrl, nonce } = form_;
  const form = html`<form class="tourmaster-payment-receipt-form tourmaster-form-field tourmaster-with-border" method="post" enctype="multipart/form-data" action="${actionUrl}" >${paymentTypeField(form_.paymentTypes)}<div class="tourmaster-payment-receipt-field tourmaster-payment-receipt-field-receipt clearfix" ><div class="tourmaster-head" >Select Image</div><div class="tourmaster-tail clearfix" ><label class="tourmaster-file-label" ><span class="tourmaster-file-label-text" >Click to select a file</span><input type="file" name="receipt" accept="image/*,application/pdf" aria-label="Select Image" /></label></div></div><div class="tourmaster-payment-receipt-field tourmaster-payment-receipt-field-transaction-id clearfix" ><div class="tourmaster-head" >Transaction ID ( from the receipt )<span class="tourmaster-req" >*</span></div><div class="tourmaster-tail clearfix" ><input type="text" name="transaction-id" value="" maxlength="100" data-required aria-label="Transaction ID ( from the receipt )" /></div></div><div class="tourmaster-lb-submit-error tourmaster-notification-box tourmaster-failure" style="display: none;" >Please fill all required fields</div><div class="tourmaster-payment-receipt-field-submit" ><input class="tourmaster-payment-receipt-field-submit-button tourmaster-button" type="submit" value="Submit" /></div><div class="tourmaster-payment-receipt-description" >* Please wait for the verification process after submitting the receipt. This could take up to couple days. You can check the status of submission from your "Dashboard" or "My Booking" page.</div><input type="hidden" name="action" value="payment-receipt" /><input type="hidden" name="id" value="${orderId}" />${nonce}</form>`;
  return html`<div class="tourmaster-lightbox-content-wrap tourmaster-style-1" data-tmlb-id="payment-receipt" ><div class="tourmaster-lightbox-head" ><h3 class="tourmaster-lightbox-title" >Submit Bank Payment Receipt</h3>${CLOSE}</div><div class="tourmaster-lightbox-content" >${form}</div></div>`;
}

export function bookingSingle(input: BookingSingleInput): SafeHtml {
  const items = input.payments.map((p, i) => {
    const item: DepositItemProps = {
      heading: `Deposit ${i + 1} : ${p.amount}`,
      // The plugin opens the latest payment.
      open: i === input.payments.length - 1,
      rows: [
        { head: 'Submission Date :', tail: p.submissionDate },
        { head: 'Payment Method :', tail: p.method === 'receipt' ? 'Receipt Submission' : p.method },
        ...(p.transactionId !== '' ? [{ head: 'Transaction ID :', tail: p.transactionId }] : []),
        { head: 'Paid Amount :', tail: p.amount },
        ...(p.status !== '' ? [{ head: 'Payment Status :', tail: p.status }] : []),
      ],
      ...(p.fileUrl ? { receipt: { url: p.fileUrl, pdf: isPdf(p.fileUrl) } } : {}),
    };
    // The item's typed props first (client/common/islands/DepositItems.ts), for the island.
    return html`<div class="tourmaster-deposit-item ${item.open ? 'tourmaster-active' : ''}" >${islandProps('DepositItems', item)}<div class="tourmaster-deposit-item-head" ><i class="icon_plus" ></i>${item.heading}</div><div class="tourmaster-deposit-item-content" >${p.fileUrl && receiptFile(p.fileUrl)}${item.rows.map(single)}</div></div>`;
  });
  const actions = [
    input.receiptForm &&
      html`<a data-tmlb="payment-receipt" class="tourmaster-my-booking-single-receipt-button tourmaster-button" >Submit Payment Receipt</a>${receiptLightbox(input.orderId, input.receiptForm)}`,
    input.payUrl &&
      html`<a href="${input.payUrl}" class="tourmaster-my-booking-single-payment-button tourmaster-button" >Make an Online Payment</a>`,
  ].filter((part): part is SafeHtml => Boolean(part));
  // The plugin prints the "Bank Payment Receipt" heading over nothing for an order with no payment
  // and no form; ours only when something follows it.
  const receipts =
    (items.length > 0 || actions.length > 0) &&
    html`<h3 class="tourmaster-my-booking-single-sub-title">Bank Payment Receipt</h3>${items}${actions}`;
  const sidebar = html`<div class="tourmaster-my-booking-single-sidebar" ><h3 class="tourmaster-my-booking-single-title">Order Status</h3><div class="tourmaster-booking-status tourmaster-status-${input.status ?? ''}" >${statusLabel(
    input.status,
  )}</div>${receipts}</div>`;
  // A column with no fields (an order without billing details) is left out, not printed as a bare heading.
  const column = (slug: string, title: string, fields: readonly Field[]) =>
    fields.length > 0 &&
    html`<div class="tourmaster-my-booking-single-${slug}-column tourmaster-column-20 tourmaster-item-pdlr" ><h3 class="tourmaster-my-booking-single-title">${title}</h3>${fields.map(single)}</div>`;
  const summary = column('order-summary', 'Order Summary', [
    { head: 'Order Number :', tail: `#${input.orderId}` },
    { head: 'Booking Date :', tail: input.bookingDate },
    { head: 'Tour :', tail: html`<a href="${input.tourUrl}" target="_blank" >${input.tourTitle}</a>` },
    { head: 'Travel Date :', tail: input.travelDate },
  ]);
  const content = html`<div class="tourmaster-my-booking-single-content" ><div class="tourmaster-item-rvpdlr clearfix" >${summary}${column(
    'contact-detail',
    'Contact Detail',
    input.contact,
  )}${column('billing-detail', 'Billing Detail', input.billing)}</div>${
    input.travellers.length > 0 &&
    html`<div class="tourmaster-my-booking-single-traveller-info" ><h3 class="tourmaster-my-booking-single-title">Traveller Info</h3>${input.travellers.map(single)}</div>`
  }<div class="tourmaster-my-booking-single-price-breakdown" ><h3 class="tourmaster-my-booking-single-title">Price Breakdown</h3>${input.breakdown}<div class="tourmaster-my-booking-single-total-price clearfix" >${single({ head: 'Total', tail: input.total })}</div></div></div>`;
  return html`<div class="tourmaster-my-booking-single-content-wrap" >${sidebar}${content}</div>`;
}

export interface InvoiceInput {
  orderId: number;
  invoiceDate: string;
  logo: SafeHtml | '';
  receiverName: string;
  receiverAddress: string;
  companyName: string;
  companyInfo: SafeHtml;
  travellers: readonly Field[];
  /** `tourmaster-invoice-price-item` rows: the tour (title and captions), then services. */
  items: readonly { title: string; captions: readonly string[]; amount: string }[];
  /** Sub total, discounts, tax: `[class suffix, head, amount]`. */
  summary: readonly [string, string, string][];
  total: string;
  payments: readonly PaymentEntry[];
}

export function invoice(input: InvoiceInput): SafeHtml {
  const item = (cls: string, head: string | SafeHtml, tail: string) =>
    html`<div class="tourmaster-invoice-${cls} clearfix" ><span class="tourmaster-head" >${head}</span><span class="tourmaster-tail tourmaster-right" >${tail}</span></div>`;
  const head = html`<div class="tourmaster-invoice-head clearfix" ><div class="tourmaster-invoice-head-left" ><div class="tourmaster-invoice-logo" >${input.logo}</div><div class="tourmaster-invoice-id" >Invoice ID : #${input.orderId}</div><div class="tourmaster-invoice-date" >Invoice date : ${input.invoiceDate}</div><div class="tourmaster-invoice-receiver" ><div class="tourmaster-invoice-receiver-head" >Invoice To</div><div class="tourmaster-invoice-receiver-info" ><span class="tourmaster-invoice-receiver-name" >${input.receiverName}</span><span class="tourmaster-invoice-receiver-address" >${input.receiverAddress}</span></div></div></div><div class="tourmaster-invoice-head-right" ><div class="tourmaster-invoice-company-info" ><div class="tourmaster-invoice-company-name" >${input.companyName}</div><div class="tourmaster-invoice-company-info" >${input.companyInfo}</div></div></div></div>`;
  const travellers =
    input.travellers.length > 0 &&
    html`<div class="tourmaster-invoice-single-traveller-info" style="margin-bottom: 50px; " ><h3 class="tourmaster-invoice-single-title" style="font-size: 16px; text-transform: uppercase; margin-top: -20px; font-weight: 800" >Traveller Info</h3>${input.travellers.map(
      (f) => field('tourmaster-invoice-single-field', f),
    )}</div>`;
  const prices = html`<div class="tourmaster-invoice-price-breakdown" ><div class="tourmaster-invoice-price-head" ><span class="tourmaster-head" >Description</span><span class="tourmaster-tail" >Total</span></div><div class="tourmaster-invoice-price clearfix" >${input.items.map(
    (i) =>
      item(
        'price-item',
        html`<span class="tourmaster-head-title" >${i.title}</span>${i.captions.map(
          (c) => html`<span class="tourmaster-head-caption" >${c}</span>`,
        )}`,
        i.amount,
      ),
  )}${input.summary.map(([cls, h, amount]) => item(cls, h, amount))}</div><div class="tourmaster-invoice-total-price clearfix" ><span class="tourmaster-head">Total</span> <span class="tourmaster-tail">${input.total}</span></div></div>`;
  const paymentItem = (h: string, v: string) =>
    html`<div class="tourmaster-invoice-payment-info-item" ><div class="tourmaster-head" >${h}</div><div class="tourmaster-tail" >${v}</div></div>`;
  const payments =
    input.payments.length > 0 &&
    html`<div class="tourmaster-invoice-payment-info clearfix" >${input.payments.map(
      (p) =>
        html`<div class="tourmaster-invoice-payment-info-item-wrap clearfix" >${[
          paymentItem('Payment Method', p.methodLabel),
          paymentItem('Paid Amount', p.amount),
          paymentItem('Date', p.date),
          p.transactionId !== '' && paymentItem('Transaction ID', p.transactionId),
        ]}</div>`,
    )}</div>`;
  return html`<div class="tourmaster-invoice-wrap clearfix" id="tourmaster-invoice-wrap" >${head}${travellers}${prices}${payments}</div><div class="tourmaster-invoice-button" ><a href="#" class="tourmaster-button tourmaster-print" data-id="tourmaster-invoice-wrap" ><i class="fa fa-print" ></i>Print</a></div>`;
}
