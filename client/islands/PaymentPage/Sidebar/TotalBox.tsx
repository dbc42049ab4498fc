import { Fragment, type ReactNode } from 'react';
import type { TotalLine, TotalProps } from '../../../common/islands/payment-sidebar';

/** The legacy `payment-type`: the full amount or the deposit. */
export type PaymentType = 'full' | 'partial';

function Line({ line }: { line: TotalLine }) {
  return (
    <>
      <span className="tourmaster-tour-booking-bar-total-price-info-title">{line.head}</span>
      <span className="tourmaster-tour-booking-bar-total-price-info-content">{line.tail}</span>
    </>
  );
}

/** The full/deposit choice: two radios where the booking may be paid either way, else the one type. */
function PaymentTypeChoice(props: { total: TotalProps; type: PaymentType; onType: (type: PaymentType) => void }) {
  if (!props.total.offerChoice) return <input type="hidden" name="payment-type" value={props.type} />;
  const option = (type: PaymentType, label: string) => (
    <label className={`tourmaster-deposit-payment-${type}`}>
      <input
        type="radio"
        name="payment-type"
        value={type}
        checked={props.type === type}
        onChange={() => props.onType(type)}
      />
      <span className="tourmaster-content">
        <i className="icon_check_alt2" />
        {label}
      </span>
    </label>
  );
  return (
    <div className="tourmaster-tour-booking-bar-deposit-option">
      {option('full', 'Pay Full Amount')}
      {option('partial', `Pay ${props.total.depositPercent}% Deposit`)}
    </div>
  );
}

function Deposit({ deposit, shown }: { deposit: NonNullable<TotalProps['deposit']>; shown: boolean }) {
  return (
    <div className={`tourmaster-tour-booking-bar-deposit-text${shown ? ' tourmaster-active' : ''}`}>
      {deposit.lines.map((line) => (
        <div key={line.head} className="tourmaster-tour-booking-bar-deposit-info clearfix">
          <span className="tourmaster-head">{line.head}</span>
          <span className="tourmaster-tail">{line.tail}</span>
        </div>
      ))}
      <span className="tourmaster-tour-booking-bar-deposit-title">{deposit.title}</span>
      <span className="tourmaster-tour-booking-bar-deposit-price">{deposit.price}</span>
    </div>
  );
}

/**
 * The total box: full or deposit, the lines above the total (paid, remaining, a gateway's fee),
 * the amount to pay, and the deposit's box while the deposit is chosen. Style-2 holds the coupon
 * box in it and the deposit box inside its wrap.
 */
export function TotalBox(props: {
  total: TotalProps;
  style2: boolean;
  type: PaymentType;
  onType: (type: PaymentType) => void;
  coupon: ReactNode;
}) {
  const { total } = props;
  const partial = props.type === 'partial';
  const lines = [...total.lines, ...(total.fee ? [total.fee] : [])];
  const deposit = total.deposit ? <Deposit deposit={total.deposit} shown={partial} /> : null;
  return (
    <>
      <div className={`tourmaster-tour-booking-bar-total-price-wrap${partial ? ' tourmaster-deposit' : ''}`}>
        <PaymentTypeChoice total={total} type={props.type} onType={props.onType} />
        <div className="tourmaster-tour-booking-bar-total-price-container">
          {props.coupon}
          {lines.map((line, i) => (
            <Fragment key={line.head}>
              {i > 0 || line === total.fee ? <div className="clear" /> : null}
              <Line line={line} />
            </Fragment>
          ))}
          {lines.length > 0 ? <div className="clear" style={{ marginBottom: 5 }} /> : null}
          <i className="icon_tag_alt" />
          <span className="tourmaster-tour-booking-bar-total-price-title">Total Price</span>
          <span className="tourmaster-tour-booking-bar-total-price">{total.payAmount}</span>
        </div>
        {props.style2 ? deposit : null}
      </div>
      {props.style2 ? null : deposit}
    </>
  );
}
