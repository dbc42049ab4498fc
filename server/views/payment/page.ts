import type { PaymentPageProps } from '../../../client/common/islands/PaymentPage';
import type { SidebarProps, SideMethodProps } from '../../../client/common/islands/payment-sidebar';
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
  withCardGateway,
} from '../../tourmaster/payment-page';
import { setting } from '../../tourmaster/settings';
import { html, raw, type SafeHtml } from '../html';
import { contactDetail } from './contact-detail';
import { contactForm } from './contact-form';
import { contactStepProps } from './contact-step-props';
import { paymentMethodBlock } from './method-block';
import type { PaymentPageData } from './page-data';
import { type MethodBlockInput, paymentStepProps, sideMethodProps } from './payment-step-props';
import { serviceFormHtml } from './service-form';
import { sidePaymentMethod } from './side-method';
import { sidebarProps } from './sidebar-props';
import { summaryOf } from './summary';
import { travellerDetail } from './traveller-detail';
import { travellerForm } from './traveller-form';

/** The two fragments the payment template replaces. */
export interface PaymentFragments {
  content: SafeHtml;
  sidebar: SafeHtml;
  /** The PaymentPage island's typed props for this step (client/common/islands/PaymentPage.ts). */
  props?: PaymentPageProps;
}

/**
 * Step 2 (payment.md §2.1): TRAVELLER-FORM + CONTACT-FORM and the editable summary. `error` is a
 * server-side refusal of step 3, shown in the form's error box.
 */
export function stepTwo(
  data: PaymentPageData,
  /** The visitor's stored profile values, by contact field slug (prefilled when the detail has none). */
  meta: ReadonlyMap<string, string>,
  error?: string,
): PaymentFragments {
  const { tour } = data;
  const { detail } = data.booking;
  const rows = travellerRows(tour.option, data.booking.travellers);
  const { contact, billing, notes } = data.booking.contact;
  // The account's e-mail (users.user_email) for the contact's e-mail fields: the plugin filled name
  // and phone from the profile's meta but no e-mail, which is no meta (DEVIATIONS.md: e-mail
  // prefilled). The billing block stays as the profile's meta has it: an e-mail alone there would
  // leave it half filled.
  const accountEmail = data.user?.user.email ?? '';
  // `name` is the field's slug, or `billing_` and the slug.
  const value = (name: string, field: CustomField) => {
    const sent = name === field.slug ? contact.get(field.slug) : billing.get(field.slug);
    if (!isEmpty(sent)) return str(sent);
    return meta.get(name) || (field.type === 'email' && name === field.slug ? accountEmail : '') || field.default;
  };
  const travellers = rows && {
    rows,
    group: data.booking.travellers.mode === 'group',
    withTitle: showsTravellerTitle(tour.option),
    withPassport: requiresPassport(tour.option),
    fields: data.travellerFields,
    detail,
  };
  const contactInput = { fields: data.contactFields, value, notes, error };
  const content = html`${travellers && travellerForm(travellers)}${contactForm(contactInput)}`;
  const props = { step: 2, contact: contactStepProps(contactInput, travellers) };
  return withSidebar({ content, props }, summary(data, { editable: true }), 2);
}

/** Step 3: SERVICE-FORM, the contact and traveller details, the payment methods, and the summary. */
export function stepThree(data: PaymentPageData, urls: PaymentPageUrls): PaymentFragments {
  const { tour } = data;
  const { detail } = data.booking;
  const payment = paymentStepProps({
    services: tour.option['tour-service'].length > 0 ? serviceInput(data) : undefined,
    details: html`${contactDetail(data.contactFields, data.booking.contact)}${travellerDetail({
      required: requiresTravellerInfo(tour.option),
      withTitle: showsTravellerTitle(tour.option),
      fields: data.travellerFields,
      detail,
    })}`,
    methods: data.style === 'style-1' ? methodBlockInput(data, urls) : undefined,
  });
  const content = html`${payment.services && serviceFormHtml(payment.services)}<div class="tourmaster-summary-info-outer" >${raw(
    payment.details,
  )}</div>${payment.methods && paymentMethodBlock(payment.methods, data.ajaxUrl)}`;
  return withSidebar({ content, props: { step: 3, payment } }, stepThreeSidebar(data, urls), 3);
}

