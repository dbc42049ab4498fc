import { isEmpty, isSet, list, record, str } from '../../php/coerce';
import {
  attachmentImageUrl,
  bookedTour,
  type CustomerOrder,
  customerOrder,
  customerOrders,
  tourTitles,
} from '../../services/accounts/customer-orders';
import { receiptChoicesFor } from '../../services/accounts/payment-receipt';
import { parseCustomFields } from '../../tourmaster/custom-fields';
import { normalizePaymentInfos, type PaymentInfo } from '../../tourmaster/deposit';
import { Money } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';
import { awaitsPayment, isCustomerCancellable, takesReceipt } from '../../tourmaster/order-status';
import { contactFieldsFor, travellerFieldsFor } from '../../tourmaster/payment-page';
import { breakdownFromJson } from '../../tourmaster/price-breakdown';
import { phpMoney } from '../../tourmaster/pricing-settings';
import type { ServiceLine } from '../../tourmaster/services';
import {
  bookingSingle,
  type Field,
  invoice,
  type PaymentEntry,
  type ReceiptPaymentTypes,
} from '../../views/account/booking-single';
import {
  BOOKING_FILTER_STATUSES,
  type BookingRow,
  bookingFilter,
  bookingTable,
  PAID_FILTER_STATUSES,
} from '../../views/account/bookings';
import {
  adminContent,
  breadcrumbs,
  contentBlock,
  contentInner,
  emptyState,
  STATUS_LABELS,
  updateNotice,
} from '../../views/account/common';
import { addQueryArg, removeQueryArg } from '../../views/account/urls';
import { html, raw, type SafeHtml } from '../../views/html';
import { priceBreakdown } from '../../views/payment/breakdown';
import { TRAVELLER_TITLES } from '../../views/payment/traveller-form';
import {
  type AccountRequest,
  accountPageUrl,
  money,
  nonceInput,
  siteDate,
  siteDateTime,
  toursUrl,
  tourUrl,
} from './context';
import { RECEIPT_NONCE_ACTION, RECEIPT_NONCE_FIELD } from './payment-receipt';

/** The nonce action of one order's cancel link (ours, DEFECTS.md 17). */
export function cancelNonceAction(orderId: number): string {
  return `tourmaster-cancel-booking_${orderId}`;
}

async function rowsOf(
  a: AccountRequest,
  orders: readonly TourOrder[],
  linkPage: 'my-booking' | 'invoices',
  withActions: boolean,
): Promise<BookingRow[]> {
  const titles = await tourTitles(
    a.ctx,
    orders.map((o) => o.tourId),
  );
  const rows: BookingRow[] = [];
  for (const order of orders) {
    const single = addQueryArg(a.requestUri, {
      page_type: linkPage,
      sub_page: 'single',
      id: order.id,
      tour_id: order.tourId,
    });
    const row: BookingRow = {
      status: order.status,
      tourTitle: titles.get(order.tourId)?.title ?? '',
      link: single,
      travelDate: siteDate(a, order.travelDate),
      total: order.totalPrice === null ? '' : money(a, order.totalPrice),
    };
    if (withActions && awaitsPayment(order.status)) {
      row.payUrl = addQueryArg(a.requestUri, {
        page_type: 'my-booking',
        sub_page: 'single',
        id: order.id,
        tour_id: order.tourId,
      });
    }
    if (withActions && isCustomerCancellable(order.status)) {
      row.cancelUrl = addQueryArg(a.requestUri, {
        action: 'remove',
        id: order.id,
        _wpnonce: await a.ctx.nonce(cancelNonceAction(order.id)),
      });
    }
    rows.push(row);
  }
  return rows;
}

/** The dashboard's "Current Booking": the latest five orders that are not cancelled. */
export async function currentBookings(a: AccountRequest): Promise<SafeHtml> {
  const orders = (await customerOrders(a.ctx, a.user.user.id)).filter((o) => o.status !== 'cancel');
  if (orders.length === 0) return emptyState('You have no bookings yet.', { url: toursUrl(a), text: 'Find a tour' });
  return bookingTable(await rowsOf(a, orders.slice(0, 5), 'my-booking', false));
}

