import type { PaymentFlow } from './flow';
import { Sidebar } from './Sidebar/Sidebar';
import type { PaymentView } from './view-state';

/** The sidebar from the page's state, with style-2's payment box once the payment step's module is here. */
export function SidebarView({ flow, view }: { flow: PaymentFlow; view: PaymentView }) {
  const sidebar = view.props.sidebar;
  if (!sidebar) return null;
  const payment = view.modules.payment;
  const sideMethod = sidebar.sideMethod && payment ? <payment.SideMethodView flow={flow} view={view} /> : null;
  return (
    <Sidebar
      sidebar={sidebar}
      state={view.sidebar}
      busy={view.busy}
      onState={(change) => flow.store.set((v) => ({ sidebar: { ...v.sidebar, ...change } }))}
      onApplyCoupon={() => void flow.applyCoupon()}
      onEditTour={() => flow.editTour()}
      onNext={() => void flow.goToStep(3)}
      editForm={flow.editForm}
      sideMethod={sideMethod}
    />
  );
}
