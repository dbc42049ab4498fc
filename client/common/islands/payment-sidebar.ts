import * as z from 'zod/mini';
import { checkedLater } from './checked-later';
import type { SideMethodProps } from './payment-step';

/**
 * The payment page's sidebar as data (SUMMARY, BREAKDOWN and the total: payment.md §2.2,
 * pricing.md §10): what the server prints as the `sidebar` fragment and what the PaymentPage island
 * renders with React. Every amount is formatted by the server (money is the server's): the island
 * only lays the strings out and holds the sidebar's state (the breakdown open or shut, full or
 * deposit, the coupon code and its message). server/views/payment/sidebar-props.ts builds it, the
 * server's HTML is printed from it, and client/islands/PaymentPage/adapter.ts reads WordPress's
 * markup into it. Pure: imported by the server's views and by the island.
 */

/** A `head : tail` line of the summary (`.tourmaster-summary-{kind}`: travel-date, package, end-date, period). */
export const SummaryInfo = z.object({ kind: z.string(), head: z.string(), value: z.string() });
export type SummaryInfo = z.infer<typeof SummaryInfo>;

/** A traveller count (`.tourmaster-{type}`; fixed pricing's one "Traveller" row has type ''). */
export const PeopleRow = z.object({ type: z.string(), head: z.string(), value: z.string() });
export type PeopleRow = z.infer<typeof PeopleRow>;

/** The travellers: one block for the booking, or one per room ("Room N"); `variable` lists the categories. */
export const PeopleProps = z.object({
  rooms: z.boolean(),
  groups: z.array(z.object({ variable: z.boolean(), rows: z.array(PeopleRow) })),
});
export type PeopleProps = z.infer<typeof PeopleProps>;

/** The coupon box (step 2): the code as the detail has it and what `tourmaster_validate_coupon_code` is sent. */
export const CouponProps = z.object({ code: z.string(), tourId: z.string(), tid: z.string(), ajaxUrl: z.string() });
export type CouponProps = z.infer<typeof CouponProps>;

/**
 * A line of the breakdown: `head`, and `tail` its amount; `detail` ("2 x $65") where the line is a
 * count times a price (then the amount is `.tourmaster-price`, else the tail is right-aligned).
 */
export const BreakdownLine = z.object({ head: z.string(), tail: z.string(), detail: z.optional(z.string()) });
export type BreakdownLine = z.infer<typeof BreakdownLine>;

/** A room of the breakdown: "Room N :", its travellers ("2 Adult 1 Child "), its lines. */
export const BreakdownRoom = z.object({ head: z.string(), travellers: z.string(), lines: z.array(BreakdownLine) });
export type BreakdownRoom = z.infer<typeof BreakdownRoom>;

/**
 * BREAKDOWN (pricing.md §10). `base` holds the group price (no detail) or the base price per
 * category; `summary` the sub total; the group discount, the coupon and the tax when they apply,
 * the coupon after the tax where the site applies it after tax.
 */
export const BreakdownProps = z.object({
  base: z.array(BreakdownLine),
  rooms: z.array(BreakdownRoom),
  services: z.array(BreakdownLine),
  subTotal: z.string(),
  groupDiscount: z.optional(z.object({ head: z.string(), rate: z.string(), discounted: z.string() })),
  coupon: z.optional(z.object({ code: z.string(), text: z.string(), amount: z.string() })),
  couponAfterTax: z.boolean(),
  taxRate: z.optional(z.string()),
  taxDue: z.optional(z.string()),
});
export type BreakdownProps = z.infer<typeof BreakdownProps>;

/** A `title / content` line of the total box (total, paid, remaining, a gateway's fee). */
export const TotalLine = z.object({ head: z.string(), tail: z.string() });
export type TotalLine = z.infer<typeof TotalLine>;

/**
 * The total box: the full/deposit choice (`offerChoice`; else the one type is a hidden input), the
 * lines above the total (`fee` follows them), the amount to pay, and the deposit's box when the
 * booking may be paid by deposit (shown while `partial` is chosen).
 */
export const TotalProps = z.object({
  /** The deposit is the payment chosen (`payment-type` partial), else the full amount. */
  partial: z.boolean(),
  offerChoice: z.boolean(),
  /** "Pay {n}% Deposit". */
  depositPercent: z.number(),
  lines: z.array(TotalLine),
  fee: z.optional(TotalLine),
  payAmount: z.string(),
  deposit: z.optional(z.object({ lines: z.array(TotalLine), title: z.string(), price: z.string() })),
});
export type TotalProps = z.infer<typeof TotalProps>;

/**
 * What the sidebar's scripts set on `window` (`tourmaster_transaction_id`, `tourmaster_total_price`,
 * PayPal's amounts) and the PayPal JS SDK's URL: values only, the island never runs a fragment's script.
 */
export const SidebarVars = z.object({
  transactionId: z.optional(z.string()),
  totalPrice: z.optional(z.string()),
  paypal: z.optional(
    z.object({
      sdkUrl: z.optional(z.string()),
      clientId: z.optional(z.string()),
      currency: z.optional(z.string()),
      fullAmount: z.optional(z.string()),
      depositAmount: z.optional(z.string()),
      paymentType: z.optional(z.string()),
    }),
  ),
});
export type SidebarVars = z.infer<typeof SidebarVars>;

/**
 * The sidebar. `editUrl` (step 2) is the tour page the travel date's "edit" posts the booking back
 * to; `coupon` (step 2) sits in the summary (style-1) or in the total box (style-2); `nextStep`
 * is step 2's "Next Step" button; `sideMethod` is style-2's payment box at step 3.
 */
export const SidebarProps = z.object({
  /** The page's style-2 layout (the plugin's `payment-page-style`): the coupon and the deposit in the total box. */
  style2: z.boolean(),
  title: z.string(),
  info: z.array(SummaryInfo),
  editUrl: z.optional(z.string()),
  people: z.optional(PeopleProps),
  coupon: z.optional(CouponProps),
  breakdown: BreakdownProps,
  total: TotalProps,
  nextStep: z.boolean(),
  vars: SidebarVars,
  /** Checked by the payment step's module with payment-step.ts's schema, which renders it. */
  sideMethod: z.optional(checkedLater<SideMethodProps>()),
});
export type SidebarProps = z.infer<typeof SidebarProps>;

export type { CardImage, SideMethodProps, TermsProps } from './payment-step';
