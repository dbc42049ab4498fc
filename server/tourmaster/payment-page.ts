import { isEmpty, list, str } from '../php/coerce';
import type { Booking } from './booking';
import type { BookingDetail, FormValue } from './booking-detail';
import { type CustomField, isEmail, parseCustomFields } from './custom-fields';
import { phpLooseEquals } from './packages';
import type { ServiceOption } from './services';
import { isTooLong, readableName, TEXT_LIMITS, textLimit, tooLongMessage } from './text-limits';
import type { Tour, TourOption } from './tour-option';
import type { Travellers } from './travellers';

/**
 * What the payment page shows for a booking detail (payment.md §2), and the checks its script ran
 * in the browser, repeated on the server (DEFECTS.md 11): nothing here reads the database.
 */

type Options = Readonly<Record<string, unknown>>;

/** The texts of the page's error boxes (`data-default`, `data-email`, `data-phone`, the terms box). */
export const PAGE_MESSAGES = {
  required: 'Please fill all required fields.',
  email: 'Invalid E-Mail, please try again.',
  phone: 'Invalid phone number, please try again.',
  terms: 'Please agree to all the terms and conditions before proceeding to the next step.',
} as const;

/** The step a detail asks for: `empty(step)` or 2 → 2, then 3 and 4 (PHP `==`); anything else (1) renders nothing. */
export type PaymentStep = 2 | 3 | 4 | 'other';

export function paymentStep(detail: BookingDetail): PaymentStep {
  const step = detail.step;
  if (isEmpty(step)) return 2;
  const text = str(step);
  if (phpLooseEquals(text, '2')) return 2;
  if (phpLooseEquals(text, '3')) return 3;
  if (phpLooseEquals(text, '4')) return 4;
  return 'other';
}

/** The contact fields the plugin uses when neither the tour nor the site configures any. */
export const DEFAULT_CONTACT_FIELDS =
  '{slug=first_name,title=First Name,type=text,required=true}{slug=last_name,title=Last Name,type=text,required=true}' +
  '{slug=email,title=Email,type=email,required=true}{slug=phone,title=Phone,type=text,required=true}' +
  '{slug=country,title=Country,type=country,required=true}{slug=contact_address,title=Address,type=textarea}';

/**
 * Contact (and billing) fields: the tour's meta `tourmaster-contact-detail-fields` (its copy in the
 * tour option on older data), else the site option `contact-detail-fields`, else the defaults.
 */
export function contactFieldsFor(sources: { tourMeta?: string; option?: TourOption; general: Options }): CustomField[] {
  const text =
    str(sources.tourMeta) ||
    str(sources.option?.['contact-detail-fields']) ||
    str(sources.general['contact-detail-fields']) ||
    DEFAULT_CONTACT_FIELDS;
  return parseCustomFields(text, { userDefaultCountry: str(sources.general['user-default-country']) });
}

/** Additional traveller fields: the tour's `additional-traveller-fields`, else the site's. */
export function travellerFieldsFor(option: TourOption, general: Options): CustomField[] {
  const text = str(option['additional-traveller-fields']) || str(general['additional-traveller-fields']);
  return parseCustomFields(text, { userDefaultCountry: str(general['user-default-country']) });
}

/** Extra booking fields of the booking bar: meta `tourmaster-extra-booking-info`, else the site's. */
export function extraBookingFieldsFor(tour: Tour, general: Options): CustomField[] {
  const text = tour.meta.extraBookingInfo || str(general['single-tour-extra-booking-info']);
  return parseCustomFields(text, { userDefaultCountry: str(general['user-default-country']) });
}

/** `require-each-traveller-info == enable`: the page asks for each traveller's name. */
export function requiresTravellerInfo(option: TourOption): boolean {
  return option['require-each-traveller-info'] === 'enable';
}

/** The traveller title select is shown unless the tour disables it (empty means enable). */
export function showsTravellerTitle(option: TourOption): boolean {
  return str(option['require-traveller-info-title']) !== 'disable';
}

export function requiresPassport(option: TourOption): boolean {
  return option['require-traveller-passport'] === 'enable';
}

/** The traveller rows of the form: how many, and how many of the first rows are required. */
export interface TravellerRows {
  count: number;
  required: number;
}

/**
 * Rows of TRAVELLER-FORM, or null when the tour does not ask for travellers: one required row per
 * traveller (`tourmaster_get_tour_people_amount`); group pricing shows `max-group-people` rows of
 * which only the first is required.
 */
export function travellerRows(option: TourOption, travellers: Travellers): TravellerRows | null {
  if (!requiresTravellerInfo(option)) return null;
  const count = travellers.listed;
  return { count, required: travellers.mode === 'group' ? Math.min(count, 1) : count };
}

