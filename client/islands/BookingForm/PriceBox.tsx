import type { HeadPriceProps } from '../../common/islands/BookingForm';
import type { BreakdownLine } from '../../common/islands/payment-sidebar';
import './price-box.css';

/**
 * The price box under the bar's price (issue 18): what the price includes ("incl. 9% tax", nothing
 * where the site charges no tax) and a disclosure with its breakdown — travellers times their
 * price, rooms, services, the group discount, the tax and the deposit — in the payment page's
 * lines. Every amount is the server's (the head price reply's `props`); nothing is computed here.
 */
export function PriceBox({ box }: { box: HeadPriceProps }) {
  const b = box.breakdown;
  const coupon = b.coupon && (
    <Row head={`Coupon ${b.coupon.code}${b.coupon.text ? ` (${b.coupon.text})` : ''}`} tail={`- ${b.coupon.amount}`} />
  );
  return (
    <div className="dropin-price-box">
      {b.taxRate !== undefined ? <p className="dropin-price-includes">incl. {b.taxRate} tax</p> : null}
      <details className="dropin-price-breakdown">
        <summary>Price breakdown</summary>
        <table>
          <tbody>
            {b.base.map((line) => (
              <Row key={line.head} {...line} />
            ))}
            {b.rooms.map((room) => [
              <tr key={room.head} className="dropin-price-room">
                <th scope="rowgroup" colSpan={2}>
                  {room.head} {room.travellers.trim()}
                </th>
              </tr>,
              ...room.lines.map((line) => <Row key={`${room.head} ${line.head}`} {...line} />),
            ])}
            {b.services.map((line) => (
              <Row key={`${line.head} ${line.tail}`} {...line} />
            ))}
            <Row head="Sub Total" tail={b.subTotal} className="dropin-price-subtotal" />
            {b.groupDiscount ? (
              <>
                <Row head={b.groupDiscount.head} tail={`- ${b.groupDiscount.rate}`} />
                <Row head="Discounted Price" tail={b.groupDiscount.discounted} />
              </>
            ) : null}
            {b.couponAfterTax ? null : coupon}
            {b.taxDue !== undefined ? <Row head={`Tax (${b.taxRate ?? ''})`} tail={b.taxDue} /> : null}
            {b.couponAfterTax ? coupon : null}
            <Row head="Total" tail={box.total} className="dropin-price-total" />
            {box.deposit ? (
              <Row head={`Or pay a ${box.deposit.percent}% deposit now`} tail={box.deposit.price} />
            ) : null}
          </tbody>
        </table>
      </details>
    </div>
  );
}

function Row({ head, detail, tail, className }: BreakdownLine & { className?: string }) {
  return (
    <tr className={className}>
      <th scope="row">
        {head.replace(/\s*:\s*$/, '')}
        {detail ? <span className="dropin-price-detail"> {detail}</span> : null}
      </th>
      <td>{tail}</td>
    </tr>
  );
}
