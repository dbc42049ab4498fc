import type { CardImage, SideMethodProps, TermsProps } from '../../../client/common/islands/payment-sidebar';
import type {
  BookLaterProps,
  GatewaysProps,
  MethodBlockProps,
  PaymentStepProps,
} from '../../../client/common/islands/payment-step';
import { AGREE_SENTENCE } from '../../../client/common/islands/terms-sentence';
import type { PaymentMethods } from '../../tourmaster/payment-page';
import type { SafeHtml } from '../html';
import { type ServiceFormInput, serviceItems } from './service-props';

export interface MethodBlockInput {
  methods: PaymentMethods;
  loggedIn: boolean;
  termsUrl: string;
  privacyUrl: string;
  /** Admin approval holds online payment back (onlinePaymentBlocked). */
  blocked: boolean;
  /** `{siteurl}/wp-content/plugins/tourmaster/images`. */
  imagesUrl: string;
  /** `paypal-service-fee` / `credit-card-service-fee` as stored ('' for none). */
  paypalFee: string;
  creditCardFee: string;
  /** `accepted-credit-card-type`. */
  cardTypes: readonly string[];
  /** `credit-card-payment-gateway`: the `data-action-type` of the card button (stripe, authorize). */
  cardGateway: string;
  /** `paypal-method == js-sdk`: PayPal's own buttons replace the PayPal image. */
  paypalSdk: boolean;
  /** Option `enable-booking-via-email` [enable]: guests may book and pay later. */
  bookingViaEmail: boolean;
  /** The login page (guests, booking via e-mail off: "requires an account"). */
  loginUrl: string;
}

/** Step 3's content as data: what page.ts prints the step from and sends the island as its props. */
export function paymentStepProps(parts: {
  services?: ServiceFormInput | undefined;
  details: SafeHtml;
  methods?: MethodBlockInput | undefined;
}): PaymentStepProps {
  return {
    ...(parts.services && { services: serviceItems(parts.services) }),
    details: parts.details.value,
    ...(parts.methods && { methods: methodBlockProps(parts.methods) }),
  };
}

/** The terms box: the plugin's sentence, and its error box's sentence. */
export function termsProps(termsUrl: string, privacyUrl: string): TermsProps {
  return {
    termsUrl,
    privacyUrl,
    sentence: AGREE_SENTENCE,
    message: 'Please agree to all the terms and conditions before proceeding to the next step.',
  };
}

/** The card logos under the card button (`{images}/{type}.png`). */
export function cardImages(imagesUrl: string, types: readonly string[]): CardImage[] {
  return types.map((type) => ({ src: `${imagesUrl}/${type}.png`, alt: type }));
}

const onlineCount = (m: PaymentMethods) => [m.paypal, m.creditCard, m.hipay].filter(Boolean).length;

const paypalFeeText = (fee: string) => (fee === '' ? '' : `Additional ${fee}% is charged for PayPal payment.`);

/** METHOD-BLOCK (payment.md §2.2, style-1): terms, online gateways, and "book and pay later". */
export function methodBlockProps(input: MethodBlockInput): MethodBlockProps {
  const m = input.methods;
  const online = onlineCount(m);
  const none = m.methods.length === 0;
  const bookLater = none || m.booking ? bookLaterProps(input) : undefined;
  return {
    layout: online >= 2 ? 'both' : online === 0 ? 'none' : '',
    title: none ? 'Book now and we will contact you back' : 'Please select a payment method',
    bankTransferNote: m.booking && input.loggedIn,
    terms: termsProps(input.termsUrl, input.privacyUrl),
    ...(m.paypal && input.paypalSdk && { paypalSdk: { feeText: paypalFeeText(input.paypalFee) } }),
    ...(!input.blocked && (m.woocommerce || online > 0) && { gateways: gatewaysProps(input) }),
    or: bookLater !== undefined && !input.blocked && m.methods.length > 1,
    ...(bookLater && { bookLater }),
  };
}

function gatewaysProps(input: MethodBlockInput): GatewaysProps {
  const m = input.methods;
  const cardFee = input.creditCardFee;
  return {
    imagesUrl: input.imagesUrl,
    woocommerce: m.woocommerce,
    ...(m.paypal && !input.paypalSdk && { paypal: { feeText: paypalFeeText(input.paypalFee) } }),
    ...(m.creditCard && {
      card: {
        gateway: input.cardGateway,
        feeText: cardFee === '' ? '' : `Additional ${cardFee}% is charged for payment via credit card.`,
        cardTypes: cardImages(input.imagesUrl, input.cardTypes),
      },
    }),
    hipay: m.hipay,
  };
}

/** Members book and pay later; guests too where booking via e-mail is on, else they log in first. */
function bookLaterProps(input: MethodBlockInput): BookLaterProps {
  const none = input.methods.methods.length === 0;
  const label = none ? 'Book Now' : 'Book and pay later';
  if (input.loggedIn) return { label };
  if (input.bookingViaEmail) return { label: 'Book now via email' };
  const { loginUrl } = input;
  return {
    label,
    login: {
      title: none ? 'Book and pay later requires an account' : 'Book now requires an account',
      url: `${loginUrl}${loginUrl.includes('?') ? '&' : '?'}redirect=payment`,
    },
  };
}

/**
 * SIDE-METHOD (payment.md §2.2, style-2 at step 3): the select's online methods (the `type` each
 * sends), or WooCommerce's button. Style-2 ignores admin approval, as the plugin did.
 */
export function sideMethodProps(input: MethodBlockInput): SideMethodProps {
  const m = input.methods;
  const choices = [
    m.paypal && { value: 'paypal', label: 'Paypal' },
    m.creditCard && { value: input.cardGateway, label: 'Credit Card' },
    m.hipay && { value: 'hipayprofessional', label: 'Hipayprofessional' },
  ].filter((choice) => choice !== false);
  return {
    cardTypes: cardImages(input.imagesUrl, input.cardTypes),
    terms: termsProps(input.termsUrl, input.privacyUrl),
    woocommerce: m.woocommerce,
    choices,
  };
}
