import { type MutableRefObject, useId, useImperativeHandle } from 'react';
import type { ContactStepProps, FormFieldProps } from '../../../common/islands/PaymentPage';
import { ContactField } from './ContactField';
import { NOTES_KEY } from './contact-fields';
import { TravellerForm } from './TravellerForm';
import { type ContactStepHandle, type FieldBinding, useContactForm } from './useContactForm';

/**
 * The contact step (payment.md §2.2, step 2): TRAVELLER-FORM, the contact and billing details with
 * "the same as contact details", the notes, the error box and Next Step, rendered from typed props
 * with the plugin's classes; react-hook-form holds the values and the checks. The page's controller
 * reads the values and runs the check through `handle` (the sidebar's Next Step asks it too).
 */
export function ContactStep(props: {
  step: ContactStepProps;
  handle: MutableRefObject<ContactStepHandle | null>;
  onNext: () => void;
}) {
  const contact = useContactForm(props.step);
  useImperativeHandle(props.handle, () => contact.handle);
  const { errors } = contact.form.formState;
  const boxId = useId();
  const ids = useId();
  const field = (key: string) => ({
    registration: contact.field(key),
    check: { invalid: errors[key] !== undefined, describedBy: contact.message ? boxId : undefined },
  });
  const fieldOf = (wrapper: 'tourmaster-contact-field' | 'tourmaster-billing-field', sectionId?: string) =>
    function Field(f: FormFieldProps) {
      const key = contact.fieldKey(f.name);
      return (
        <ContactField
          key={f.name}
          wrapper={wrapper}
          field={f}
          {...field(key)}
          headId={`${ids}-${f.name}`}
          {...(sectionId ? { sectionId } : {})}
        />
      );
    };
  const billingTitleId = `${ids}-billing`;
  return (
    <>
      {props.step.travellers ? <TravellerForm form={props.step.travellers} field={field} /> : null}
      <div className="tourmaster-payment-contact-wrap tourmaster-form-field tourmaster-with-border">
        <h3 className="tourmaster-payment-contact-title">
          <i className="fa fa-file-text-o" />
          Contact Details
        </h3>
        {props.step.contact.map(fieldOf('tourmaster-contact-field'))}
      </div>
      <div className="tourmaster-payment-billing-wrap tourmaster-form-field tourmaster-with-border">
        <h3 className="tourmaster-payment-billing-title" id={billingTitleId}>
          <i className="fa fa-file-text-o" />
          Billing Details
        </h3>
        <div className="tourmaster-payment-billing-copy-wrap">
          <label>
            <input
              type="checkbox"
              className="tourmaster-payment-billing-copy"
              id="tourmaster-payment-billing-copy"
              checked={contact.copying}
              onChange={(event) => contact.setCopy(event.target.checked)}
            />
            <span className="tourmaster-payment-billing-copy-text">The same as contact details</span>
          </label>
        </div>
        {props.step.billing.map(fieldOf('tourmaster-billing-field', billingTitleId))}
      </div>
      <Notes registration={contact.field(NOTES_KEY)} headId={`${ids}-notes`} />
      <div
        id={boxId}
        className={`tourmaster-tour-booking-required-error tourmaster-notification-box tourmaster-failure${contact.message ? ' tourmaster-active' : ''}`}
        role="alert"
        style={contact.message ? { display: 'block' } : undefined}
      >
        {contact.message}
      </div>
      <NextStep onNext={props.onNext} />
    </>
  );
}

function Notes(props: { registration: FieldBinding; headId: string }) {
  return (
    <div className="tourmaster-payment-additional-note-wrap tourmaster-form-field tourmaster-with-border">
      <h3 className="tourmaster-payment-additional-note-title">
        <i className="fa fa-file-text-o" />
        Notes
      </h3>
      <div className="tourmaster-additional-note-field clearfix">
        <span className="tourmaster-head" id={props.headId}>
          Additional Notes
        </span>
        <span className="tourmaster-tail clearfix">
          <textarea {...props.registration} aria-labelledby={props.headId} />
        </span>
      </div>
    </div>
  );
}

/** The plugin's Next Step link, a button for the keyboard too (the page's controller checks and moves on). */
function NextStep({ onNext }: { onNext: () => void }) {
  const go = (event: { preventDefault(): void }) => {
    event.preventDefault();
    onNext();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the plugin's `a.tourmaster-button` (the theme styles the anchor), a button for the keyboard
    <a
      className="tourmaster-tour-booking-continue tourmaster-button tourmaster-payment-step"
      data-step="3"
      role="button"
      tabIndex={0}
      // biome-ignore lint/a11y/useValidAnchor: as above, the theme's anchor is kept
      onClick={go}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') go(event);
      }}
    >
      Next Step
    </a>
  );
}
