import type { PaymentFlow } from './flow';
import type { PaymentView } from './view-state';

/**
 * The step's content: the contact step's forms (its module), or what the payment step's module
 * renders (the payment step, a gateway's fragment, the completion) once it is here.
 */
export function StepContent({ flow, view }: { flow: PaymentFlow; view: PaymentView }) {
  const { props, modules } = view;
  if (props.contact && modules.contact) {
    return (
      <modules.contact
        key={view.contactKey}
        step={props.contact}
        handle={flow.contact}
        onNext={() => void flow.goToStep(3)}
      />
    );
  }
  return modules.payment ? <modules.payment.PaymentStepView flow={flow} view={view} /> : null;
}
