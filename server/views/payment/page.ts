import type { ActionContext } from '../../ajax/action';
import { isEmpty, list, str } from '../../php/coerce';
import type { CustomField } from '../../tourmaster/custom-fields';
import {
  adminApprovalEnabled,
  onlinePaymentBlocked,
  paymentMethods,
  requiresPassport,
  requiresTravellerInfo,
  showsTravellerTitle,
  travellerRows,
} from '../../tourmaster/payment-page';
import { pairServices } from '../../tourmaster/services';
import { setting } from '../../tourmaster/settings';
import { html, type SafeHtml } from '../html';
import { contactDetail } from './contact-detail';
import { contactForm } from './contact-form';
import { type MethodBlockInput, paymentMethodBlock } from './method-block';
import { type PaymentPageData, pageUrl, userMetaValues } from './page-data';
import { serviceForm } from './service-form';
import { sidePaymentMethod } from './side-method';
import { bookingSummary } from './summary';
import { travellerDetail } from './traveller-detail';
import { travellerForm } from './traveller-form';

/** The two fragments the payment template replaces. */
export interface PaymentFragments {
  content: SafeHtml;
  sidebar: SafeHtml;
}

/**
 * Step 2 (payment.md §2.1): TRAVELLER-FORM + CONTACT-FORM and the editable summary. `error` is a
 * server-side refusal of step 3, shown in the form's error box.
 */
export async function stepTwo(ctx: ActionContext, data: PaymentPageData, error?: string): Promise<PaymentFragments> {
  const { tour, entry, detail } = data;
  const rows = travellerRows(tour.option, data.travellers);
  const meta = await userMetaValues(ctx, data.user);
  const value = (name: string, field: CustomField) => {
    if (!isEmpty(detail[name])) return str(detail[name]);
    return meta.get(name) || field.default;
  };
  const content = html`${
    rows &&
    travellerForm({
      rows,
      group: entry['pricing-method'] === 'group',
      withTitle: showsTravellerTitle(tour.option),
      withPassport: requiresPassport(tour.option),
      fields: data.travellerFields,
      detail,
    })
  }${contactForm({ fields: data.contactFields, value, notes: str(detail.additional_notes), error })}`;
  return { content, sidebar: summary(data, { editable: true }) };
}

/** Step 3: SERVICE-FORM, the contact and traveller details, the payment methods, and the summary. */
export async function stepThree(ctx: ActionContext, data: PaymentPageData): Promise<PaymentFragments> {
  const { tour, detail } = data;
  const methods = await methodBlockInput(ctx, data);
  const content = html`${
    tour.option['tour-service'].length > 0 &&
    serviceForm({
      items: data.services,
      chosen: pairServices(detail.service, detail['service-amount']),
      format: data.format,
    })
  }<div class="tourmaster-summary-info-outer" >${contactDetail(data.contactFields, detail)}${travellerDetail({
    required: requiresTravellerInfo(tour.option),
    withTitle: showsTravellerTitle(tour.option),
    fields: data.travellerFields,
    detail,
  })}</div>${data.style === 'style-1' && paymentMethodBlock(methods)}`;
  const sideMethod = data.style === 'style-2' ? sidePaymentMethod(methods) : undefined;
  return { content, sidebar: summary(data, { editable: false, sideMethod }) };
}

/** The sidebar alone (`update_sidebar`): the summary of step 2 or 3, with style-2's payment box at step 3. */
export async function sidebarOf(ctx: ActionContext, data: PaymentPageData, step: 2 | 3): Promise<SafeHtml> {
  if (step === 2) return summary(data, { editable: true });
  if (data.style === 'style-2') return (await stepThree(ctx, data)).sidebar;
  return summary(data, { editable: false });
}

/** SUMMARY for the data (editable at step 2). */
export function summary(data: PaymentPageData, options: { editable: boolean; sideMethod?: SafeHtml }): SafeHtml {
  return bookingSummary({
    tour: data.tour,
    entry: data.entry,
    detail: data.detail,
    price: data.price,
    editable: options.editable,
    style: data.style,
    format: data.format,
    dateFormat: data.dateFormat,
    ajaxUrl: data.ajaxUrl,
    tourUrl: data.tourUrl,
    tid: data.tid,
    couponAfterTax: setting(data.settings.general, 'apply-coupon-after-tax', 'disable') === 'enable',
    serviceTitles: data.serviceTitles,
    paypalSdk: data.paypalSdk,
    sideMethod: options.sideMethod,
  });
}

async function methodBlockInput(ctx: ActionContext, data: PaymentPageData): Promise<MethodBlockInput> {
  const { site, settings, tour } = data;
  const payment = settings.payment;
  const general = settings.general;
  const [termsUrl, privacyUrl, loginUrl] = await Promise.all([
    pageUrl(ctx, site, setting(payment, 'term-of-service-page', '#'), '#'),
    pageUrl(ctx, site, setting(payment, 'privacy-statement-page', '#'), '#'),
    pageUrl(ctx, site, general['login-page'], `${site.homeUrl}/wp-login.php`),
  ]);
  return {
    methods: paymentMethods(tour.option, payment),
    loggedIn: data.user !== null,
    termsUrl,
    privacyUrl,
    blocked: onlinePaymentBlocked(adminApprovalEnabled(tour.option, payment), data.order),
    ajaxUrl: data.ajaxUrl,
    imagesUrl: `${site.siteUrl}/wp-content/plugins/tourmaster/images`,
    paypalFee: setting(payment, 'paypal-service-fee'),
    creditCardFee: setting(payment, 'credit-card-service-fee'),
    cardTypes: list(payment['accepted-credit-card-type']).map(str).filter(Boolean),
    cardGateway: setting(payment, 'credit-card-payment-gateway'),
    paypalSdk: setting(payment, 'paypal-method') === 'js-sdk',
    bookingViaEmail: setting(general, 'enable-booking-via-email', 'enable') === 'enable',
    loginForm: html`<a class="tourmaster-button" href="${loginUrl}${loginUrl.includes('?') ? '&' : '?'}redirect=payment" >Login</a>`,
  };
}
