/** The names of the gateways' buttons (images in the plugin's markup), by the `type` each sends. */
const GATEWAY_NAMES: Readonly<Record<string, string>> = {
  paypal: 'Pay with PayPal',
  stripe: 'Pay by credit card',
  authorize: 'Pay by credit card',
  hipayprofessional: 'Pay with Hipay',
  woocommerce: 'Pay now',
};

/** A gateway's button's name, by the `type` it sends (its image's `alt` for one not listed). */
export function gatewayLabel(type: string, alt: string): string {
  return GATEWAY_NAMES[type] ?? `Pay with ${alt}`;
}
