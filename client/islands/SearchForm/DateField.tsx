import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import type { SearchFormPart } from '../../common/islands/SearchForm';
import { jqueryUiToFlatpickr, parseYmd, ymd } from '../../lib/date-format';
import { type LazyPicker, lazyPicker } from '../../lib/lazy-picker';
import { FieldBox } from './fields';

type DatePart = Extract<SearchFormPart, { kind: 'date' }>;

/**
 * The date (listing.md §1.4): a calendar on the shown input (read only) writing the hidden `date`
 * as `Y-m-d`, from today on, shown in the page's format (jQuery UI syntax, `d M yy` by default).
 * flatpickr is loaded when the visitor first reaches for it. "Clear" (shown once there is a date,
 * list-section.css) empties both.
 */
export function DateField(props: {
  part: DatePart;
  value: string;
  shown: string;
  onDate: (value: string, shown: string) => void;
}) {
  const { part, value } = props;
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<LazyPicker>(undefined);
  // Read by flatpickr's callbacks, which outlive a render.
  const latest = useRef(props);
  latest.current = props;

  useLayoutEffect(() => {
    if (!input.current) return;
    const format = jqueryUiToFlatpickr(part.format || 'd M yy');
    picker.current = lazyPicker(
      input.current,
      () => import('./calendar'),
      () => {
        const current = parseYmd(latest.current.value);
        return {
          dateFormat: format,
          minDate: 'today',
          locale: { firstDayOfWeek: 1 },
          ariaDateFormat: 'F j, Y',
          disableMobile: true,
          ...(current ? { defaultDate: current } : {}),
          onChange: (dates, shown) => {
            const date = dates[0];
            latest.current.onDate(date ? ymd(date) : '', date ? shown : '');
          },
        };
      },
    );
    return picker.current.destroy;
  }, [part.format]);

  const clear = () => {
    picker.current?.instance?.clear(false);
    props.onDate('', '');
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    clear();
  };
  return (
    <FieldBox {...part}>
      {(id) => (
        <div className={`tourmaster-datepicker-wrap${value ? ' dropin-has-date' : ''}`}>
          <input
            ref={input}
            id={id}
            className="tourmaster-datepicker"
            type="text"
            value={props.shown}
            placeholder={part.placeholder}
            data-date-format={part.format}
            readOnly
            autoComplete="off"
          />
          <input className="tourmaster-datepicker-alt" name="date" type="hidden" value={value} readOnly />
          {/* biome-ignore lint/a11y/useSemanticElements: the plugin's "Clear" span (its CSS places it), a button for the keyboard. */}
          <span
            className="tourmaster-clear-date"
            role="button"
            tabIndex={0}
            aria-label="Clear date"
            onClick={clear}
            onKeyDown={onKey}
          >
            Clear
            <span />
          </span>
        </div>
      )}
    </FieldBox>
  );
}
