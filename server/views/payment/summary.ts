import type {
  CouponProps,
  PeopleProps,
  PeopleRow,
  SidebarProps,
  SummaryInfo,
} from '../../../client/common/islands/payment-sidebar';
import { html, type SafeHtml } from '../html';
import { priceBreakdownOf } from './breakdown';
import { type SummaryInput, sidebarProps } from './sidebar-props';
import { totalBlock } from './total';

/** SUMMARY (payment.md §2.2): the sidebar of the payment page, printed from its props. */
export function bookingSummary(input: SummaryInput): SafeHtml {
  return summaryOf(sidebarProps(input), input.sideMethod);
}

/**
 * The sidebar's markup for its props (sidebar-props.ts decides what shows): the legacy plugin's
 * markup, byte for byte, which its scripts and the site's CSS read. `sideMethod` is style-2's
 * payment box at step 3, printed after the total.
 */
export function summaryOf(props: SidebarProps, sideMethod?: SafeHtml): SafeHtml {
  const { coupon } = props;
  const styleOne = !props.style2;
  return html`<div class="tourmaster-tour-booking-bar-summary" ><h3 class="tourmaster-tour-booking-bar-summary-title" >${props.title}</h3>${props.info.map(
    (line) => info(line, props.editUrl),
  )}${props.people && people(props.people)}${styleOne && coupon && couponField(coupon, false)}<div class="tourmaster-tour-booking-bar-price-breakdown-wrap" ><span class="tourmaster-tour-booking-bar-price-breakdown-link" id="tourmaster-tour-booking-bar-price-breakdown-link" >View Price Breakdown</span>${priceBreakdownOf(
    props.breakdown,
  )}</div></div>${totalBlock(props, !styleOne && coupon ? couponField(coupon, true) : undefined)}${sideMethod}`;
}

/** A `head : tail` line; the travel date's carries the "edit" link and the form it posts (step 2). */
function info(line: SummaryInfo, editUrl: string | undefined): SafeHtml {
  const edit =
    line.kind === 'travel-date' &&
    editUrl !== undefined &&
    html` ( <span class="tourmaster-tour-booking-bar-date-edit" >edit</span> )<form class="tourmaster-tour-booking-temp" action="${editUrl}" method="post" ></form>`;
  return html`<div class="tourmaster-tour-booking-bar-summary-info tourmaster-summary-${line.kind}" ><span class="tourmaster-head" >${line.head} : </span><span class="tourmaster-tail" >${line.value}${edit}</span></div>`;
}

function amountRow(row: PeopleRow): SafeHtml {
  return html`<div class="tourmaster-tour-booking-bar-summary-people-amount${row.type ? ` tourmaster-${row.type}` : ''}" ><span class="tourmaster-head" >${row.head} : </span><span class="tourmaster-tail" >${row.value}</span></div>`;
}

/** A block of counts: variable pricing wraps its categories, fixed pricing's one row stands alone. */
function peopleRows(group: PeopleProps['groups'][number]): SafeHtml {
  const rows = group.rows.map(amountRow);
  return group.variable
    ? html`<div class="tourmaster-tour-booking-bar-summary-people tourmaster-variable clearfix" >${rows}</div>`
    : html`${rows}`;
}

/** The booking's travellers: one block for the whole booking, or one per room. */
function people(props: PeopleProps): SafeHtml {
  if (!props.rooms) {
    return html`<div class="tourmaster-tour-booking-bar-summary-people-wrap" >${props.groups.map(peopleRows)}</div>`;
  }
  return html`<div class="tourmaster-tour-booking-bar-summary-room-wrap clearfix" >${props.groups.map(
    (group, i) =>
      html`<div class="tourmaster-tour-booking-bar-summary-room" ><div class="tourmaster-tour-booking-bar-summary-room-text" >Room ${i + 1}</div>${peopleRows(group)}</div>`,
  )}</div>`;
}

/** The coupon input and its Apply link (style-2 puts it in the total box with a head). */
function couponField(coupon: CouponProps, withHead: boolean): SafeHtml {
  return html`<div class="tourmaster-tour-booking-bar-coupon-wrap" >${withHead && html`<span class="tourmaster-head" >Coupon Code :</span>`}<input type="text" class="tourmaster-tour-booking-bar-coupon" name="coupon-code" ${
    !withHead && html`placeholder="Coupon Code" `
  } value="${coupon.code}"  /><a class="tourmaster-tour-booking-bar-coupon-validate"  data-ajax-url="${coupon.ajaxUrl}"  data-tour-id="${coupon.tourId}"  data-tid="${coupon.tid}"  >Apply</a><div class="tourmaster-tour-booking-coupon-message" ></div></div>`;
}