/** "My Bookings" and "Invoices" (and `invoices&sub_page=paid`): the filter and the table. */
export async function bookingList(
  a: AccountRequest,
  page: 'my-booking' | 'invoices',
  options: { paidOnly?: boolean; notice?: SafeHtml | '' } = {},
): Promise<SafeHtml> {
  const statuses: readonly string[] = options.paidOnly ? PAID_FILTER_STATUSES : BOOKING_FILTER_STATUSES;
  const asked = str(a.req.query.status);
  const status = statuses.includes(asked) ? asked : 'all';
  const orders = (await customerOrders(a.ctx, a.user.user.id)).filter((o) => {
    if (status !== 'all') return o.status === status;
    if (options.paidOnly) return statuses.includes(o.status ?? '');
    return o.status !== 'cancel';
  });
  const rows = await rowsOf(a, orders, page, page === 'my-booking');
  const title = page === 'my-booking' ? 'My Bookings' : 'Invoices';
  return contentInner(page, [
    breadcrumbs([{ title: 'Dashboard', url: accountPageUrl(a, 'dashboard') }, { title }]),
    options.notice ?? '',
    bookingFilter(statuses, status, (s) => addQueryArg(a.requestUri, { status: s })),
    contentBlock({ content: rows.length > 0 ? bookingTable(rows) : emptyListSentence(a, page, status) }),
  ]);
}

/** "You have no bookings yet." (with a link to the tours), or none of the status filtered on. */
function emptyListSentence(a: AccountRequest, page: 'my-booking' | 'invoices', status: string): SafeHtml {
  const what = page === 'my-booking' ? 'bookings' : 'invoices';
  if (status !== 'all') return emptyState(`You have no ${what} with the status “${STATUS_LABELS[status] ?? status}”.`);
  return emptyState(`You have no ${what} yet.`, { url: toursUrl(a), text: 'Find a tour' });
}

/** The order behind `&id=N`, when it is the visitor's; otherwise the refusal to show instead. */
export function ownOrder(a: AccountRequest): Promise<CustomerOrder> {
  return customerOrder(a.ctx, a.user.user.id, Number(str(a.req.query.id)));
}

/** The refusal page body for a single booking or invoice that is not the visitor's. */
export function orderRefusal(a: AccountRequest, page: 'my-booking' | 'invoices', message: string): SafeHtml {
  const title = page === 'my-booking' ? 'My Bookings' : 'Invoices';
  return contentInner(`${page}-single`, [
    breadcrumbs([
      { title: 'Dashboard', url: accountPageUrl(a, 'dashboard') },
      { title, url: accountPageUrl(a, page) },
      { title: 'single' },
    ]),
    updateNotice('failure', [message]),
  ]);
}

const TITLES = new Map<string, string>(TRAVELLER_TITLES.map(([value, label]) => [value, label]));

function travellerFields(order: TourOrder, extra: readonly { slug: string; title: string }[]): Field[] {
  const info = record(order.travellerInfo);
  const first = list(info.first_name);
  const rows: Field[] = [];
  for (let i = 0; i < first.length; i++) {
    const last = str(list(info.last_name)[i]);
    if (isEmpty(first[i]) && last === '') continue;
    const title = TITLES.get(str(list(info.title)[i]));
    const passport = str(list(info.passport)[i]);
    rows.push({
      head: `Traveller ${i + 1} :`,
      tail: html`${title && `${title} `}${str(first[i])} ${last}${passport !== '' && html`<br>Passport ID : ${passport}`}${extra.map(
        (f) => {
          const value = str(list(info[f.slug])[i]);
          return value !== '' && html`<br>${f.title} ${value}`;
        },
      )}`,
    });
  }
  return rows;
}

function paymentEntries(a: BookingPageRequest, order: TourOrder, infos: readonly PaymentInfo[]): PaymentEntry[] {
  const first = (entry: PaymentInfo) =>
    ['amount', 'deposit_amount', 'pay_amount', 'deposit_price'].map((k) => entry[k]).find((v) => !isEmpty(v));
  return infos
    .filter((entry) => isEmpty(entry.error))
    .map((entry) => {
      const method = str(entry.payment_method);
      const submitted = str(entry.submission_date);
      const status = str(entry.payment_status);
      return {
        amount: money(a, first(entry) ?? 0),
        submissionDate: siteDateTime(a, submitted),
        method,
        methodLabel: METHOD_LABELS[method] ?? (method ? method.charAt(0).toUpperCase() + method.slice(1) : ''),
        transactionId: str(entry.transaction_id) || str(entry['transaction-id']),
        status: status ? status.charAt(0).toUpperCase() + status.slice(1) : '',
        date: siteDate(a, submitted || order.paymentDate),
        ...(safeFileUrl(entry.file_url) ? { fileUrl: safeFileUrl(entry.file_url) } : {}),
      };
    });
}

