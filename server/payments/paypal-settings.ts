import type { Config } from '../core/config';
import { isSet, str } from '../php/coerce';

/**
 * The site's PayPal settings (Tour Master's `tourmaster_payment` options) and which credentials
 * verify JS-SDK payments: the environment's or the site's. The REST client is paypal.ts.
 */

export type PaypalMode = 'sandbox' | 'live';

export interface PaypalCredentials {
  readonly clientId: string;
  readonly secret: string;
  readonly mode: PaypalMode;
  /** Where they came from: the environment (`PAYPAL_CLIENT_ID`…) or the site's Tour Master settings. */
  readonly source: 'config' | 'site';
}

/**
 * The Tour Master PayPal options of `tourmaster_payment`. The fixture site stores only
 * `paypal-live-mode` (`disable`), `paypal-business-email` (''), `paypal-currency-code` (`USD`) and
 * `paypal-service-fee` (`3`); `paypal-method`, `paypal-client-id` and `paypal-client-secret` exist
 * only on sites that switched to the JS SDK. There is no `paypal-sandbox` option: sandbox is
 * "live mode not enabled".
 */
export const PAYPAL_OPTION = {
  liveMode: 'paypal-live-mode',
  businessEmail: 'paypal-business-email',
  currencyCode: 'paypal-currency-code',
  serviceFee: 'paypal-service-fee',
  method: 'paypal-method',
  clientId: 'paypal-client-id',
  clientSecret: 'paypal-client-secret',
} as const;

export interface PaypalSettings {
  /** `paypal-live-mode` == enable (the plugin: empty or `disable` means sandbox). */
  liveMode: boolean;
  /** `paypal-business-email`, trimmed ('' allowed: the legacy form sends it empty). */
  businessEmail: string;
  /** `paypal-currency-code`, trimmed [USD]. */
  currencyCode: string;
  /** `paypal-service-fee` as stored ('3'), '' for none. */
  serviceFee: string;
  /** `paypal-method` [standard]: the redirect form, or the JS SDK buttons. */
  method: 'standard' | 'js-sdk';
  clientId: string;
  clientSecret: string;
}

export function readPaypalSettings(payment: Readonly<Record<string, unknown>>): PaypalSettings {
  const get = (key: string, fallback = '') => (isSet(payment[key]) ? str(payment[key]) : fallback);
  const live = get(PAYPAL_OPTION.liveMode, 'disable');
  return {
    liveMode: live !== '' && live !== 'disable',
    businessEmail: get(PAYPAL_OPTION.businessEmail).trim(),
    currencyCode: get(PAYPAL_OPTION.currencyCode, 'USD').trim(),
    serviceFee: get(PAYPAL_OPTION.serviceFee),
    method: get(PAYPAL_OPTION.method, 'standard') === 'js-sdk' ? 'js-sdk' : 'standard',
    clientId: get(PAYPAL_OPTION.clientId).trim(),
    clientSecret: get(PAYPAL_OPTION.clientSecret).trim(),
  };
}

/**
 * Which credentials verify payments: `config.paypal` (environment) when both the id and the secret
 * are set, else the site's `paypal-client-id` / `paypal-client-secret`; undefined when neither has
 * both. Mode: `PAYPAL_MODE` when set; otherwise sandbox for environment credentials and
 * `paypal-live-mode` for the site's.
 */
export function resolvePaypalCredentials(
  config: Pick<Config, 'paypal'>,
  payment: Readonly<Record<string, unknown>>,
): PaypalCredentials | undefined {
  const { clientId, secret, mode } = config.paypal;
  if (clientId && secret) return { clientId, secret, mode: mode ?? 'sandbox', source: 'config' };
  const site = readPaypalSettings(payment);
  if (!site.clientId || !site.clientSecret) return undefined;
  return {
    clientId: site.clientId,
    secret: site.clientSecret,
    mode: mode ?? (site.liveMode ? 'live' : 'sandbox'),
    source: 'site',
  };
}
