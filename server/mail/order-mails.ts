import { isEmpty, isSet, record, str } from '../php/coerce';
import { formatWpDate } from '../php/date';
import { formatMoney, Money, type MoneyFormat } from '../tourmaster/money';
import type { TourOrder } from '../tourmaster/order';
import { phpMoney, readMoneyFormat } from '../tourmaster/pricing-settings';
import type { TourmasterSettings } from '../tourmaster/settings';
import { escapeHtml } from '../views/html';
import { mailLayout, option } from '../views/mail-layout';
import { addQueryArg, contentFilter } from '../wp/text';
import { addressList, headerText, type Mailer, type MailMessage, mailAddress } from './mailer';

/**
 * The booking mails (payment.md §7, the plugin's `tourmaster_mail_notification`): which mails an
 * order event sends, to whom, with which subject and body, in the plugin's HTML layout.
 *
 * - Nothing is sent when option `system-email-address` is empty; From is
 *   `system-email-name` [WORDPRESS] <system-email-address>.
 * - Each mail type is on unless `enable-{type}` is set to something other than `enable`; its subject
 *   is option `{type}-title` (with `{id}` and `{tour-name}`), its body option `{type}`; a site that
 *   never saved a type's texts gets the defaults below (the legacy site sent an empty mail).
 * - Admin types go to `admin-email-address` (comma-separated list allowed) with Reply-To the
 *   customer's e-mail (only when it is a valid address) and CC the tour's `tourmaster-tour-cc-mail`;
 *   the others go to the contact e-mail of the order. The invoice goes to the billing e-mail.
 *
 * Differences from the legacy site, on purpose: every value that came from the customer (names,
 * e-mail, note, contact and extra booking fields) is HTML-escaped; placeholders are replaced in one
 * pass, so a customer's text cannot expand into another placeholder; names and subjects lose line
 * breaks and addresses must be one valid address each, so no header can be injected; `{tour-name}`
 * in a subject is the plain title (the legacy site put the whole HTML block in the subject).
 */

export type CustomerMailType =
  | 'booking-made-mail'
  | 'booking-made-approval-mail'
  | 'guest-booking-made-mail'
  | 'payment-made-mail'
  | 'deposit-payment-made-mail'
  | 'receipt-submission-mail'
  | 'receipt-approve-mail'
  | 'receipt-reject-mail'
  | 'booking-approve-mail'
  | 'booking-reject-mail'
  | 'booking-cancelled-mail';

export type AdminMailType =
  | 'admin-booking-made-mail'
  | 'admin-booking-made-approval-mail'
  | 'admin-guest-booking-made-mail'
  | 'admin-online-payment-made-mail'
  | 'admin-deposit-payment-made-mail'
  | 'admin-payment-submitted-mail'
  /** Ours (no Tour Master text): a payment came after its seat hold ran out and the seats were gone. */
  | 'admin-late-payment-refund-mail'
  /** Ours (no Tour Master text): the gateway reports a refund of a payment (Stripe's `charge.refunded`). */
  | 'admin-payment-refunded-mail'
  /** Ours (no Tour Master text): a gateway took a payment for the booking that could not be applied to it. */
  | 'admin-unapplied-payment-refund-mail';

export type OrderMailType = CustomerMailType | AdminMailType | 'customer-invoice';

/** A payment the mail reports (`{payment-method}`, `{payment-date}`, `{submission-*}`, `{transaction-id}`). */
export interface PaymentMailDetails {
  /** `payment_method`: paypal, stripe, authorize, receipt, hipayprofessional… */
  method: string;
  /** `submission_date`, site-local `Y-m-d H:i:s`. */
  submissionDate: string;
  transactionId?: string;
  /** `{submission-amount}` as MONEY(amount) (PayPal). */
  amount?: Money;
  /** Or the whole `payment_info` entry, shown as its breakdown (SET-COMPLETE gateways, receipts). */
  entry?: Readonly<Record<string, unknown>>;
  /** `{refund-reason}`: why a taken payment could not be applied (unapplied-payment). */
  reason?: string;
}