/**
 * `tourmaster_set_mandatory_service` (step 3): each of the tour's services marked mandatory that the
 * detail does not already name with a non-empty amount is appended with amount 1. Returns a copy.
 */
export function withMandatoryServices(
  detail: BookingDetail,
  tourServices: readonly string[],
  options: ReadonlyMap<string, ServiceOption>,
): BookingDetail {
  const out: Record<string, FormValue | undefined> = { ...detail };
  if (tourServices.length === 0) return out;
  const services = isEmpty(detail.service) ? [] : list(detail.service).map(str);
  const amounts: string[] = isEmpty(detail['service-amount']) ? [] : list(detail['service-amount']).map(str);
  let changed = false;
  for (const id of tourServices) {
    const pos = services.indexOf(id);
    if (pos !== -1 && !isEmpty(amounts[pos])) continue;
    if (options.get(id)?.mandatory === 'enable') {
      services.push(id);
      amounts.push('1');
      changed = true;
    }
  }
  if (changed) {
    out.service = services;
    out['service-amount'] = amounts;
  }
  return out;
}

/** Payment options the method block reads (`tourmaster_payment`), and the tour's own overrides. */
export interface PaymentMethods {
  /** As configured: `booking`, `paypal`, `credit-card`, `hipayprofessional`, or `woocommerce` (+ `booking`). */
  methods: string[];
  woocommerce: boolean;
  paypal: boolean;
  creditCard: boolean;
  hipay: boolean;
  booking: boolean;
}

/**
 * Enabled methods: tour `enable-payment` (if set) else option `enable-payment` [enable]; WooCommerce
 * replaces the online methods (keeping `booking`), else the option `payment-method` list.
 */
export function paymentMethods(option: TourOption, payment: Options): PaymentMethods {
  const enable = isEmpty(option['enable-payment'])
    ? isEmpty(payment['enable-payment'])
      ? 'enable'
      : str(payment['enable-payment'])
    : str(option['enable-payment']);
  let methods: string[] = [];
  if (enable === 'enable') {
    const configured =
      payment['payment-method'] === undefined
        ? ['booking', 'paypal', 'credit-card']
        : list(payment['payment-method']).map(str);
    methods =
      payment['enable-woocommerce-payment'] === 'enable'
        ? ['woocommerce', ...(configured.includes('booking') ? ['booking'] : [])]
        : configured;
  }
  return {
    methods,
    woocommerce: methods.includes('woocommerce'),
    paypal: methods.includes('paypal'),
    creditCard: methods.includes('credit-card'),
    hipay: methods.includes('hipayprofessional'),
    booking: methods.includes('booking'),
  };
}

/**
 * The methods the page offers: the card method only where a card gateway can take the payment
 * (`cardGateway`: Stripe configured, payments/stripe-settings.ts). The plugin printed the card
 * button whatever its keys, and the visitor met a blank step (DEVIATIONS.md: the card method
 * without a card gateway).
 */
export function withCardGateway(methods: PaymentMethods, cardGateway: boolean): PaymentMethods {
  if (cardGateway || !methods.creditCard) return methods;
  return { ...methods, methods: methods.methods.filter((m) => m !== 'credit-card'), creditCard: false };
}

/** Admin approval: tour `payment-admin-approval` if set, else the payment option [disable]. */
export function adminApprovalEnabled(option: TourOption, payment: Options): boolean {
  const value = isEmpty(option['payment-admin-approval'])
    ? str(payment['payment-admin-approval'])
    : str(option['payment-admin-approval']);
  return value === 'enable';
}

/**
 * Online payment is blocked while the admin must approve: a new booking (no order yet), or an
 * order still waiting for approval.
 */
export function onlinePaymentBlocked(approval: boolean, order: { status: string | null } | undefined): boolean {
  if (!approval) return false;
  return order === undefined || order.status === 'wait-for-approval';
}

/** What `validateBooking` needs besides the booking. */
export interface DetailValidationContext {
  /** 3: leaving the contact step; 4: placing the order (adds the terms checkbox). */
  step: 3 | 4;
  tour: Tour;
  /** The site option arrays (`tourmaster_general`), for the fallbacks of the fields below. */
  settings: { general: Options };
  /** Contact fields as the page showed them (contactFieldsFor). */
  contactFields: readonly CustomField[];
  /** Default: travellerFieldsFor(tour.option, settings.general). */
  travellerFields?: readonly CustomField[];
  /** Default: extraBookingFieldsFor(tour, settings.general). */
  extraFields?: readonly CustomField[];
}

export type DetailValidation = { ok: true } | { ok: false; message: string; field?: string };

const PHONE = /^[\d+\-\s().]*$/;

