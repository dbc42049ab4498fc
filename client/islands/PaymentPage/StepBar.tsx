import { stepItemState } from './detail';

export const STEP_TITLES = ['Select Tour', 'Contact Details', 'Payment', 'Complete'] as const;

/**
 * The four steps (payment.md §3) as a list of buttons in the plugin's step bar: earlier steps take
 * the visitor back while the booking is not written, "Select Tour" back to the tour page.
 */
export function StepBar(props: {
  step: number;
  backAllowed: boolean;
  style2: boolean;
  tourEditable: boolean;
  busy: boolean;
  onStep: (n: number) => void;
  onEditTour: () => void;
}) {
  return (
    <ol className="tourmaster-payment-step-list" aria-label="Booking steps">
      {STEP_TITLES.map((title, i) => {
        const n = i + 1;
        const state = stepItemState(n, props.step, props.backAllowed);
        const backToTour = n === 1 && props.tourEditable && props.step < 4;
        const clickable = (state.clickable || backToTour) && !props.busy;
        const done = state.className === 'tourmaster-checked' || state.className === 'tourmaster-enable';
        return (
          <li key={n} className={`tourmaster-payment-step-item ${state.className}`.trim()} data-step={n}>
            <button
              type="button"
              className="tourmaster-payment-step-button"
              aria-current={state.current ? 'step' : undefined}
              disabled={!clickable && !state.current}
              onClick={clickable ? () => (backToTour ? props.onEditTour() : props.onStep(n)) : undefined}
            >
              <span className="tourmaster-payment-step-item-icon" aria-hidden="true">
                <i className="fa fa-check" />
                <span className="tourmaster-text">{n}</span>
              </span>
              <span className="tourmaster-payment-step-item-title">
                {title}
                {props.style2 ? <span /> : null}
              </span>
              <span className="tourmaster-screen-reader-text">
                {`, step ${n} of 4${state.current ? '' : done ? ', done' : ''}`}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
