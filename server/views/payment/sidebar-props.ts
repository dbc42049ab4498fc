import type { PeopleProps, PeopleRow, SidebarProps, SummaryInfo } from '../../../client/common/islands/payment-sidebar';
import { isEmpty, phpInt } from '../../php/coerce';
import type { Booking } from '../../tourmaster/booking';
import type { MoneyFormat } from '../../tourmaster/money';
import type { TourPrice } from '../../tourmaster/pricing';
import type { DatePriceEntry, Tour } from '../../tourmaster/tour-option';
import type { PartyCounts } from '../../tourmaster/travellers';
import type { SafeHtml } from '../html';
import { breakdownProps } from './breakdown-props';
import { type PaypalSdk, sidebarVars } from './sidebar-vars';
import { totalProps } from './total-props';
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
  /** Style-2 step 3: the payment method box at the end of the sidebar (printed by summary.ts, not in the props). */
  sideMethod?: SafeHtml;
}

/**
 * SUMMARY (payment.md §2.2) as the PaymentPage island's props (client/common/islands/payment-sidebar.ts):
 * every decision of the sidebar (which lines show, their labels, the amounts formatted) is taken
 * here, once; summary.ts prints the legacy markup from these props and the island renders them.
 */
export function sidebarProps(input: SummaryInput): SidebarProps {
  const { tour, booking, editable, price } = input;
  const people = peopleProps(booking);
  return {
    style2: input.style === 'style-2',
    title: tour.title,
    info: summaryInfo(input),
    ...(editable ? { editUrl: input.tourUrl } : {}),
    ...(people ? { people } : {}),
    ...(editable
      ? {
          coupon: {
            code: couponCode(booking),
            tourId: String(tour.id),
            tid: String(input.tid ?? ''),
            ajaxUrl: input.ajaxUrl,
          },
        }
      : {}),
    breakdown: breakdownProps({
      breakdown: price.breakdown,
      format: input.format,
      couponAfterTax: input.couponAfterTax,
      serviceTitles: input.serviceTitles,
    }),
    total: totalProps(price, input.format),
    nextStep: editable,
    vars: sidebarVars(price, input.tid, input.paypalSdk),
  };
}

/** The travel date, the package when one was chosen, and a multi-day tour's end date and period. */
function summaryInfo(input: SummaryInput): SummaryInfo[] {
  const { tour, booking, dateFormat } = input;
  const { travelDate } = booking;
  const info: SummaryInfo[] = [
    { kind: 'travel-date', head: 'Travel Date', value: formatWpDate(travelDate, dateFormat) },
  ];
  if (booking.packageTitle !== '') info.push({ kind: 'package', head: 'Package', value: booking.packageTitle });
  if (tour.option['tour-type'] === 'multiple' && !isEmpty(tour.option['multiple-duration'])) {
    const duration = phpInt(tour.option['multiple-duration']);
    info.push(
      { kind: 'end-date', head: 'End Date', value: formatWpDate(addDays(travelDate, duration - 1), dateFormat) },
      { kind: 'period', head: 'Period', value: `${duration} ${duration > 1 ? 'Days' : 'Day'}` },
    );
  }
  return info;
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

/** The travellers: none for group pricing, one block for the booking, or one per room. */
function peopleProps(booking: Booking): PeopleProps | undefined {
  const { entry } = booking.date;
  const { mode, rooms } = booking.travellers;
  if (mode === 'group') return undefined;
  const parties = mode === 'people' ? [rooms[0] ?? {}] : rooms;
  const variable = entry['pricing-method'] !== 'fixed';
  return { rooms: mode !== 'people', groups: parties.map((party) => ({ variable, rows: peopleRows(entry, party) })) };
}

/** Fixed pricing: "Traveller : N"; variable: a row per category the package offers (0 when not chosen). */
function peopleRows(entry: DatePriceEntry, party: PartyCounts): PeopleRow[] {
  if (entry['pricing-method'] === 'fixed') return [{ type: '', head: 'Traveller', value: String(party.people ?? '') }];
  const offered = PEOPLE.filter(([type]) => {
    const price = entry[`${type}-price`];
    return !isEmpty(price) || price === '0';
  });
  return offered.map(([type, head]) => ({ type, head, value: String(party[type] ?? 0) }));
}

/** The coupon code as the detail has it ('' for none). */
function couponCode(booking: Booking): string {
  return isEmpty(booking.couponCode) ? '' : booking.couponCode;
}
