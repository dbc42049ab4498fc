import type { PaymentStepProps } from '../../../common/islands/payment-step';
import { ServerFragment } from '../../../lib/ServerFragment';
import type { MethodActions } from './action-props';
import { MethodBlock } from './MethodBlock';
import { Services } from './Services';
import type { ServiceChoice } from './service-choices';

/**
 * Step 3's content (payment.md §2.2): SERVICE-FORM where the tour has services, the contact and
 * traveller details as the server printed them (pure content), and style-1's METHOD-BLOCK. The
 * page holds the state: the services chosen, the terms box, the request running.
 */
export function PaymentStepContent({
  step,
  choices,
  onServices,
  ...actions
}: MethodActions & {
  step: PaymentStepProps;
  choices: readonly ServiceChoice[];
  onServices: (next: ServiceChoice[]) => void;
}) {
  return (
    <>
      {step.services ? <Services items={step.services} choices={choices} onChange={onServices} /> : null}
      <ServerFragment className="tourmaster-summary-info-outer" html={step.details} />
      {step.methods ? <MethodBlock methods={step.methods} {...actions} /> : null}
    </>
  );
}