export type OrderMailEvent =
  /** Pay later, logged in, no approval needed (also a free order: see `free-order`). */
  | { type: 'booking-made' }
  /** Pay later, logged in, the tour needs admin approval first. */
  | { type: 'booking-made-approval' }
  /** Pay later as a guest ("book now via email"). */
  | { type: 'guest-booking-made' }
  /** A gateway order whose total is 0 or less, approved at once. */
  | { type: 'free-order' }
  /** Online full payment (PayPal, Stripe, Authorize): customer + admin mail and the invoice. */
  | { type: 'online-payment'; payment: PaymentMailDetails }
  /** Online deposit payment. */
  | { type: 'deposit-payment'; payment: PaymentMailDetails }
  /** WooCommerce order completed, Hipay paid. */
  | { type: 'external-payment' }
  /** The customer uploaded a bank receipt. */
  | { type: 'receipt-submitted'; payment: PaymentMailDetails }
  /** The admin approved a receipt (invoice too) or removed it. */
  | { type: 'receipt-approved'; payment?: PaymentMailDetails }
  | { type: 'receipt-rejected'; payment?: PaymentMailDetails }
  /** The admin set the order to approved / online-paid, or to deposit-paid. */
  | { type: 'status-approved' }
  | { type: 'status-deposit-paid' }
  /** The admin approved a waiting order (wait-for-approval → pending). */
  | { type: 'booking-approved' }
  /** The admin rejected or deleted the order. */
  | { type: 'booking-rejected' }
  /**
   * Cancelled by the admin, the customer, the daily job, or the end of an unpaid seat hold (the last
   * two are the plugin's automatic cancel of an unpaid order: they mail only when
   * `enable-cancel-booking-mail` is enable).
   */
  | { type: 'booking-cancelled'; by: 'admin' | 'customer' | 'daily-job' | 'seat-hold' }
  /** Paid after its seat hold ran out with the seats taken meanwhile: the admin must refund it. */
  | { type: 'late-payment-refund'; payment: PaymentMailDetails }
  /** The gateway refunded (part of) a payment, from its dashboard or through us: the admin is told. */
  | { type: 'payment-refunded'; payment: PaymentMailDetails }
  /** The gateway took a payment for the booking that could not be applied to it: the admin must refund it. */
  | { type: 'unapplied-payment'; payment: PaymentMailDetails };

export interface MailPlan {
  customer?: CustomerMailType;
  admin?: AdminMailType;
  invoice: boolean;
}

const PLANS: Record<OrderMailEvent['type'], MailPlan> = {
  'booking-made': { customer: 'booking-made-mail', admin: 'admin-booking-made-mail', invoice: false },
  'booking-made-approval': {
    customer: 'booking-made-approval-mail',
    admin: 'admin-booking-made-approval-mail',
    invoice: false,
  },
  'guest-booking-made': { customer: 'guest-booking-made-mail', admin: 'admin-guest-booking-made-mail', invoice: false },
  'free-order': { customer: 'booking-made-mail', admin: 'admin-booking-made-mail', invoice: false },
  'online-payment': { customer: 'payment-made-mail', admin: 'admin-online-payment-made-mail', invoice: true },
  'deposit-payment': { customer: 'deposit-payment-made-mail', admin: 'admin-deposit-payment-made-mail', invoice: true },
  'external-payment': { customer: 'payment-made-mail', admin: 'admin-online-payment-made-mail', invoice: false },
  'receipt-submitted': { customer: 'receipt-submission-mail', admin: 'admin-payment-submitted-mail', invoice: false },
  'receipt-approved': { customer: 'receipt-approve-mail', invoice: true },
  'receipt-rejected': { customer: 'receipt-reject-mail', invoice: false },
  'status-approved': { customer: 'payment-made-mail', invoice: true },
  'status-deposit-paid': { customer: 'deposit-payment-made-mail', invoice: true },
  'booking-approved': { customer: 'booking-approve-mail', invoice: false },
  'booking-rejected': { customer: 'booking-reject-mail', invoice: false },
  'booking-cancelled': { customer: 'booking-cancelled-mail', invoice: false },
  'late-payment-refund': { admin: 'admin-late-payment-refund-mail', invoice: false },
  'payment-refunded': { admin: 'admin-payment-refunded-mail', invoice: false },
  'unapplied-payment': { admin: 'admin-unapplied-payment-refund-mail', invoice: false },
};

/** Which mails an event sends (payment.md §7 table), before enable flags and recipients. */
export function mailPlan(event: OrderMailEvent): MailPlan {
  return PLANS[event.type];
}

const NOTE = "Customer's Note: {customer-note}";
const BANK =
  '{divider}\nIf you wish to do the bank transfer. Please use the information below.\n\n' +
  '<strong>Bank name: Center London Bank</strong>\n<strong>Account Number: 4455-4445-333</strong>\n<strong>Swift Code: XXCCVV</strong>\n\n' +
  "After transferring, please submit payment receipt from your dashboard. We'll get back to you when the submission verified.";
const LINKS = '<a href="{payment-link}" >Make a payment</a>\n<a href="{invoice-link}" >View Invoice</a>';
const BOOKING = '{tour-name}\n{order-number}\n{travel-date}';
const ADMIN_LINK = 'You can view <a href="{admin-transaction-link}">the transaction here</a>';
const RECEIPT = '{submission-date}\n{payment-method}\n{submission-amount}\n{transaction-id}';

/**
 * Texts for a mail type the site never saved (the fixture site stores the booking-made, guest,
 * payment-made, cancelled and rejected texts and the admin ones it uses; these follow them).
 */
