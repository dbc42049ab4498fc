import {
  TRAVELLER_TITLES,
  type TravellerFieldProps,
  type TravellerFormProps,
} from '../../../common/islands/PaymentPage';
import { Options } from '../../../lib/Options';
import { checkAttributes, type FieldCheck } from './ContactField';
import { travellerKey, travellerSlots } from './contact-fields';
import type { FieldBinding } from './useContactForm';

type Field = (key: string) => { registration: FieldBinding; check: FieldCheck };

/**
 * TRAVELLER-FORM (payment.md §2.2): one row per traveller, the plugin's classes kept; each control
 * is named for assistive technology by its row ("Traveller 2 First Name"), as the placeholder is
 * all the markup gives it.
 */
export function TravellerForm({ form, field }: { form: TravellerFormProps; field: Field }) {
  return (
    <div className="tourmaster-payment-traveller-info-wrap tourmaster-form-field tourmaster-with-border">
      {form.heading ? (
        <h3 className="tourmaster-payment-traveller-info-title">
          <i className="fa fa-suitcase" />
          Traveller Details
        </h3>
      ) : null}
      {form.rows.map((row, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the booking's travellers, in order; they never move
          key={i}
          className={`tourmaster-traveller-info-field clearfix ${form.withTitle ? ' tourmaster-with-info-title' : ''}`}
        >
          <span className="tourmaster-head">Traveller {i + 1}</span>
          <span className="tourmaster-tail clearfix">
            {travellerSlots(form, row).map(({ slug, extra }) => (
              <TravellerControl
                key={slug}
                slug={slug}
                extra={extra}
                head={`Traveller ${i + 1}`}
                required={row.required}
                {...field(travellerKey(i, slug))}
              />
            ))}
          </span>
        </div>
      ))}
    </div>
  );
}

function TravellerControl(props: {
  slug: string;
  extra: TravellerFieldProps | undefined;
  head: string;
  required: boolean;
  registration: FieldBinding;
  check: FieldCheck;
}) {
  const { slug, extra, check } = props;
  const required = extra ? extra.required : props.required && slug !== 'title';
  const star = required ? ' *' : '';
  const what = extra
    ? extra.title
    : ({ title: 'title', first_name: 'First Name', last_name: 'Last Name' }[slug] ?? 'Passport Number');
  const attributes = {
    ...props.registration,
    ...checkAttributes(required, check),
    'aria-label': `${props.head} ${what}`,
  };
  const invalid = check.invalid ? ' tourmaster-validate-error' : '';
  if (slug === 'title') {
    return (
      <div className="tourmaster-combobox-wrap tourmaster-traveller-info-title">
        <select {...attributes}>
          <Options options={TRAVELLER_TITLES} />
        </select>
      </div>
    );
  }
  if (!extra) {
    const className = slug === 'passport' ? 'tourmaster-traveller-info-passport' : 'tourmaster-traveller-info-input';
    return <input type="text" className={`${className}${invalid}`} placeholder={`${what}${star}`} {...attributes} />;
  }
  const control = extra.select ? (
    <div className="tourmaster-combobox-wrap">
      <select {...attributes} className={invalid.trim() || undefined}>
        <Options options={extra.options.map((o, n) => (n === 0 ? { ...o, label: `${o.label}${star}` } : o))} />
      </select>
    </div>
  ) : (
    <input type="text" placeholder={`${extra.title}${star}`} {...attributes} className={invalid.trim() || undefined} />
  );
  const custom = <div className="tourmaster-traveller-info-custom">{control}</div>;
  return extra.width ? <div style={{ float: 'left', width: extra.width }}>{custom}</div> : custom;
}