/**
 * The page's own checks, on the server (DEFECTS.md 11), in the order its script reports them:
 * required fields (contact fields, traveller names of the required rows and their required extra
 * fields, the booking bar's required extra fields), then (FIX) text lengths (text-limits.ts), then
 * e-mail format (contact and billing fields of
 * type email, extra fields of type email), then phone characters (`phone`, `billing_phone`), and at
 * step 4 the terms checkbox. Billing fields are not required: the legacy script filled them from
 * the contact fields and the server stored whatever came.
 */
export function validateBooking(booking: Booking, context: DetailValidationContext): DetailValidation {
  const { tour, settings } = context;
  const { detail } = booking;
  const travellerFields = context.travellerFields ?? travellerFieldsFor(tour.option, settings.general);
  const extraFields = context.extraFields ?? extraBookingFieldsFor(tour, settings.general);
  const failed = (message: string, field: string): DetailValidation => ({ ok: false, message, field });

  const { contact, billing } = booking.contact;
  for (const field of context.contactFields) {
    if (field.required && blank(contact.get(field.slug))) return failed(PAGE_MESSAGES.required, field.slug);
  }
  const rows = travellerRows(tour.option, booking.travellers);
  if (rows) {
    const named = ['first_name', 'last_name', ...(requiresPassport(tour.option) ? ['passport'] : [])];
    const extra = travellerFields.filter((f) => f.required).map((f) => f.slug);
    for (let i = 0; i < rows.required; i++) {
      for (const slug of [...named, ...extra]) {
        if (blank(list(detail[`traveller_${slug}`])[i])) return failed(PAGE_MESSAGES.required, `traveller_${slug}`);
      }
    }
  }
  for (const field of extraFields) {
    if (field.required && blank(detail[field.slug])) return failed(PAGE_MESSAGES.required, field.slug);
  }
  const long = overlongField(detail, [...context.contactFields, ...extraFields], travellerFields);
  if (long) return failed(long.message, long.field);

  // [form name, value]: the contact and billing e-mails, then the booking bar's extra ones.
  const emails: [string, FormValue | undefined][] = [
    ...context.contactFields
      .filter((f) => f.type === 'email')
      .flatMap((f): [string, FormValue | undefined][] => [
        [f.slug, contact.get(f.slug)],
        [`billing_${f.slug}`, billing.get(f.slug)],
      ]),
    ...extraFields
      .filter((f) => f.type === 'email')
      .map((f): [string, FormValue | undefined] => [f.slug, detail[f.slug]]),
  ];
  for (const [name, value] of emails) {
    if (!blank(value) && !isEmail(str(value).trim())) return failed(PAGE_MESSAGES.email, name);
  }
  const phones: [string, FormValue | undefined][] = [
    ['phone', contact.get('phone')],
    ['billing_phone', billing.get('phone')],
  ];
  for (const [name, value] of phones) {
    if (value !== undefined && (typeof value !== 'string' || !PHONE.test(value)))
      return failed(PAGE_MESSAGES.phone, name);
  }
  if (context.step === 4 && isEmpty(detail['term-and-service'])) return failed(PAGE_MESSAGES.terms, 'term-and-service');
  return { ok: true };
}

/**
 * The first free-text field longer than its limit (text-limits.ts): the contact and billing fields,
 * every traveller's names, passport and extra fields, the extra booking fields, the notes, and any
 * other text the detail carries (bounded as notes). Lists are read element by element.
 */
function overlongField(
  detail: BookingDetail,
  fields: readonly CustomField[],
  travellerFields: readonly CustomField[],
): { field: string; message: string } | undefined {
  const known = new Map<string, { title: string; limit: number }>();
  for (const field of fields) {
    const title = field.title || readableName(field.slug);
    known.set(field.slug, { title, limit: textLimit(field.slug, field.type) });
    known.set(`billing_${field.slug}`, { title: `Billing ${title}`, limit: textLimit(field.slug, field.type) });
  }
  known.set('traveller_first_name', { title: "A traveller's first name", limit: TEXT_LIMITS.name });
  known.set('traveller_last_name', { title: "A traveller's last name", limit: TEXT_LIMITS.name });
  known.set('traveller_passport', { title: "A traveller's passport", limit: TEXT_LIMITS.passport });
  for (const field of travellerFields) {
    const title = `A traveller's ${(field.title || readableName(field.slug)).toLowerCase()}`;
    known.set(`traveller_${field.slug}`, { title, limit: textLimit(field.slug, field.type) });
  }
  for (const [key, value] of Object.entries(detail)) {
    const { title, limit } = known.get(key) ?? { title: readableName(key), limit: TEXT_LIMITS.notes };
    const values = typeof value === 'string' ? [value] : list(value);
    if (values.some((v) => isTooLong(v, limit))) return { field: key, message: tooLongMessage(title, limit) };
  }
  return undefined;
}

/** A field the script's `[data-required]` check would reject: missing, not text, or only spaces. */
function blank(value: unknown): boolean {
  if (typeof value === 'number') return false;
  return typeof value !== 'string' || value.trim() === '';
}
