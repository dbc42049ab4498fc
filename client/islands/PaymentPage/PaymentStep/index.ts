/**
 * The payment step's module: fetched by the page (flow.ts) when a step after the contact step shows,
 * so the contact step's page does not load it (scripts/bundle-budgets.ts counts the page's steps
 * apart): the payment step's content (services, details, methods) with PayPal's buttons, a
 * gateway's fragment, "Booking Completed!", and style-2's payment box for the sidebar.
 */

export { checkedProps } from './checked-props';
export { PaymentStepView } from './PaymentStepView';
export { SideMethodView } from './SideMethodView';
