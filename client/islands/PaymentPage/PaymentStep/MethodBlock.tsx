import type { MethodBlockProps } from '../../../common/islands/payment-step';
import type { MethodActions } from './action-props';
import { BookLater } from './BookLater';
import { FeeText } from './FeeText';
import { Gateways } from './Gateways';
import { Terms } from './Terms';

const LAYOUT_CLASSES = { '': '', both: 'tourmaster-both-online-payment', none: 'tourmaster-none-online-payment' };

/**
 * METHOD-BLOCK (payment.md §2.2, style-1), the plugin's markup: the title, the bank-transfer note,
 * the terms box, PayPal's JS SDK container (`paypalRef`: the page renders PayPal's buttons in it),
 * the online gateways, and "book and pay later".
 */
export function MethodBlock({
  methods,
  terms,
  busy,
  onPay,
  onBookLater,
  paypalRef,
}: MethodActions & {
  methods: MethodBlockProps;
}) {
  const layout = LAYOUT_CLASSES[methods.layout];
  return (
    <div className={layout ? `tourmaster-payment-method-wrap ${layout}` : 'tourmaster-payment-method-wrap'}>
      <h3 className="tourmaster-payment-method-title">{methods.title}</h3>
      {methods.bankTransferNote ? (
        <div className="tourmaster-payment-method-description">
          * If you wish to do a bank transfer, please select &quot;Book and pay later&quot; button.
          <br />
          You will have an option to submit payment receipt on your dashboard page.
        </div>
      ) : null}
      <Terms terms={methods.terms} {...terms} />
      {methods.paypalSdk ? (
        <div className="tourmaster-paypal-jssdk-payment-form">
          <div id="paypal-button-container" ref={paypalRef} />
          <FeeText kind="paypal" text={methods.paypalSdk.feeText} />
        </div>
      ) : null}
      {methods.gateways ? <Gateways gateways={methods.gateways} busy={busy} onPay={onPay} /> : null}
      {methods.bookLater ? (
        <BookLater bookLater={methods.bookLater} or={methods.or} busy={busy} onBookLater={onBookLater} />
      ) : null}
    </div>
  );
}
