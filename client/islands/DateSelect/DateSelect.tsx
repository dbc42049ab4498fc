import { useState } from 'react';
import { MONTH_NAMES } from '../../common/english-dates';
import type { DateSelectProps } from '../../common/islands/DateSelect';
import { Options } from '../../lib/Options';
import { dateValue } from './date-value';

type Part = 'date' | 'month' | 'year';
type Parts = Record<Part, string>;

const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
const MONTHS = MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label }));
const PLACEHOLDER: Record<Part, string> = { date: 'Date', month: 'Month', year: 'Year' };
const SPOKEN: Record<Part, string> = { date: 'day', month: 'month', year: 'year' };

/** The selects' choices as printed: `Y-M-D`, a leading zero dropped (form-field.ts). */
export function partsOf(value: string): Parts {
  const [year = '', month = '', date = ''] = value.split('-');
  return { date: date.replace(/^0/, ''), month: month.replace(/^0/, ''), year };
}

/**
 * The three selects and the hidden input the form posts (engagement.md §4.3), as the plugin prints
 * them: choosing writes `Y-M-D` once the day, the month and the year are all chosen, and empties it
 * otherwise; until a choice the printed value stays. The group is named by the field's title and
 * each select by its part.
 */
export function DateSelect({
  name,
  value,
  years,
  title,
  required,
  onChange,
}: DateSelectProps & {
  onChange?: (value: string) => void;
}) {
  const [parts, setParts] = useState(() => partsOf(value));
  const [posted, setPosted] = useState(value);
  const choose = (part: Part, choice: string) => {
    const next = { ...parts, [part]: choice };
    setParts(next);
    setPosted(dateValue(next));
    onChange?.(dateValue(next));
  };
  const choices: Record<Part, { value: string; label: string }[]> = {
    date: DAYS,
    month: MONTHS,
    year: years.map((y) => ({ value: y, label: y })),
  };
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: the plugin's div, as the theme styles it, named as a group. */}
      <div
        className="tourmaster-date-select"
        role="group"
        aria-label={title || 'Date'}
        // Already an island: the loader (client/main.ts) must not mount the standalone one on it.
        data-island-ready="DateSelect"
      >
        {(['date', 'month', 'year'] as const).map((part) => (
          <div key={part} className={`tourmaster-combobox-wrap tourmaster-form-field-alt-${part}`}>
            <select
              data-type={part}
              value={parts[part]}
              aria-label={`${title || 'Date'}, ${SPOKEN[part]}`}
              aria-required={required || undefined}
              onChange={(event) => choose(part, event.target.value)}
            >
              <option value="">{PLACEHOLDER[part]}</option>
              <Options options={choices[part]} />
            </select>
          </div>
        ))}
      </div>
      <input type="hidden" name={name} value={posted} />
    </>
  );
}
