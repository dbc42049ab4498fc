import type {
  CouponProps,
  PeopleProps,
  PeopleRow,
  SidebarProps,
  SideMethodProps,
  SummaryInfo,
} from '../../../common/islands/payment-sidebar';
import { breakdownOf } from './breakdown';
import { cardImagesOf, headTailOf, label, termsOf, textOf } from './markup';
import { readSidebarVars, scriptsOf } from './sidebar-vars';
import { totalOf } from './total';

/**
 * The payment page's sidebar as WordPress printed it (SUMMARY, payment.md §2.2: on the page in
 * `#tourmaster-tour-booking-bar-inner`, or a reply's `sidebar`) read into the SidebarProps our
 * server writes. Summary heads are read without the " : " the plugin prints after them; amounts
 * and the other heads are the printed texts. The scripts' values are read, never run.
 */

const SUMMARY = '.tourmaster-tour-booking-bar-summary';

/**
 * The sidebar under `root`, if it has one (a refusal's or a gateway's reply has none). `pageStyle2`:
 * the page is style-2's (`.tourmaster-payment-style-2`); a reply's markup tells it by itself.
 */
export function sidebarOf(root: ParentNode, pageStyle2 = false): SidebarProps | undefined {
  const summary = root.querySelector(SUMMARY);
  if (!summary) return undefined;
  const editForm = summary.querySelector('form.tourmaster-tour-booking-temp');
  const people = peopleOf(summary);
  const coupon = couponOf(root);
  const sideMethod = sideMethodOf(root);
  return {
    style2: pageStyle2 || isStyle2(root),
    title: textOf(summary, '.tourmaster-tour-booking-bar-summary-title'),
    info: [...summary.querySelectorAll('.tourmaster-tour-booking-bar-summary-info')].map(infoOf),
    ...(editForm && { editUrl: editForm.getAttribute('action') ?? '' }),
    ...(people && { people }),
    ...(coupon && { coupon }),
    breakdown: breakdownOf(summary),
    total: totalOf(root),
    nextStep: root.querySelector('.tourmaster-tour-booking-continue') !== null,
    vars: readSidebarVars(scriptsOf(root)),
    ...(sideMethod && { sideMethod }),
  };
}

/**
 * Style-2 prints its coupon box and its deposit's box inside the total box and its payment box at
 * the end of the sidebar; style-1 prints none of them there.
 */
function isStyle2(root: ParentNode): boolean {
  return (
    root.querySelector(
      [
        '.tourmaster-tour-booking-bar-total-price-container .tourmaster-tour-booking-bar-coupon-wrap',
        '.tourmaster-tour-booking-bar-total-price-wrap .tourmaster-tour-booking-bar-deposit-text',
        '.tourmaster-tour-booking-side-payment-wrap',
      ].join(', '),
    ) !== null
  );
}

/** `.tourmaster-summary-{kind}`; the travel date's value without its "( edit )" link. */
function infoOf(el: Element): SummaryInfo {
  const kind = [...el.classList].find((c) => c.startsWith('tourmaster-summary-'))?.slice(19) ?? '';
  const tail = el.querySelector('.tourmaster-tail');
  const edit = tail?.querySelector('.tourmaster-tour-booking-bar-date-edit');
  const value = edit ? (tail?.firstChild?.textContent ?? '').replace(/\s*\(\s*$/, '') : (tail?.textContent ?? '');
  return { kind, head: label(textOf(el, '.tourmaster-head')), value };
}

/** The travellers: one block for the booking, or one per room; none for group pricing. */
function peopleOf(summary: Element): PeopleProps | undefined {
  const rooms = [...summary.querySelectorAll('.tourmaster-tour-booking-bar-summary-room')];
  const whole = summary.querySelector('.tourmaster-tour-booking-bar-summary-people-wrap');
  const blocks = rooms.length > 0 ? rooms : whole ? [whole] : [];
  if (blocks.length === 0) return undefined;
  return { rooms: rooms.length > 0, groups: blocks.map(peopleGroupOf) };
}

function peopleGroupOf(block: Element): PeopleProps['groups'][number] {
  return {
    variable: block.querySelector('.tourmaster-variable') !== null,
    rows: [...block.querySelectorAll('.tourmaster-tour-booking-bar-summary-people-amount')].map(peopleRowOf),
  };
}

/** `.tourmaster-{type}` beside the row's own class; fixed pricing's "Traveller" row has none. */
function peopleRowOf(row: Element): PeopleRow {
  const type = [...row.classList].find((c) => c !== 'tourmaster-tour-booking-bar-summary-people-amount');
  const { head, tail } = headTailOf(row);
  return { type: type?.replace(/^tourmaster-/, '') ?? '', head: label(head), value: tail };
}

/** The coupon box (step 2): the code printed in it and what its Apply link sends. */
function couponOf(root: ParentNode): CouponProps | undefined {
  const wrap = root.querySelector('.tourmaster-tour-booking-bar-coupon-wrap');
  if (!wrap) return undefined;
  const apply = wrap.querySelector<HTMLElement>('.tourmaster-tour-booking-bar-coupon-validate');
  return {
    code: wrap.querySelector('input[name="coupon-code"]')?.getAttribute('value') ?? '',
    tourId: apply?.dataset.tourId ?? '',
    tid: apply?.dataset.tid ?? '',
    ajaxUrl: apply?.dataset.ajaxUrl ?? '',
  };
}

/** SIDE-METHOD (style-2 at step 3): its card logos, terms, and the online methods of its select. */
function sideMethodOf(root: ParentNode): SideMethodProps | undefined {
  const box = root.querySelector('.tourmaster-tour-booking-side-payment-wrap');
  if (!box) return undefined;
  const select = box.querySelector<HTMLSelectElement>('select.tourmaster-payment-selection');
  return {
    cardTypes: cardImagesOf(box),
    terms: termsOf(box.querySelector('.tourmaster-payment-terms')),
    woocommerce: box.querySelector('.tourmaster-pay-woocommerce') !== null,
    choices: [...(select?.options ?? [])].map((o) => ({ value: o.value, label: o.text })),
  };
}
