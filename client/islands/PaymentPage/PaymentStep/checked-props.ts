import type { PaymentPageProps } from '../../../common/islands/PaymentPage';
import { CompleteProps, PaymentStepProps, SideMethodProps } from '../../../common/islands/payment-step';

/**
 * The payment step's parts of the props, checked with their schemas by the module that renders them
 * (the page's first module passed them on unread: client/common/islands/checked-later.ts). A part
 * that does not fit is dropped, and the page shows the server's markup for it instead.
 */
export function checkedProps(props: PaymentPageProps): PaymentPageProps {
  const out: PaymentPageProps = { ...props };
  const check = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, value: unknown) => {
    if (value === undefined) return undefined;
    const parsed = schema.safeParse(value);
    if (!parsed.success) console.error('[island PaymentPage] props that do not fit their schema were dropped');
    return parsed.success ? parsed.data : undefined;
  };
  out.payment = check(PaymentStepProps, props.payment);
  out.complete = check(CompleteProps, props.complete);
  if (props.sidebar) out.sidebar = { ...props.sidebar, sideMethod: check(SideMethodProps, props.sidebar.sideMethod) };
  return out;
}
