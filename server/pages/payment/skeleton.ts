import { phpJsonEncode } from '../../php/json';
import type { PhpValue } from '../../php/values';
import { html, raw, type SafeHtml } from '../../views/html';
import { islandProps } from '../../views/island-props';
import type { PaymentFragments } from '../../views/payment/page';
import type { PaymentPageStyle } from '../../views/payment/sidebar-props';

/**
 * The payment page's frame (payment.md §2): the head with the tour's title, the step bar, and the
 * template wrapper whose sidebar and content the fragments of PAGE(detail) fill. The markup is the
 * plugin's, class for class, so the theme's CSS applies and the legacy script (on a page WordPress
 * still renders) or our PaymentPage island (client/islands/PaymentPage) finds what it binds to.
 */

export const STEP_TITLES = ['Select Tour', 'Contact Details', 'Payment', 'Complete'] as const;

/**
 * How the step bar is printed. `booking` (the cookie's booking, the PayPal return): earlier steps
 * are `tourmaster-enable` (clickable) and the wrap has the id the script binds to. `order` (paying
 * an existing order): earlier steps are only `tourmaster-checked`, the wrap has no id, so nothing
 * in it is clickable (the booking is written, its contact step cannot be revisited).
 */
export type StepBarMode = 'booking' | 'order';

export interface PaymentSkeletonInput {
  style: PaymentPageStyle;
  /** The detail names a tour (`tour-id` non-empty): the head and the step bar are printed. */
  head?: {
    title: string;
    /** The tour's featured image URL, when it has one. */
    backgroundUrl?: string;
    step: number;
    mode: StepBarMode;
  };
  ajaxUrl: string;
  /** `data-booking-detail`: the detail as PHP json_encode writes it (an empty detail is `[]`). */
  bookingDetail: PhpValue;
  fragments: PaymentFragments;
}

export function paymentSkeleton(input: PaymentSkeletonInput): SafeHtml {
  const { style, head } = input;
  const headHtml = head
    ? style === 'style-1'
      ? html`<div class="tourmaster-payment-head ${head.backgroundUrl ? 'tourmaster-with-background' : 'tourmaster-wihtout-background'}" ${
          head.backgroundUrl && html`style="background-image: url(${head.backgroundUrl}) ;"`
        } ><div class="traveltour-header-transparent-substitute" ></div><div class="tourmaster-payment-head-overlay-opacity" ></div><div class="tourmaster-payment-head-overlay" ></div><div class="tourmaster-payment-head-top-overlay" ></div><div class="tourmaster-payment-title-container tourmaster-container" ><h1 class="tourmaster-payment-title tourmaster-item-pdlr">${head.title}</h1></div>${stepBar(
          style,
          head.step,
          head.mode,
        )}</div>`
      : stepBar(style, head.step, head.mode)
    : html`<div class="traveltour-header-transparent-substitute" ></div>`;
  return html`<div class="tourmaster-page-wrapper tourmaster-payment-${style}" id="tourmaster-page-wrapper" >${headHtml}<div class="tourmaster-template-wrapper" id="tourmaster-payment-template-wrapper" data-ajax-url="${input.ajaxUrl}" data-booking-detail="${phpJsonEncode(
    input.bookingDetail,
  )}" >${input.fragments.props && islandProps('PaymentPage', input.fragments.props)}<div class="tourmaster-container" ><div class="tourmaster-page-content tourmaster-item-pdlr clearfix" ><div class="tourmaster-tour-booking-bar-wrap" id="tourmaster-tour-booking-bar-wrap" ><div class="tourmaster-tour-booking-bar-outer" ><div class="tourmaster-tour-booking-bar-inner" id="tourmaster-tour-booking-bar-inner" >${
    input.fragments.sidebar
  }</div></div></div><div class="tourmaster-tour-payment-content" id="tourmaster-tour-payment-content" >${
    input.fragments.content
  }</div></div></div></div></div>`;
}

/** The four steps: step 1 always checked, the current one marked, earlier ones enabled (or checked). */
export function stepBar(style: PaymentPageStyle, step: number, mode: StepBarMode): SafeHtml {
  const items = STEP_TITLES.map((title, i) => {
    const n = i + 1;
    let state = '';
    if (n === 1) state = 'tourmaster-checked ';
    else if (n === step) state = 'tourmaster-current ';
    else if (n < step) state = mode === 'order' ? 'tourmaster-checked ' : 'tourmaster-enable ';
    return html`<div class="tourmaster-payment-step-item ${raw(state)}" data-step="${n}" ><span class="tourmaster-payment-step-item-icon" ><i class="fa fa-check" ></i><span class="tourmaster-text" >${n}</span></span><span class="tourmaster-payment-step-item-title" >${title}${
      style === 'style-2' && raw('<span></span>')
    }</span></div>`;
  });
  const id = mode === 'booking' ? raw(' id="tourmaster-payment-step-wrap"') : '';
  return html`<div class="tourmaster-payment-step-wrap"${id} ><div class="tourmaster-payment-step-overlay" ></div><div class="tourmaster-payment-step-container tourmaster-container" ><div class="tourmaster-payment-step-inner tourmaster-item-mglr clearfix" >${items}</div></div></div>`;
}