/** Style-2's payment box at step 3 (the sidebar's `sideMethod`); style-1's methods are in the content. */
export function sideMethodOf(data: PaymentPageData, urls: PaymentPageUrls): SideMethodProps | undefined {
  return data.style === 'style-2' ? sideMethodProps(methodBlockInput(data, urls)) : undefined;
}

const serviceInput = (data: PaymentPageData) => ({
  items: data.services,
  chosen: data.booking.services,
  format: data.format,
});

/** The sidebar alone (`update_sidebar`): the summary of step 2 or 3, with style-2's payment box at step 3. */
export function sidebarOf(data: PaymentPageData, step: 2 | 3, urls: PaymentPageUrls): Sidebar {
  if (step === 2) return summary(data, { editable: true });
  return stepThreeSidebar(data, urls);
}

/** Step 3's sidebar: the summary, and style-2's payment box at its end (markup and props). */
function stepThreeSidebar(data: PaymentPageData, urls: PaymentPageUrls): Sidebar {
  const side = sideMethodOf(data, urls);
  const sidebar = summary(data, { editable: false, sideMethod: side && sidePaymentMethod(side) });
  return side ? { html: sidebar.html, props: { ...sidebar.props, sideMethod: side } } : sidebar;
}

/** The sidebar as replies and pages carry it: the island's props, and the markup printed from them. */
export interface Sidebar {
  html: SafeHtml;
  props: SidebarProps;
}

/**
 * A reply's or page's parts with the sidebar: its markup as the `sidebar` fragment, its props beside
 * the step's (`step` where the parts have no props of their own, e.g. a refusal beside the summary).
 */
export function withSidebar<T extends object>(
  parts: T & { props?: PaymentPageProps },
  sidebar: Sidebar,
  step: number,
): T & { sidebar: SafeHtml; props: PaymentPageProps } {
  return { ...parts, sidebar: sidebar.html, props: { step, ...parts.props, sidebar: sidebar.props } };
}

/** SUMMARY for the data (editable at step 2): its props, and its markup printed from them. */
export function summary(data: PaymentPageData, options: { editable: boolean; sideMethod?: SafeHtml }): Sidebar {
  const props = sidebarProps({
    tour: data.tour,
    booking: data.booking,
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
  });
  return { html: summaryOf(props, options.sideMethod), props };
}

/** The pages step 3 links to (the settings name them by page id), resolved by the caller. */
export interface PaymentPageUrls {
  termsUrl: string;
  privacyUrl: string;
  loginUrl: string;
}

function methodBlockInput(data: PaymentPageData, urls: PaymentPageUrls): MethodBlockInput {
  const { site, settings, tour } = data;
  const payment = settings.payment;
  const general = settings.general;
  const { termsUrl, privacyUrl, loginUrl } = urls;
  return {
    methods: withCardGateway(paymentMethods(tour.option, payment), data.cardGateway),
    loggedIn: data.user !== null,
    termsUrl,
    privacyUrl,
    blocked: onlinePaymentBlocked(adminApprovalEnabled(tour.option, payment), data.order),
    imagesUrl: `${site.siteUrl}/wp-content/plugins/tourmaster/images`,
    paypalFee: setting(payment, 'paypal-service-fee'),
    creditCardFee: setting(payment, 'credit-card-service-fee'),
    cardTypes: list(payment['accepted-credit-card-type']).map(str).filter(Boolean),
    cardGateway: setting(payment, 'credit-card-payment-gateway'),
    paypalSdk: setting(payment, 'paypal-method') === 'js-sdk',
    bookingViaEmail: setting(general, 'enable-booking-via-email', 'enable') === 'enable',
    loginUrl,
  };
}