export const DEFAULT_MAIL_TEXTS: Readonly<Record<CustomerMailType | AdminMailType, { title: string; body: string }>> = {
  'booking-made-mail': {
    title: 'You have made a new booking',
    body: `<strong>Dear {customer-name}</strong>,\nYou have made a booking on\n\n${BOOKING}\n{total-price}\n${NOTE}\n\n${LINKS}\n${BANK}`,
  },
  'booking-made-approval-mail': {
    title: 'You have made a new booking. Please wait for approval before processing payment',
    body: `<strong>Dear {customer-name}</strong>,\nYou have made a booking on\n\n${BOOKING}\n{total-price}\n${NOTE}\n\nPlease wait: once we have approved your booking you will receive an e-mail, and you can then pay.`,
  },
  'guest-booking-made-mail': {
    title: 'You have made a new booking via email',
    body: `<strong>Dear {customer-name}</strong>,\nYou have made a booking on\n\n${BOOKING}\n{total-price}\n${NOTE}\n{divider}\nOur team will contact you back via the email you provided,\n{customer-email}`,
  },
  'payment-made-mail': {
    title: 'Your payment has been successfully processed',
    body: `<strong>Dear {customer-name}</strong>,\nCongratulations! Your payment has been successfully processed.\n\n${BOOKING}\n{total-price}\n${NOTE}\n\n{payment-method}\n{payment-date}\n{transaction-id}\n{spaces}\n\nYou can view <a href="{invoice-link}">the receipt here</a>`,
  },
  'deposit-payment-made-mail': {
    title: 'Your deposit has been successfully processed',
    body: `<strong>Dear {customer-name}</strong>,\nCongratulations! Your deposit has been successfully processed.\n\n${BOOKING}\n{submission-amount}\n\n${NOTE}\n\n{payment-method}\n{submission-date}\n{transaction-id}\n{spaces}\n\nYou can view <a href="{invoice-link}">the receipt here</a>`,
  },
  'receipt-submission-mail': {
    title: 'Thank you for your payment submission',
    body: `<strong>Dear {customer-name}</strong>,\nThank you for your payment submission. We will get back to you once we have reviewed it.\n\n{tour-name}\n{order-number}\n\n${RECEIPT}\n\n${LINKS}`,
  },
  'receipt-approve-mail': {
    title: 'Your payment submission has been approved',
    body: `<strong>Dear {customer-name}</strong>,\nYour payment submission has been approved. You can make another deposit or the final payment from your dashboard.\n\n{tour-name}\n{order-number}\n\n${RECEIPT}\n\n${LINKS}`,
  },
  'receipt-reject-mail': {
    title: 'Your payment submission has been rejected',
    body: `<strong>Dear {customer-name}</strong>,\nUnfortunately your payment submission is not valid. Please check your payment receipt and submit it again.\n\n{tour-name}\n{order-number}\n\n${RECEIPT}\n\n${LINKS}`,
  },
  'booking-approve-mail': {
    title: 'Your booking has been approved: you can now pay',
    body: `<strong>Dear {customer-name}</strong>,\nYou have made a booking on\n\n${BOOKING}\n{total-price}\n${NOTE}\n\nWe have approved your booking, so you can now pay for it. The booking is final once it is paid.\n\n<a href="{payment-link}" >Make a payment</a>`,
  },
  'booking-reject-mail': {
    title: 'Your booking has been rejected',
    body: `<strong>Dear {customer-name}</strong>,\nWe are sorry to inform that your booking has been rejected. Your booking was rejected because of your payment was not successfully processed or your booking might be in the pending status for too long.\n\n${BOOKING}`,
  },
  'booking-cancelled-mail': {
    title: 'Your booking has been cancelled',
    body: `<strong>Dear {customer-name}</strong>,\nWe are here to inform that your booking has been cancelled.\n\n${BOOKING}`,
  },
  'admin-booking-made-mail': {
    title: 'A new booking has been made',
    body: `<strong>Dear Admin,</strong>\nA new booking form {customer-name} has been made.\n\n${BOOKING}\n\n${NOTE}\n{spaces}\n\n${ADMIN_LINK}`,
  },
  'admin-booking-made-approval-mail': {
    title: 'A new booking needs your approval',
    body: `<strong>Dear Admin,</strong>\nA new booking from {customer-name} has been made.\n\n${BOOKING}\n\n${NOTE}\n{spaces}\n\n${ADMIN_LINK}\n\nThe customer cannot pay until you approve the booking.`,
  },
  'admin-guest-booking-made-mail': {
    title: 'A new booking has been made (Guest booked via email)',
    body: `<strong>Dear Admin,</strong>\nA new booking form {customer-name} has been made.\n\n${BOOKING}\n\n${NOTE}\n{spaces}\n\n${ADMIN_LINK}\n{spaces}\n\nCustomer’s email : {customer-email}\nPlease contact to your customer back for further details.`,
  },
  'admin-online-payment-made-mail': {
    title: 'A new booking has been made and successfully paid',
    body: `<strong>Dear Admin,</strong>\nA new booking has been made and successfully paid.\n\n{payment-method}\n{payment-date}\n{transaction-id}\n{spaces}\n\n${BOOKING}\n\n${NOTE}\n{spaces}\n\n${ADMIN_LINK}`,
  },
  'admin-deposit-payment-made-mail': {
    title: 'A new deposit has been paid',
    body: `<strong>Dear Admin,</strong>\nA new deposit has been paid.\n\n{payment-method}\n{submission-date}\n{transaction-id}\n{submission-amount}\n{spaces}\n\n${BOOKING}\n\n${NOTE}\n{spaces}\n\n${ADMIN_LINK}`,
  },
  'admin-late-payment-refund-mail': {
    title: 'A payment came too late: refund booking #{id}',
    body: `<strong>Dear Admin,</strong>\nA payment arrived after the booking's seat hold had ended, and its seats had been booked by others meanwhile. The booking stays cancelled; please refund this payment.\n\n{payment-method}\n{payment-date}\n{transaction-id}\n{spaces}\n\n${BOOKING}\n\n${NOTE}\n{spaces}\n\n${ADMIN_LINK}`,
  },
  'admin-payment-refunded-mail': {
    title: 'A payment of booking #{id} has been refunded',
    body: `<strong>Dear Admin,</strong>\nThe payment provider reports a refund of this booking's payment. The refund is recorded on the booking; its status is unchanged, so please review it.\n\n{payment-method}\n{submission-date}\n{transaction-id}\n{submission-amount}\n{spaces}\n\n${BOOKING}\n\n${NOTE}\n{spaces}\n\n${ADMIN_LINK}`,
  },
  'admin-unapplied-payment-refund-mail': {
    title: 'A card payment could not be applied: refund booking #{id}',
    body: `<strong>Dear Admin,</strong>\nThe payment provider took a payment for this booking, but it could not be applied to it. The booking is unchanged; please refund this payment or contact the customer.\n\n{refund-reason}\n{payment-method}\n{payment-date}\n{transaction-id}\n{submission-amount}\n{spaces}\n\n${BOOKING}\n\n${NOTE}\n{spaces}\n\n${ADMIN_LINK}`,
  },
  'admin-payment-submitted-mail': {
    title: 'A new payment receipt has been submitted',
    body: `<strong>Dear Admin,</strong>\nA new payment receipt has been submitted\n\n${BOOKING}\n{spaces}\n\n${ADMIN_LINK}`,
  },
};

