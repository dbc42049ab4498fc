import type { ReactNode } from 'react';
import type { SidebarProps } from '../../../common/islands/payment-sidebar';
import { legacyButton } from '../../../lib/button-keys';
import { CouponBox, type CouponMessage } from './CouponBox';
import { Summary } from './Summary';
import { type PaymentType, TotalBox } from './TotalBox';

/** The sidebar's state the page holds: it is part of the booking detail the page sends. */
export interface SidebarState {
  couponCode: string;
  coupon: CouponMessage | undefined;
  paymentType: PaymentType;
}

/**
 * The payment page's sidebar (payment.md §2.2) from its props: SUMMARY with the breakdown, the
 * total box, step 2's "Next Step", and style-2's payment box at step 3 (`sideMethod`, rendered by
 * the payment step's module). The travel date's "edit" posts the booking back to the tour page
 * through `editForm` (its `tour_temp` is filled at the click).
 */
export function Sidebar(props: {
  sidebar: SidebarProps;
  state: SidebarState;
  busy: boolean;
  onState: (change: Partial<SidebarState>) => void;
  onApplyCoupon: () => void;
  onEditTour: () => void;
  onNext: () => void;
  editForm: React.Ref<HTMLFormElement>;
  sideMethod: ReactNode;
}) {
  const { sidebar, state, onState } = props;
  const { style2 } = sidebar;
  const coupon = sidebar.coupon ? (
    <CouponBox
      code={state.couponCode}
      withHead={style2}
      message={state.coupon}
      busy={props.busy}
      onCode={(couponCode) => onState({ couponCode })}
      onApply={props.onApplyCoupon}
    />
  ) : null;
  return (
    <>
      <Summary sidebar={sidebar} coupon={style2 ? null : coupon} onEditTour={props.onEditTour} />
      {sidebar.editUrl === undefined ? null : (
        <form ref={props.editForm} className="tourmaster-tour-booking-temp" action={sidebar.editUrl} method="post">
          <input type="hidden" name="tour_temp" />
        </form>
      )}
      <TotalBox
        total={sidebar.total}
        style2={style2}
        type={state.paymentType}
        onType={(paymentType) => onState({ paymentType })}
        coupon={style2 ? coupon : null}
      />
      {sidebar.nextStep ? (
        <a
          className="tourmaster-tour-booking-continue tourmaster-button tourmaster-payment-step"
          data-step="3"
          {...legacyButton(props.onNext, props.busy)}
        >
          Next Step
        </a>
      ) : null}
      {props.sideMethod}
    </>
  );
}
