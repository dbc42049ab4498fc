import type { DepositItemProps } from '../../../client/common/islands/DepositItems';
import { html, type SafeHtml } from '../html';
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
}

const field = (className: string, f: Field) =>
  html`<div class="${className} clearfix" ><span class="tourmaster-head">${f.head}</span> <span class="tourmaster-tail">${f.tail}</span></div>`;

const single = (f: Field) => field('tourmaster-my-booking-single-field', f);

export function bookingSingle(input: BookingSingleInput): SafeHtml {
  const payments =
    input.payments.length > 0 &&
    html`<h3 class="tourmaster-my-booking-single-sub-title">Bank Payment Receipt</h3>${input.payments.map((p, i) => {
      const item: DepositItemProps = {
        heading: `Deposit ${i + 1} : ${p.amount}`,
        open: i === 0,
        rows: [
          { head: 'Submission Date :', tail: p.submissionDate },
          { head: 'Payment Method :', tail: p.method },
          ...(p.transactionId !== '' ? [{ head: 'Transaction ID :', tail: p.transactionId }] : []),
          { head: 'Paid Amount :', tail: p.amount },
          ...(p.status !== '' ? [{ head: 'Payment Status :', tail: p.status }] : []),
        ],
      };
      // The item's typed props first (client/common/islands/DepositItems.ts), for the island.
      return html`<div class="tourmaster-deposit-item ${item.open ? 'tourmaster-active' : ''}" >${islandProps('DepositItems', item)}<div class="tourmaster-deposit-item-head" ><i class="icon_plus" ></i>${item.heading}</div><div class="tourmaster-deposit-item-content" >${item.rows.map(single)}</div></div>`;
    })}`;
  const sidebar = html`<div class="tourmaster-my-booking-single-sidebar" ><h3 class="tourmaster-my-booking-single-title">Order Status</h3><div class="tourmaster-booking-status tourmaster-status-${input.status ?? ''}" >${statusLabel(
    input.status,
  )}</div>${
    input.payUrl &&
    html`<div class="tourmaster-my-booking-single-payment" ><a class="tourmaster-button tourmaster-my-booking-single-payment-online" href="${input.payUrl}" >Make an Online Payment</a></div>`
  }${payments}</div>`;
  const column = (slug: string, title: string, fields: readonly Field[]) =>
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
