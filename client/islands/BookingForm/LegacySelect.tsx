import { useContext } from 'react';
import type { RegisterOptions } from 'react-hook-form';
import type { ComboProps } from '../../common/islands/BookingForm';
import { useLegacyField } from '../../lib/legacy-field';
import { Options } from '../../lib/Options';
import { selectLabel } from './booking-rules';
import { BookingEventsContext } from './context';

type Option = { value: string; label: string };

/**
 * One of the plugin's selects (`div.tourmaster-combobox-wrap > select`): a traveller count, the
 * room count or the date list. Posted under its legacy name, held by react-hook-form under `formKey`.
 */
export function LegacySelect(props: {
  formKey: string;
  name: string;
  options: readonly Option[];
  value: string;
  className?: string;
  /** "Room 2": said before the select's own name. */
  room?: number;
  rules?: RegisterOptions;
  deps?: readonly string[];
}) {
  const { formKey, name, options } = props;
  const { edited } = useContext(BookingEventsContext);
  const field = useLegacyField(formKey, { value: props.value, rules: props.rules, deps: props.deps });
  const label = selectLabel(name, options);
  return (
    <div className={`tourmaster-combobox-wrap${props.className ? ` ${props.className}` : ''}`}>
      <select
        name={name}
        ref={(el) => {
          field.ref(el);
          field.focusRef(el);
        }}
        aria-label={props.room ? `Room ${props.room}: ${label}` : label}
        aria-invalid={field.invalid || undefined}
        onChange={(event) => {
          field.change(event.target.value);
          edited(name, event.target.value);
        }}
      >
        <Options options={options} />
      </select>
    </div>
  );
}

/** A count select's options: its placeholder, then `min`…`max`. */
export function countOptions(combo: ComboProps): Option[] {
  const options = [{ value: '', label: combo.placeholder }];
  for (let i = combo.min; i <= combo.max; i++) options.push({ value: String(i), label: String(i) });
  return options;
}