/** A receipt's stored `file_url`, when it is an http(s) address (it is printed as a link and an image). */
function safeFileUrl(value: unknown): string {
  const url = str(value).trim();
  return /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : '';
}

const METHOD_LABELS: Readonly<Record<string, string>> = {
  paypal: 'Paypal',
  receipt: 'Bank Transfer',
  hipayprofessional: 'Hipay Professional',
};

async function orderDetails(a: BookingPageRequest, order: TourOrder) {
  const [titles, booked] = await Promise.all([tourTitles(a.ctx, [order.tourId]), bookedTour(a.ctx, order.tourId)]);
  const tour = titles.get(order.tourId) ?? { title: '', slug: '' };
  const general = a.account.general;
  const fields = contactFieldsFor({
    tourMeta: booked?.meta.contactDetailFields,
    option: booked?.option,
    general,
  });
  const extraTraveller = booked
    ? travellerFieldsFor(booked.option, general)
    : parseCustomFields(str(general['additional-traveller-fields']), { userDefaultCountry: '' });
  return { tour, fields, extraTraveller };
}

/** What a single booking's page reads of its request: the account page's, or a guest's manage page. */
export type BookingPageRequest = Pick<AccountRequest, 'ctx' | 'account' | 'money' | 'requestUri'>;

/**
 * `?page_type=my-booking&sub_page=single&id=N` for the order's owner; with `guest`, the same booking
 * on a guest's manage page (pages/manage-booking.ts): no account breadcrumbs, and "Your booking"
 * above it; the receipt form posts to the page's own address (the manage link) with the nonce the
 * manage page made for this order (services/booking/manage.ts), not a visitor's nonce.
 */
export async function bookingSinglePage(
  a: BookingPageRequest,
  order: TourOrder,
  notice: SafeHtml | '' = '',
  guest?: { homeUrl: string; before: SafeHtml; receiptNonce: string },
): Promise<SafeHtml> {
  const { tour, fields, extraTraveller } = await orderDetails(a, order);
  const contact = record(order.contactInfo);
  const billing = record(order.billingInfo);
  const detailFields = (values: Record<string, unknown>): Field[] =>
    fields.filter((f) => !isEmpty(values[f.slug])).map((f) => ({ head: `${f.title} :`, tail: str(values[f.slug]) }));
  const pricing = record(order.pricingInfo);
  const breakdown = isSet(pricing['price-breakdown'])
    ? priceBreakdown({
        breakdown: breakdownFromJson(pricing['price-breakdown']),
        format: a.money,
        couponAfterTax: str(a.account.general['apply-coupon-after-tax']) === 'enable',
        serviceTitles: await serviceTitles(a, pricing['price-breakdown']),
      })
    : '';
  const payUrl =
    awaitsPayment(order.status) && a.account.pages.payment.url
      ? addQueryArg(a.account.pages.payment.url, { tid: order.id, step: 3 })
      : undefined;
  const body = bookingSingle({
    status: order.status,
    orderId: order.id,
    bookingDate: siteDate(a, order.bookingDate),
    tourTitle: tour.title,
    tourUrl: tourUrl(a, tour.slug),
    travelDate: siteDate(a, order.travelDate),
    contact: detailFields(contact),
    billing: detailFields(billing),
    travellers: travellerFields(order, extraTraveller),
    breakdown,
    total: order.totalPrice === null ? '' : money(a, order.totalPrice),
    payments: paymentEntries(a, order, normalizePaymentInfos(order.paymentInfo, order.status ?? '')),
    ...(payUrl ? { payUrl } : {}),
    ...(takesReceipt(order.status)
      ? {
          receiptForm: {
            actionUrl: removeQueryArg(a.requestUri, ['error_code', 'receipt-submitted']),
            nonce: guest
              ? html`<input type="hidden" name="${RECEIPT_NONCE_FIELD}" value="${guest.receiptNonce}" />`
              : await nonceInput(a.ctx, RECEIPT_NONCE_FIELD, RECEIPT_NONCE_ACTION),
            paymentTypes: await receiptPaymentTypes(a, order),
          },
        }
      : {}),
  });
  return contentInner('my-booking-single', [
    guest
      ? breadcrumbs([{ title: 'Home', url: `${guest.homeUrl}/` }, { title: tour.title }])
      : breadcrumbs([
          { title: 'Dashboard', url: accountPageUrl(a, 'dashboard') },
          { title: 'My Bookings', url: accountPageUrl(a, 'my-booking') },
          { title: tour.title },
        ]),
    notice,
    guest?.before ?? '',
    contentBlock({ content: body }),
  ]);
}

