import { html, raw, type SafeHtml } from '../html';
import { STATUS_LABELS, statusBadge } from './common';

/**
 * The booking lists of the account pages (engagement.md §5, items 1, 4 and 6): the status filter
 * and `table.tourmaster-my-booking-table`, shared by the dashboard's "Current Booking", "My
 * Bookings" and "Invoices".
 */

/** The filters "My Bookings" and "Invoices" offer, in the plugin's order. */
export const BOOKING_FILTER_STATUSES = [
  'all',
  'pending',
  'approved',
  'receipt-submitted',
  'online-paid',
  'deposit-paid',
  'departed',
  'rejected',
  'wait-for-approval',
] as const;

/** `invoices&sub_page=paid`. */
export const PAID_FILTER_STATUSES = ['all', 'approved', 'online-paid', 'departed'] as const;

export function bookingFilter(
  statuses: readonly string[],
  active: string,
  linkFor: (status: string) => string,
): SafeHtml {
  const sep = raw('<span class="tourmaster-sep">|</span>');
  return html`<div class="tourmaster-my-booking-filter" >${statuses.map(
    (status) =>
      html`${sep}<a ${status === active && raw(' class="tourmaster-active"')} href="${linkFor(status)}" >${
        status === 'all' ? 'All' : (STATUS_LABELS[status] ?? status)
      }</a>`,
  )}</div>`;
}

export interface BookingRow {
  status: string | null;
  tourTitle: string;
  /** The single booking (or invoice) page. */
  link: string;
  travelDate: string;
  total: string;
  /** The pay link (`fa-dollar`), for orders that still take a payment. */
  payUrl?: string;
  /** The cancel link (`fa-remove`), with its nonce. */
  cancelUrl?: string;
}

export function bookingTable(rows: readonly BookingRow[]): SafeHtml {
  return html`<table class="tourmaster-my-booking-table tourmaster-table" ><tr><th>Tour Name</th><th>Travel Date</th><th>Total</th><th>Payment Status</th></tr>${rows.map(
    (row) =>
      html`<tr><td><a class="tourmaster-my-booking-title" href="${row.link}" >${row.tourTitle}</a></td><td>${row.travelDate}</td><td><span class="tourmaster-my-booking-price" >${row.total}</span></td><td>${statusBadge(
        row.status,
      )}${row.payUrl && html`<a class="tourmaster-my-booking-action fa fa-dollar" href="${row.payUrl}" ></a>`}${
        row.cancelUrl &&
        html`<a class="tourmaster-my-booking-action fa fa-remove" href="${row.cancelUrl}" data-confirm="Are you sure you want to cancel this booking?" ></a>`
      }</td></tr>`,
  )}</table>`;
}
