import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '../../lib/store';
import type { PaymentFlow } from './flow';
import { PaymentAlert } from './PaymentAlert';
import type { PageParts } from './parts';
import { SidebarView } from './SidebarView';
import { StepBar } from './StepBar';
import { StepContent } from './StepContent';
import type { PaymentView as ViewState } from './view-state';
import { windowAssignments } from './window-vars';

/**
 * The payment page from its state: the step bar, the messages, the step's content and the sidebar,
 * each rendered into the page's own place for it (the plugin's layout) through a portal.
 */
export function PaymentView({ flow, parts }: { flow: PaymentFlow; parts: PageParts }) {
  const view = useStore(flow.store);
  usePageEffects(flow, parts, view);
  return (
    <>
      <div className="tourmaster-payment-status" role="status" aria-live="polite">
        {view.status}
      </div>
      <PaymentAlert message={view.alert} />
      {parts.stepInner && view.step > 0
        ? createPortal(
            <StepBar
              step={view.step}
              backAllowed={parts.backAllowed}
              style2={parts.style2}
              tourEditable={view.props.sidebar?.editUrl !== undefined}
              busy={view.busy}
              onStep={(n) => void flow.goToStep(n)}
              onEditTour={() => flow.editTour()}
            />,
            parts.stepInner,
          )
        : null}
      {createPortal(<StepContent flow={flow} view={view} />, parts.content)}
      {view.props.sidebar ? createPortal(<SidebarView flow={flow} view={view} />, parts.sidebar) : null}
    </>
  );
}

/**
 * What the page's own elements show of the state: busy, complete, the legacy `window.tourmaster_*`
 * values other scripts read, and, on a new step, the step in view with the focus on its heading.
 */
function usePageEffects(flow: PaymentFlow, parts: PageParts, view: ViewState) {
  const { wrapper } = parts;
  useEffect(() => {
    wrapper.setAttribute('aria-busy', String(view.busy));
    wrapper.classList.toggle('tourmaster-payment-busy', view.busy);
  }, [wrapper, view.busy]);
  const vars = view.props.sidebar?.vars;
  const paymentType = view.sidebar.paymentType;
  useEffect(() => {
    if (vars) Object.assign(window, windowAssignments(vars, paymentType));
  }, [vars, paymentType]);
  const { shown, step } = view;
  useEffect(() => {
    if (shown === 0) return;
    if (step === 4) wrapper.classList.add('tourmaster-payment-complete');
    focusStep(parts);
  }, [parts, wrapper, shown, step]);
  useEffect(() => () => flow.stop(), [flow]);
}

/** The new step in view, the focus on its heading (or its error box) for keyboard and screen reader users. */
function focusStep(parts: PageParts): void {
  const { content } = parts;
  const target =
    content.querySelector<HTMLElement>('.tourmaster-payment-complete-head') ??
    content.querySelector<HTMLElement>('.tourmaster-tour-booking-required-error.tourmaster-active') ??
    content.querySelector<HTMLElement>('h3, .tourmaster-tour-booking-error') ??
    content;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  const top = parts.stepInner?.closest<HTMLElement>('.tourmaster-payment-step-wrap') ?? parts.wrapper;
  top.scrollIntoView?.({ block: 'start' });
  target.focus({ preventScroll: true });
}
