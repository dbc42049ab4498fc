import type { GatewaysProps } from '../../../common/islands/payment-step';
import { legacyButton } from '../../../lib/button-keys';
import { CardTypes } from './CardTypes';
import { FeeText } from './FeeText';
import { gatewayLabel } from './gateway-label';

/**
 * METHOD-BLOCK's online gateways, the plugin's markup: WooCommerce's "Pay Now", the PayPal, card
 * and Hipay images, each a button that pays with its `type` (`onPay`), named for what it does.
 */
export function Gateways({
  gateways,
  busy,
  onPay,
}: {
  gateways: GatewaysProps;
  busy: boolean;
  onPay: (type: string) => void;
}) {
  const { imagesUrl: img, paypal, card } = gateways;
  const pay = (type: string, alt: string) => ({
    ...legacyButton(() => onPay(type), busy),
    'aria-label': gatewayLabel(type, alt),
  });
  return (
    <div className="tourmaster-payment-gateway clearfix">
      {gateways.woocommerce ? (
        <div className="tourmaster-online-payment-method tourmaster-payment-woocommerce tourmaster-center-align">
          <a className="tourmaster-button" {...legacyButton(() => onPay('woocommerce'), busy)}>
            Pay Now
          </a>
        </div>
      ) : null}
      {paypal ? (
        <div className="tourmaster-online-payment-method tourmaster-payment-paypal">
          <img src={`${img}/paypal.png`} alt="paypal" width="170" height="76" {...pay('paypal', 'paypal')} />
          <FeeText kind="paypal" text={paypal.feeText} />
        </div>
      ) : null}
      {card ? (
        <div className="tourmaster-online-payment-method tourmaster-payment-credit-card">
          <img
            src={`${img}/credit-card.png`}
            alt="credit-card"
            width="170"
            height="76"
            {...pay(card.gateway, 'credit-card')}
          />
          <FeeText kind="credit-card" text={card.feeText} />
          <CardTypes images={card.cardTypes} />
        </div>
      ) : null}
      {gateways.hipay ? (
        <div className="tourmaster-online-payment-method tourmaster-payment-hipayprofessional">
          <img src={`${img}/hipay.png`} alt="hipayprofessional" {...pay('hipayprofessional', 'hipayprofessional')} />
        </div>
      ) : null}
    </div>
  );
}
