import type { PaymentPageProps } from '../../common/islands/PaymentPage';
import type { SidebarProps } from '../../common/islands/payment-sidebar';
import type { ContactStep } from './ContactStep/ContactStep';
import type { NamedField } from './detail';
import type * as PaymentStepModule from './PaymentStep/index';
import { type ServiceChoice, serviceChoices, serviceFields } from './PaymentStep/service-choices';
import type { SidebarState } from './Sidebar/Sidebar';

/** The contact step's module (ContactStep/) and the payment step's (PaymentStep/), once fetched. */
export interface StepModules {
  contact?: typeof ContactStep;
  payment?: typeof PaymentStepModule;
}

/** A reply's content with no props; `stripe`: the card gateway's form and its Stripe keys. */
export interface GatewayFragmentState {
  html: string;
  gateway: boolean;
  stripe?: unknown;
}

/** The terms box: ticked, and shown as wrong (a booking or payment was tried without it). */
export interface TermsState {
  agreed: boolean;
  invalid: boolean;
}

/**
 * Everything the payment page shows and the visitor set, in one place: the step and its typed
 * props (content and sidebar), a reply's content that has none (a gateway's form: `fragment`), the
 * request in flight, the messages, and the controls' values that go into the booking detail.
 */
export interface PaymentView {
  step: number;
  props: PaymentPageProps;
  /** A content fragment with no props (a gateway's form, run as the legacy script did), or none. */
  fragment: GatewayFragmentState | undefined;
  busy: boolean;
  status: string;
  alert: string | undefined;
  /** Renews the contact step's form for each contact step the server sends. */
  contactKey: number;
  /** Counts the steps shown since the page loaded (each one is brought into view and focused). */
  shown: number;
  sidebar: SidebarState;
  services: ServiceChoice[];
  terms: TermsState;
  modules: StepModules;
  /** Where PayPal's buttons go (the payment methods' container), once rendered. */
  paypalHost: HTMLElement | null;
}

/** The sidebar's controls as a new sidebar sets them: its payment type, the coupon code it shows. */
export function sidebarStateOf(sidebar: SidebarProps | undefined, current: SidebarState): SidebarState {
  if (!sidebar) return current;
  return {
    ...current,
    paymentType: sidebar.total.partial ? 'partial' : 'full',
    couponCode: sidebar.coupon?.code ?? current.couponCode,
  };
}

/** The services of a payment step as the server printed them. */
export function serviceChoicesOf(props: PaymentPageProps): ServiceChoice[] {
  return serviceChoices(props.payment?.services ?? []);
}

export function initialView(step: number, props: PaymentPageProps, modules: StepModules): PaymentView {
  return {
    step,
    props,
    fragment: undefined,
    busy: false,
    status: '',
    alert: undefined,
    contactKey: 0,
    shown: 0,
    sidebar: sidebarStateOf(props.sidebar, { couponCode: '', coupon: undefined, paymentType: 'full' }),
    services: serviceChoicesOf(props),
    terms: { agreed: false, invalid: false },
    modules,
    paypalHost: null,
  };
}

/** The step shows a terms box (style-1's payment methods, or style-2's payment box in the sidebar). */
export function termsShown(props: PaymentPageProps): boolean {
  return props.payment?.methods !== undefined || props.sidebar?.sideMethod !== undefined;
}

/**
 * The controls the page shows, as the legacy script read them into the booking detail (in page
 * order: the step's services and terms box, then the sidebar's coupon code and payment type).
 */
export function viewFields(view: PaymentView): NamedField[] {
  const fields: NamedField[] = [];
  const field = (name: string, value: string, kind: NamedField['kind'] = 'other', checked = false) =>
    fields.push({ name, kind, value, checked });
  if (view.props.payment) fields.push(...serviceFields(view.services));
  if (termsShown(view.props)) {
    field('term-and-service', 'on', 'checkbox', view.terms.agreed);
  }
  const sidebar = view.props.sidebar;
  if (sidebar?.coupon) field('coupon-code', view.sidebar.couponCode);
  if (sidebar) field('payment-type', view.sidebar.paymentType);
  return fields;
}