export interface OrderMailContext {
  order: TourOrder;
  tour: {
    id: number;
    title: string;
    /** Permalink (`http://…/tour/santorini-caldera-sunset-cruise/`); default `{home}/?post_type=tour&p={id}`. */
    url?: string;
    /** Post meta `tourmaster-tour-cc-mail` (comma-separated addresses), copied on admin mails. */
    ccMail?: string;
    /** Slugs of the tour's extra booking fields (`{pickup-hotel}` …), filled from the order's booking detail. */
    extraBookingSlugs?: readonly string[];
    /** The date's packages, to print the booked package and its start time under the title. */
    packages?: readonly { title: string; startTime?: string }[];
  };
  site: {
    /** `home` without trailing slash. */
    homeUrl: string;
    name: string;
    /** `siteurl` (the admin lives there), default homeUrl. */
    siteUrl?: string;
    /** The account page (option `user-page`'s permalink), default `{home}/?tourmaster-user`. */
    userPageUrl?: string;
    /** WordPress `date_format` [F j, Y] and `time_format` [g:i a]. */
    dateFormat?: string;
    timeFormat?: string;
    /** The `mail-header-logo` attachment's URL, when resolved. */
    mailLogoUrl?: string;
  };
  settings: TourmasterSettings;
  now: Date;
  /**
   * "Your booking" (ours, views/payment/confirmation.ts `confirmationMailHtml`): added after the
   * admin's text in the customer's booking and payment mails, when given.
   */
  confirmation?: string;
}

/** The customer mails that carry "Your booking": a booking made or paid. */
const CONFIRMED_TYPES: ReadonlySet<string> = new Set([
  'booking-made-mail',
  'booking-made-approval-mail',
  'guest-booking-made-mail',
  'payment-made-mail',
  'deposit-payment-made-mail',
]);

export type MailSkipReason = 'no-sender' | 'disabled' | 'no-recipient';

export interface OrderMailReport {
  sent: { type: OrderMailType; to: readonly string[]; subject: string; messageId: string; location: string }[];
  skipped: { type: OrderMailType; reason: MailSkipReason }[];
  /** The booking stands; the caller logs these. */
  failed: { type: OrderMailType; to: readonly string[]; error: unknown }[];
}

