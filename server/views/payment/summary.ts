import { isEmpty, phpInt } from '../../php/coerce';
import type { Booking } from '../../tourmaster/booking';
import type { MoneyFormat } from '../../tourmaster/money';

import type { TourPrice } from '../../tourmaster/pricing';
import type { DatePriceEntry, Tour } from '../../tourmaster/tour-option';
import type { PartyCounts } from '../../tourmaster/travellers';
import { html, type SafeHtml } from '../html';
import { priceBreakdown } from './breakdown';
import { type PaypalSdk, totalBlock } from './total';
import { addDays, formatWpDate } from './travel-date';

export type PaymentPageStyle = 'style-1' | 'style-2';

export interface SummaryInput {
  tour: Tour;
  booking: Booking;
  price: TourPrice;
  /** Step 2: date edit link, coupon field and Next Step button. */
  editable: boolean;
  style: PaymentPageStyle;
  format: MoneyFormat;
  /** WordPress `date_format`. */
  dateFormat: string;
  ajaxUrl: string;
  tourUrl: string;
  /** The order this detail pays, only when the visitor owns it (printed as a number). */
  tid?: number;
  couponAfterTax: boolean;
  serviceTitles: ReadonlyMap<string, string>;
  paypalSdk?: PaypalSdk;
  /** Style-2 step 3: the payment method box at the end of the sidebar. */
  sideMethod?: SafeHtml;
}

/** Summary people labels ("Children" here, "Child" in the breakdown). */
const PEOPLE = [
  ['adult', 'Adult'],
  ['male', 'Male'],
  ['female', 'Female'],
  ['children', 'Children'],
  ['student', 'Student'],
  ['infant', 'Infant'],
] as const;

/** SUMMARY (payment.md §2.2): the sidebar of the payment page. */
export function bookingSummary(input: SummaryInput): SafeHtml {
  const { tour, booking, editable } = input;
  const { travelDate } = booking;
  const duration = phpInt(tour.option['multiple-duration']);
  return html`<div class="tourmaster-tour-booking-bar-summary" ><h3 class="tourmaster-tour-booking-bar-summary-title" >${tour.title}</h3>${info(
    'tourmaster-summary-travel-date',
    'Travel Date',
    html`${formatWpDate(travelDate, input.dateFormat)}${
      editable &&
      html` ( <span class="tourmaster-tour-booking-bar-date-edit" >edit</span> )<form class="tourmaster-tour-booking-temp" action="${input.tourUrl}" method="post" ></form>`
    }`,
  )}${booking.packageTitle !== '' && info('tourmaster-summary-package', 'Package', booking.packageTitle)}${
    tour.option['tour-type'] === 'multiple' &&
    !isEmpty(tour.option['multiple-duration']) &&
    html`${info('tourmaster-summary-end-date', 'End Date', formatWpDate(addDays(travelDate, duration - 1), input.dateFormat))}${info(
      'tourmaster-summary-period',
      'Period',
      `${duration} ${duration > 1 ? 'Days' : 'Day'}`,
    )}`
  }${people(input)}${editable && input.style === 'style-1' && couponField(input, false)}<div class="tourmaster-tour-booking-bar-price-breakdown-wrap" ><span class="tourmaster-tour-booking-bar-price-breakdown-link" id="tourmaster-tour-booking-bar-price-breakdown-link" >View Price Breakdown</span>${priceBreakdown(
    {
      breakdown: input.price.breakdown,
      format: input.format,
      couponAfterTax: input.couponAfterTax,
      serviceTitles: input.serviceTitles,
    },
  )}</div></div>${totalBlock({
    price: input.price,
    format: input.format,
    style: input.style,
    coupon: editable && input.style === 'style-2' ? couponField(input, true) : undefined,
    tid: input.tid,
    paypalSdk: input.paypalSdk,
    editable,
  })}${input.sideMethod}`;
}

function info(className: string, head: string, tail: string | SafeHtml): SafeHtml {
  return html`<div class="tourmaster-tour-booking-bar-summary-info ${className}" ><span class="tourmaster-head" >${head} : </span><span class="tourmaster-tail" >${tail}</span></div>`;
}

function amountRow(type: string | undefined, head: string, value: string): SafeHtml {
  return html`<div class="tourmaster-tour-booking-bar-summary-people-amount${type ? ` tourmaster-${type}` : ''}" ><span class="tourmaster-head" >${head} : </span><span class="tourmaster-tail" >${value}</span></div>`;
}

/** Fixed pricing: "Traveller : N"; variable: a row per category the package offers (0 when not chosen). */
function peopleRows(entry: DatePriceEntry, party: PartyCounts): SafeHtml {
  if (entry['pricing-method'] === 'fixed') return amountRow(undefined, 'Traveller', String(party.people ?? ''));
  const offered = PEOPLE.filter(([type]) => {
    const price = entry[`${type}-price`];
    return !isEmpty(price) || price === '0';
  });
  return html`<div class="tourmaster-tour-booking-bar-summary-people tourmaster-variable clearfix" >${offered.map(
    ([type, label]) => amountRow(type, label, String(party[type] ?? 0)),
  )}</div>`;
}

/** The booking's travellers: one block for the whole booking, or one per room. */
function people(input: SummaryInput): SafeHtml | '' {
  const { entry } = input.booking.date;
  const { mode, rooms } = input.booking.travellers;
  if (mode === 'group') return '';
  if (mode === 'people') {
    return html`<div class="tourmaster-tour-booking-bar-summary-people-wrap" >${peopleRows(entry, rooms[0] ?? {})}</div>`;
  }
  return html`<div class="tourmaster-tour-booking-bar-summary-room-wrap clearfix" >${rooms.map(
    (party, i) =>
      html`<div class="tourmaster-tour-booking-bar-summary-room" ><div class="tourmaster-tour-booking-bar-summary-room-text" >Room ${i + 1}</div>${peopleRows(entry, party)}</div>`,
  )}</div>`;
}

/** The coupon input and its Apply link (style-2 puts it in the total box with a head). */
function couponField(input: SummaryInput, withHead: boolean): SafeHtml {
  const code = isEmpty(input.booking.couponCode) ? '' : input.booking.couponCode;
  return html`<div class="tourmaster-tour-booking-bar-coupon-wrap" >${withHead && html`<span class="tourmaster-head" >Coupon Code :</span>`}<input type="text" class="tourmaster-tour-booking-bar-coupon" name="coupon-code" ${
    !withHead && html`placeholder="Coupon Code" `
  } value="${code}"  /><a class="tourmaster-tour-booking-bar-coupon-validate"  data-ajax-url="${input.ajaxUrl}"  data-tour-id="${input.tour.id}"  data-tid="${input.tid ?? ''}"  >Apply</a><div class="tourmaster-tour-booking-coupon-message" ></div></div>`;
}
