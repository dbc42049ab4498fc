import { useState } from 'react';
import { MONTH_NAMES } from '../../shared/english-dates';
import { dateValue } from '../DateSelect/date-value';

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const MONTHS = MONTH_NAMES.map((name, i) => [String(i + 1), name] as const);

/**
 * The plugin's three-select date (`div.tourmaster-date-select`) of a `date` contact field: the
 * chosen parts in state, `Y-M-D` handed up once all three are chosen. The contact form offers no
 * years (the plugin prints none there), as the server's markup.
 */
export function DateSelects(props: { value: string; onChange: (value: string) => void; labelledBy: string }) {
  const [y = '', m = '', d = ''] = props.value.split('-');
  const [parts, setParts] = useState({ date: d.replace(/^0/, ''), month: m.replace(/^0/, ''), year: y });
  const choose = (part: keyof typeof parts) => (value: string) => {
    const next = { ...parts, [part]: value };
    setParts(next);
    props.onChange(dateValue(next));
  };
  const select = (part: keyof typeof parts, placeholder: string, choices: readonly (readonly [string, string])[]) => (
    <div className={`tourmaster-combobox-wrap tourmaster-form-field-alt-${part}`}>
      <select
        data-type={part}
        value={parts[part]}
        aria-labelledby={props.labelledBy}
        onChange={(event) => choose(part)(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {choices.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="tourmaster-date-select">
      {select(
        'date',
        'Date',
        DAYS.map((day) => [day, day] as const),
      )}
      {select('month', 'Month', MONTHS)}
      {select('year', 'Year', [])}
    </div>
  );
}