/** The messages an event produces, and the mails it would send but cannot (disabled, nobody to send to). */
export function renderOrderMails(
  event: OrderMailEvent,
  ctx: OrderMailContext,
): { messages: (MailMessage & { type: OrderMailType })[]; skipped: OrderMailReport['skipped'] } {
  const plan = mailPlan(event);
  const types: OrderMailType[] = [
    ...(plan.customer ? [plan.customer] : []),
    ...(plan.admin ? [plan.admin] : []),
    ...(plan.invoice ? (['customer-invoice'] as const) : []),
  ];
  const general = ctx.settings.general;
  const senderAddress = mailAddress(option(general, 'system-email-address'));
  if (!senderAddress) return { messages: [], skipped: types.map((type) => ({ type, reason: 'no-sender' as const })) };
  const from = { name: headerText(option(general, 'system-email-name', 'WORDPRESS')), address: senderAddress };

  const messages: (MailMessage & { type: OrderMailType })[] = [];
  const skipped: OrderMailReport['skipped'] = [];
  const contact = record(ctx.order.contactInfo);
  const customerEmail = mailAddress(contact.email);
  const payment = 'payment' in event ? event.payment : undefined;

  for (const type of types) {
    if (type === 'customer-invoice') {
      if (option(general, 'enable-customer-invoice', 'enable') === 'disable') {
        skipped.push({ type, reason: 'disabled' });
        continue;
      }
      const to = mailAddress(record(ctx.order.billingInfo).email);
      if (!to) {
        skipped.push({ type, reason: 'no-recipient' });
        continue;
      }
      messages.push({
        type,
        from,
        to: [to],
        subject: headerText(`Invoice From ${option(general, 'system-email-name', 'WORDPRESS')}`),
        html: renderInvoiceMail(ctx),
        date: ctx.now,
      });
      continue;
    }
    if (!mailEnabled(type, event, general)) {
      skipped.push({ type, reason: 'disabled' });
      continue;
    }
    const admin = type.startsWith('admin');
    const to = admin ? addressList(option(general, 'admin-email-address')) : customerEmail ? [customerEmail] : [];
    if (to.length === 0) {
      skipped.push({ type, reason: 'no-recipient' });
      continue;
    }
    const { subject, html } = renderOrderMail(type as CustomerMailType | AdminMailType, ctx, payment);
    const cc = admin ? addressList(ctx.tour.ccMail ?? '') : [];
    messages.push({
      type,
      from,
      to,
      ...(cc.length > 0 ? { cc } : {}),
      ...(admin && customerEmail ? { replyTo: customerEmail } : {}),
      subject,
      html,
      date: ctx.now,
    });
  }
  return { messages, skipped };
}

/**
 * Sends the event's mails. Never throws: a mail that fails is reported in `failed` (the caller logs
 * it; the booking stands), and the other mails are still sent.
 */
export async function sendOrderMails(
  mailer: Mailer,
  event: OrderMailEvent,
  ctx: OrderMailContext,
): Promise<OrderMailReport> {
  const report: OrderMailReport = { sent: [], skipped: [], failed: [] };
  let rendered: ReturnType<typeof renderOrderMails>;
  try {
    rendered = renderOrderMails(event, ctx);
  } catch (error) {
    report.failed.push({ type: mailPlan(event).customer ?? 'booking-made-mail', to: [], error });
    return report;
  }
  report.skipped.push(...rendered.skipped);
  for (const message of rendered.messages) {
    try {
      const sent = await mailer.send(message);
      report.sent.push({ type: message.type, to: message.to, subject: message.subject, ...sent });
    } catch (error) {
      report.failed.push({ type: message.type, to: message.to, error });
    }
  }
  return report;
}

function mailEnabled(type: OrderMailType, event: OrderMailEvent, general: Readonly<Record<string, unknown>>): boolean {
  if (option(general, `enable-${type}`, 'enable') !== 'enable') return false;
  if (event.type === 'booking-cancelled' && (event.by === 'daily-job' || event.by === 'seat-hold'))
    return option(general, 'enable-cancel-booking-mail', 'disable') === 'enable';
  return true;
}

/** One mail type's subject and HTML for an order (the layout included). */
export function renderOrderMail(
  type: CustomerMailType | AdminMailType,
  ctx: OrderMailContext,
  payment?: PaymentMailDetails,
): { subject: string; html: string } {
  const general = ctx.settings.general;
  const fallback = DEFAULT_MAIL_TEXTS[type];
  const title = option(general, `${type}-title`, fallback.title);
  const body = isSet(general[type]) ? str(general[type]) : fallback.body;
  const subject = headerText(
    title.replace(/\{(id|tour-name)\}/g, (_, name: string) => (name === 'id' ? String(ctx.order.id) : ctx.tour.title)),
  );
  const tokens = orderTokens(ctx, payment);
  const filled = body.replace(/\{(\/?[A-Za-z0-9_-]+)\}/g, (token, name: string) => tokens.get(name) ?? token);
  const content = ctx.confirmation && CONFIRMED_TYPES.has(type) ? `${filled}\n${ctx.confirmation}` : filled;
  return { subject, html: mailLayout(content, { general, logoUrl: ctx.site.mailLogoUrl }) };
}

/** Values in placeholders that came from a visitor: all five special characters escaped. */
const esc = (value: unknown): string => escapeHtml(str(value));

