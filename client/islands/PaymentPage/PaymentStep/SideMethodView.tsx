import type { PaymentFlow } from '../flow';
import type { PaymentView } from '../view-state';
import { payOnline } from './payments';
import { SideMethod } from './SideMethod';
import { termsBinding } from './terms-binding';

/** Style-2's payment box at the end of the sidebar (payment step's module). */
export function SideMethodView({ flow, view }: { flow: PaymentFlow; view: PaymentView }) {
  const method = view.props.sidebar?.sideMethod;
  if (!method) return null;
  return (
    <SideMethod
      method={method}
      terms={termsBinding(flow, view)}
      busy={view.busy}
      onPay={(type) => void payOnline(flow, type)}
      onBookLater={() => void flow.goToStep(4, 'payment-method', 'booking')}
    />
  );
}