/** The lightbox's payment types for the order, as the receipt will be recorded (services/accounts/payment-receipt.ts). */
async function receiptPaymentTypes(a: BookingPageRequest, order: TourOrder): Promise<ReceiptPaymentTypes> {
  const choices = await receiptChoicesFor(a.ctx, order);
  return {
    ...(choices.full ? { full: money(a, choices.full) } : {}),
    ...(choices.deposit
      ? { deposit: { percent: choices.deposit.percent, amount: money(a, choices.deposit.amount) } }
      : {}),
  };
}

async function serviceTitles(a: BookingPageRequest, breakdown: unknown): Promise<Map<string, string>> {
  const ids = Object.keys(record(record(breakdown)['additional-service']))
    .map(Number)
    .filter((n) => n > 0);
  const titles = await tourTitles(a.ctx, ids);
  return new Map([...titles].map(([id, t]) => [String(id), t.title]));
}

const INVOICE_PAYMENT_STATUSES = ['approved', 'online-paid', 'departed', 'deposit-paid'];

/** `?page_type=invoices&sub_page=single&id=N`: the printable invoice of the owner's order. */
export async function invoicePage(a: AccountRequest, order: TourOrder): Promise<SafeHtml> {
  const { tour, extraTraveller } = await orderDetails(a, order);
  const general = a.account.general;
  const billing = record(order.billingInfo);
  const b = breakdownFromJson(record(order.pricingInfo)['price-breakdown']);
  const services = [...(b['additional-service'] ?? new Map<string, ServiceLine>())];
  const titles = await serviceTitles(a, record(order.pricingInfo)['price-breakdown']);
  const servicesTotal = services.reduce((sum, [, line]) => sum.plus(line.price), Money.ZERO);
  const captions = [`- Travel Date : ${siteDate(a, order.travelDate)}`];
  if (order.travellerAmount) captions.push(`- ${order.travellerAmount} Traveller`);
  const summary: [string, string, string][] = [['price-sub-total', 'Sub Total', money(a, b['sub-total-price'])]];
  if (b['group-discounted-price'] && !isEmpty(b['group-discount-traveller']))
    summary.push(['price-group-discount', 'Group Discount', money(a, b['group-discounted-price'])]);
  if (b['coupon-amount'] !== undefined && !isEmpty(b['coupon-amount'])) {
    const amount = typeof b['coupon-amount'] === 'string' ? phpMoney(b['coupon-amount']) : b['coupon-amount'];
    summary.push(['price-coupon', 'Coupon Discount', `- ${money(a, amount)}`]);
  }
  if (b['tax-due'] && !b['tax-due'].isZero()) summary.push(['price-tax', 'Tax', money(a, b['tax-due'])]);
  const logo = await invoiceLogo(a, general['invoice-logo']);
  const body = invoice({
    orderId: order.id,
    invoiceDate: siteDate(a, order.bookingDate),
    logo,
    receiverName: `${str(billing.first_name)} ${str(billing.last_name)}`,
    receiverAddress: str(billing.contact_address),
    companyName: str(general['invoice-company-name']),
    companyInfo: adminContent(str(general['invoice-company-info'])),
    travellers: travellerFields(order, extraTraveller),
    items: [
      { title: tour.title, captions, amount: money(a, b['sub-total-price'].minus(servicesTotal)) },
      ...services.map(([id, line]) => ({ title: titles.get(id) ?? '', captions: [], amount: money(a, line.price) })),
    ],
    summary,
    total: order.totalPrice === null ? '' : money(a, order.totalPrice),
    payments: INVOICE_PAYMENT_STATUSES.includes(order.status ?? '')
      ? paymentEntries(a, order, normalizePaymentInfos(order.paymentInfo, order.status ?? ''))
      : [],
  });
  return contentInner('invoices-single', [
    breadcrumbs([
      { title: 'Dashboard', url: accountPageUrl(a, 'dashboard') },
      { title: 'Invoices', url: accountPageUrl(a, 'invoices') },
      { title: 'single' },
    ]),
    contentBlock({ content: body }),
  ]);
}

/** The `invoice-logo` attachment as an image, when it exists. */
async function invoiceLogo(a: AccountRequest, value: unknown): Promise<SafeHtml | ''> {
  const url = await attachmentImageUrl(a.ctx, Number(str(value)));
  if (!url) return '';
  const width = str(a.account.general['invoice-logo-width']);
  return html`<img src="${url}" alt="" ${width && raw(`style="width: ${width.replace(/[^0-9a-z%.]/gi, '')};"`)} />`;
}
