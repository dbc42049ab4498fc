import type { BreakdownLine, BreakdownProps } from '../../../common/islands/payment-sidebar';

/** A line: a count times a price (`detail`, then the amount) or a right-aligned amount. */
function Line({ line, className }: { line: BreakdownLine; className: string }) {
  return (
    <div className={className}>
      <span className="tourmaster-head">{line.head}</span>
      {line.detail === undefined ? (
        <span className="tourmaster-tail tourmaster-right">{line.tail}</span>
      ) : (
        <span className="tourmaster-tail">
          <span className="tourmaster-price-detail">{line.detail}</span>
          <span className="tourmaster-price">{line.tail}</span>
        </span>
      )}
    </div>
  );
}

function Coupon({ coupon }: { coupon: NonNullable<BreakdownProps['coupon']> }) {
  return (
    <>
      <div className="tourmaster-price-breakdown-coupon-code">
        <span className="tourmaster-head">Coupon Code :</span>
        <span className="tourmaster-tail">
          {' '}
          <span className="tourmaster-coupon-code">{coupon.code}</span>
          {coupon.text ? <span className="tourmaster-coupon-text">{coupon.text}</span> : null}
        </span>
      </div>
      <Line
        className="tourmaster-price-breakdown-coupon-amount"
        line={{ head: 'Discount Price', tail: coupon.amount }}
      />
    </>
  );
}

/** The sub total and what follows it: group discount, coupon, tax (the coupon after tax where the site says so). */
function Summary({ b }: { b: BreakdownProps }) {
  const coupon = b.coupon ? <Coupon coupon={b.coupon} /> : null;
  const discount = b.groupDiscount;
  return (
    <div className="tourmaster-price-breakdown-summary">
      <Line className="tourmaster-price-breakdown-sub-total" line={{ head: 'Sub Total Price', tail: b.subTotal }} />
      {discount ? (
        <div className="tourmaster-price-breakdown-group-discount">
          <Line
            className="tourmaster-price-breakdown-group-discount-amount"
            line={{ head: discount.head, tail: discount.rate }}
          />
          <Line
            className="tourmaster-price-breakdown-group-discounted-price"
            line={{ head: 'Discounted Price', tail: discount.discounted }}
          />
        </div>
      ) : null}
      {b.couponAfterTax ? null : coupon}
      {b.taxRate === undefined ? null : (
        <Line className="tourmaster-price-breakdown-tax-rate" line={{ head: 'Tax Rate', tail: b.taxRate }} />
      )}
      {b.taxDue === undefined ? null : (
        <Line className="tourmaster-price-breakdown-tax-due" line={{ head: 'Tax Due', tail: b.taxDue }} />
      )}
      {b.couponAfterTax ? coupon : null}
    </div>
  );
}

/** BREAKDOWN (pricing.md §10), shown while `open`. */
export function Breakdown({ breakdown: b, open, id }: { breakdown: BreakdownProps; open: boolean; id: string }) {
  return (
    <div id={id} className={`tourmaster-price-breakdown${open ? ' tourmaster-active' : ''}`}>
      <div className="tourmaster-price-breakdown-base-price-wrap">
        {b.base.map((line) => (
          <Line
            key={line.head}
            className={`tourmaster-price-breakdown-${line.detail === undefined ? 'group-price' : 'base-price'}`}
            line={line}
          />
        ))}
      </div>
      {b.rooms.map((room) => (
        <div key={room.head} className="tourmaster-price-breakdown-room">
          <div className="tourmaster-price-breakdown-room-head">
            <span className="tourmaster-head">{room.head}</span>
            <span className="tourmaster-tail">{room.travellers}</span>
          </div>
          {room.lines.map((line) => (
            <Line key={line.head} className="tourmaster-price-breakdown-room-price" line={line} />
          ))}
        </div>
      ))}
      {b.services.length > 0 ? (
        <div className="tourmaster-price-breakdown-additional-service">
          <h3 className="tourmaster-price-breakdown-additional-service-title">Additional Services</h3>
          {b.services.map((line) => (
            <Line key={line.head} className="tourmaster-price-breakdown-additional-service-item clearfix" line={line} />
          ))}
        </div>
      ) : null}
      <Summary b={b} />
      <div className="clear" />
    </div>
  );
}