/** Text the site's admin wrote (tour and package titles): tags neutralised, the rest left to the text filters. */
const adminText = (value: string): string => value.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A URL in an href: quotes and angle brackets cannot end the attribute; `&` is left to convert_chars. */
const hrefValue = (url: string): string => url.replace(/["'<>\s]/g, (c) => (/\s/.test(c) ? '' : encodeURIComponent(c)));

const INFO_STYLE = 'font-style: italic; margin-bottom: 5px;';
const PAYMENT_INFO = '<div class="tourmaster-mail-payment-info" style="font-weight: 600; margin-bottom: 5px;" >';
const DEFAULT_CONTACT_SLUGS = ['first_name', 'last_name', 'email', 'phone', 'country', 'contact_address'];

function orderTokens(ctx: OrderMailContext, payment: PaymentMailDetails | undefined): Map<string, string> {
  const { order, tour, site } = ctx;
  const general = ctx.settings.general;
  const money = readMoneyFormat(general);
  const dateFormat = site.dateFormat || 'F j, Y';
  const contact = record(order.contactInfo);
  const detail = record(order.bookingDetail);
  const tokens = new Map<string, string>();
  const set = (name: string, value: string) => {
    if (!tokens.has(name)) tokens.set(name, value);
  };

  set('id', String(order.id));
  set('customer-email', esc(contact.email));
  set('tour-name', tourNameHtml(ctx, detail));
  set('customer-name', `<strong>${esc(contact.first_name)} ${esc(contact.last_name)}</strong>`);
  set('customer-note', isEmpty(contact.additional_notes) ? '' : esc(contact.additional_notes));
  for (const slug of [...DEFAULT_CONTACT_SLUGS, ...Object.keys(contact)])
    if (/^[A-Za-z0-9_-]+$/.test(slug)) set(slug, isEmpty(contact[slug]) ? '' : esc(contact[slug]));
  for (const slug of tour.extraBookingSlugs ?? [])
    if (/^[A-Za-z0-9_-]+$/.test(slug)) set(slug, isEmpty(detail[slug]) ? '' : esc(detail[slug]));

  set(
    'total-price',
    order.totalPrice === null || order.totalPrice === ''
      ? ''
      : `<div class="tourmaster-mail-payment-price" style="font-size: 16px; font-weight: 600; margin: 20px 0px 25px;" ><span class="tourmaster-head" >Total Price :</span> <span class="payment-method" >${esc(formatMoney(phpMoney(order.totalPrice), money))}</span></div>`,
  );
  set('order-number', orderInfo('Order Number :', `#${order.id}`));
  set('travel-date', orderInfo('Travel Date :', esc(formatWpDate(dateFormat, order.travelDate) ?? order.travelDate)));
  set(
    'traveller-amount',
    isEmpty(detail.group) && order.travellerAmount ? `Traveller Amount : ${order.travellerAmount}` : '',
  );

  const siteUrl = (site.siteUrl || site.homeUrl).replace(/\/+$/, '');
  const userPage = site.userPageUrl || addQueryArg(`${site.homeUrl.replace(/\/+$/, '')}/`, { 'tourmaster-user': '' });
  const orderArgs = { sub_page: 'single', id: order.id, tour_id: order.tourId };
  set('admin-transaction-link', hrefValue(`${siteUrl}/wp-admin/admin.php?page=tourmaster_order&single=${order.id}`));
  set('invoice-link', hrefValue(addQueryArg(userPage, { page_type: 'invoices', ...orderArgs })));
  set('payment-link', hrefValue(addQueryArg(userPage, { page_type: 'my-booking', ...orderArgs })));

  for (const [name, value] of paymentTokens(payment, ctx, money)) set(name, value);

  set('profile-page-link', hrefValue(userPage));
  set(
    'header',
    '<h3 style="font-size: 17px; margin-bottom: 25px; font-weight: 600; margin-top: 0px; color: #515355" >',
  );
  set('/header', '</h3>');
  set('spaces', '<div class="tourmaster-mail-spaces" style="margin-bottom: 25px;" ></div>');
  set(
    'divider',
    '<div class="tourmaster-mail-divider" style="border-bottom-width: 1px; border-bottom-style: solid; margin-bottom: 30px; margin-top: 30px; border-color: #d7d7d7;" ></div>',
  );
  return tokens;
}

function orderInfo(head: string, tail: string): string {
  return `<div class="tourmaster-mail-order-info" style="${INFO_STYLE}" ><span class="tourmaster-head" >${head}</span> <span class="tourmaster-tail" >${tail}</span></div>`;
}

function tourNameHtml(ctx: OrderMailContext, detail: Record<string, unknown>): string {
  const { tour, site } = ctx;
  const url = tour.url || addQueryArg(`${site.homeUrl.replace(/\/+$/, '')}/`, { post_type: 'tour', p: tour.id });
  let out = '<h4 class="tourmaster-mail-tour-title" style="font-size: 16px; margin-bottom: 25px; font-weight: 600;" >';
  out += `<a href="${hrefValue(url)}" >${adminText(tour.title)}</a></h4>`;
  const booked = str(detail.package);
  if (booked !== '') {
    out += '<div class="tourmaster-mail-tour-package" style="margin-bottom: 8px;" ><span>Package : </span>';
    if (tour.packages === undefined) out += `<span>${esc(booked)}</span>`;
    else
      for (const pkg of tour.packages) {
        if (pkg.title !== booked) continue;
        out += `<span>${adminText(pkg.title)}</span>`;
        if (pkg.startTime) out += ` <span>(Start Time: ${adminText(pkg.startTime)})</span>`;
      }
    out += '</div>';
  }
  return out;
}

const METHOD_LABELS: Record<string, string> = {
  paypal: 'Paypal',
  hipayprofessional: 'Hipay Professional',
  receipt: 'Receipt Submission',
};

function paymentTokens(
  payment: PaymentMailDetails | undefined,
  ctx: OrderMailContext,
  money: MoneyFormat,
): [string, string][] {
  const names = [
    'payment-method',
    'payment-date',
    'submission-date',
    'submission-amount',
    'transaction-id',
    'refund-reason',
  ];
  if (!payment) return names.map((name) => [name, '']);
  const when = [
    formatWpDate(ctx.site.timeFormat || 'g:i a', payment.submissionDate),
    formatWpDate(ctx.site.dateFormat || 'F j, Y', payment.submissionDate),
  ]
    .filter((part): part is string => part !== undefined)
    .join(' ');
  const row = (head: string, value: string) =>
    value === ''
      ? ''
      : `${PAYMENT_INFO}<span class="tourmaster-head" >${head}</span> <span class="payment-method" >${value}</span></div>`;
  const amount = payment.entry
    ? entryBreakdown(payment.entry, money)
    : payment.amount
      ? row('Amount :', esc(formatMoney(payment.amount, money)))
      : '';
  return [
    ['payment-method', row('Payment Method :', esc(METHOD_LABELS[payment.method] ?? 'Credit Card'))],
    ['payment-date', row('Payment Date :', esc(when))],
    ['submission-date', row('Submission Date :', esc(when))],
    ['submission-amount', amount],
    ['transaction-id', row('Transaction ID :', esc(payment.transactionId ?? ''))],
    ['refund-reason', row('Reason :', esc(payment.reason ?? ''))],
  ];
}

/** A `payment_info` entry as the plugin lists it in `{submission-amount}`: amount, fee, paid amount. */
function entryBreakdown(entry: Readonly<Record<string, unknown>>, money: MoneyFormat): string {
  const row = (head: string, amount: unknown) =>
    `${PAYMENT_INFO}<span class="tourmaster-head" >${head}</span> <span class="payment-method" >${esc(formatMoney(phpMoney(amount), money))}</span></div>`;
  let out = '';
  if (!isEmpty(entry.deposit_amount)) out += row('Deposit Amount :', entry.deposit_amount);
  else if (!isEmpty(entry.pay_amount)) out += row('Total Price :', entry.pay_amount);
  for (const [prefix, label] of [
    ['deposit_paypal', 'Paypal Fee'],
    ['pay_paypal', 'Paypal Fee'],
    ['deposit_credit_card', 'Credit Card Fee'],
    ['pay_credit_card', 'Credit Card Fee'],
  ] as const) {
    const rate = entry[`${prefix}_service_rate`];
    const fee = entry[`${prefix}_service_fee`];
    if (!isEmpty(rate) && !isEmpty(fee)) {
      out += row(`${label} (${esc(rate)}%) :`, fee);
      break;
    }
  }
  if (!isEmpty(entry.amount) || !isEmpty(entry.deposit_price))
    out += `${PAYMENT_INFO}<span class="tourmaster-head" >Paid Amount</span><span class="payment-method" >${esc(formatMoney(phpMoney(entry.amount), money))}</span></div>`;
  return out;
}

/**
 * The invoice mail (`tourmaster_send_email_invoice`): invoice number and date, billing name and
 * address, the company (`invoice-company-name`, `invoice-company-info`), the price breakdown and,
 * for paid orders, the payments. No legacy capture exists (the fixture orders have no billing
 * e-mail), so the breakdown rows are our own rendering of `pricing_info`.
 */
export function renderInvoiceMail(ctx: OrderMailContext): string {
  const { order } = ctx;
  const general = ctx.settings.general;
  const money = readMoneyFormat(general);
  const dateFormat = ctx.site.dateFormat || 'F j, Y';
  const billing = record(order.billingInfo);
  const pricing = record(order.pricingInfo);
  const price = (amount: unknown) => esc(formatMoney(amount instanceof Money ? amount : phpMoney(amount), money));

  let out = '<div style="background: #fff; padding: 50px 50px; font-size: 14px; " >';
  out += '<div style="margin-bottom: 60px; color: #121212;" ><div style="float: left;" >';
  out += '<div style="margin-bottom: 35px;" ></div>';
  out += `<div style="font-size: 16px; font-weight: bold; margin-bottom: 5px; text-transform: uppercase;" >Invoice ID : #${order.id}</div>`;
  out += `<div>Invoice date : ${esc(formatWpDate(dateFormat, order.bookingDate) ?? '')}</div>`;
  out += '<div style="margin-top: 34px;" >';
  out +=
    '<div style="font-size: 16px; font-weight: bold; text-transform: uppercase; margin-bottom: 5px;" >Invoice To</div><div>';
  out += `<span style="display: block; margin-bottom: 4px;" >${esc(billing.first_name)} ${esc(billing.last_name)}</span>`;
  out += `<span style="display: block; max-width: 250px;" >${esc(billing.contact_address)}</span>`;
  out += '</div></div></div>';
  out += '<div style="float: right; padding-top: 10px; width: 180px;" ><div>';
  out += `<div style="font-size: 16px; font-weight: bold; margin-bottom: 20px;" >${adminText(option(general, 'invoice-company-name'))}</div>`;
  out += `<div>${contentFilter(option(general, 'invoice-company-info'))}</div>`;
  out += '</div></div><div style="clear: both" ></div></div>';

  if (Object.keys(pricing).length > 0) {
    out +=
      '<div><div style="padding: 18px 25px; font-size: 14px; font-weight: 700; text-transform: uppercase; color: #454545; background-color: #f3f3f3" >';
    out +=
      '<span style="width: 80%; float: left;" >Description</span><span style="overflow: hidden;" >Total</span></div>';
    for (const [label, amount] of breakdownRows(record(pricing['price-breakdown'])))
      out += `<div style="padding: 18px 25px; border-bottom: 1px solid #e1e1e1;" ><span style="width: 80%; float: left;" >${label}</span><span style="overflow: hidden;" >${price(amount)}</span></div>`;
    out +=
      '<div style="font-weight: bold; padding: 18px 25px; border-width: 1px 0px 2px; border-style: solid; border-color: #e1e1e1;" >';
    out += `<span style="float: left; margin-left: 55%; width: 25%; font-size: 15px;" >Total</span> <span style="display: block; overflow: hidden; font-size: 16px;" >${price(order.totalPrice)}</span>`;
    out += '</div></div>';
  }

  if (['approved', 'online-paid', 'departed', 'deposit-paid'].includes(order.status ?? '')) {
    const entries = Array.isArray(order.paymentInfo)
      ? order.paymentInfo.map(record)
      : isEmpty(order.paymentInfo)
        ? []
        : [record(order.paymentInfo)];
    if (entries.length > 0) {
      const item = (head: string, value: string) =>
        `<div style="float: left; margin-right: 60px; text-transform: uppercase;" ><div style="font-weight: 800; margin-bottom: 5px;" >${head}</div><div>${value}</div></div>`;
      const paidOn = esc(formatWpDate(dateFormat, order.paymentDate) ?? '');
      out += '<div style="padding: 22px 35px; margin-top: 40px; background: #f3f3f3; color: #454545" >';
      for (const entry of entries) {
        out += '<div style="margin-bottom: 15px;" >';
        out += item(
          'Payment Method',
          entry.payment_method === 'receipt' ? 'Bank Transfer' : entry.payment_method ? 'Online Payment' : '',
        );
        if (!isEmpty(entry.deposit_amount)) out += item('Deposit Amount', price(entry.deposit_amount));
        else if (!isEmpty(entry.pay_amount)) out += item('Total Price', price(entry.pay_amount));
        if (!isEmpty(entry.amount)) out += item('Paid Amount', price(entry.amount));
        out += item('Date', paidOn);
        const transaction = str(entry.transaction_id) || str(entry['transaction-id']);
        if (transaction) out += item('Transaction ID', esc(transaction));
        out += '<div style="clear: both" ></div></div>';
      }
      out += '</div>';
    }
  }
  out += '</div>';
  return mailLayout(out, { general, logoUrl: ctx.site.mailLogoUrl, width: 1210, padding: '0px 1px', filter: false });
}

const PERSON_LABELS: Record<string, string> = {
  traveller: 'Traveller',
  adult: 'Adult',
  male: 'Male',
  female: 'Female',
  children: 'Child',
  student: 'Student',
  infant: 'Infant',
};

/** The price breakdown's lines: per-person or group or room prices, coupon, tax. */
function breakdownRows(b: Record<string, unknown>): [string, unknown][] {
  const rows: [string, unknown][] = [];
  for (const [key, label] of Object.entries(PERSON_LABELS)) {
    const base = b[`${key}-base-price`];
    const count = b[`${key}-amount`];
    if (isEmpty(count) || base === undefined) continue;
    rows.push([`${label} Base Price (${esc(count)} × ${esc(base)})`, phpMoney(base).times(phpMoney(count))]);
  }
  if (!isEmpty(b['group-price'])) rows.push(['Group Price', b['group-price']]);
  if (Array.isArray(b.room))
    b.room.forEach((room, i) => {
      const r = record(room);
      rows.push([`Room ${i + 1} (${esc(r['traveller-amount'])} Travellers)`, r['base-price']]);
    });
  if (!isEmpty(b['sub-total-price'])) rows.push(['Sub Total Price', b['sub-total-price']]);
  if (!isEmpty(b['coupon-amount']))
    rows.push([
      `Coupon Discount${isEmpty(b['coupon-text']) ? '' : ` (${esc(b['coupon-text'])})`}`,
      phpMoney(b['coupon-amount']).times(-1),
    ]);
  if (!isEmpty(b['tax-due']))
    rows.push([`Tax ${isEmpty(b['tax-rate']) ? '' : `(${esc(b['tax-rate'])}%)`}`.trim(), b['tax-due']]);
  return rows;
}
