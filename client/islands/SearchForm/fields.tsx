import { type ReactNode, useId } from 'react';
import type { SearchFormPart } from '../../common/islands/SearchForm';
import { Options } from '../../lib/Options';

type Text = Extract<SearchFormPart, { kind: 'text' }>;
type Select = Extract<SearchFormPart, { kind: 'select' }>;

/** `a: b; c: d;` (the field spacing the server printed) as React's style object. */
export function styleOf(css: string | undefined): Record<string, string> | undefined {
  if (!css) return undefined;
  const entries = css
    .split(';')
    .map((d) => d.split(':').map((s) => s.trim()))
    .filter((d): d is [string, string] => d.length === 2 && !!d[0]);
  return Object.fromEntries(entries.map(([p, v]) => [p.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()), v]));
}

/**
 * A field's wrapper (`div.tourmaster-tour-search-field-{field}`) with its label tied to the
 * control (the plugin printed labels without `for`), or none where placeholders stand for them.
 */
export function FieldBox(props: {
  field: string;
  style?: string | undefined;
  label?: string | undefined;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  const className = `tourmaster-tour-search-field tourmaster-tour-search-field-${props.field}${props.className ?? ''}`;
  return (
    <div className={className} style={styleOf(props.style)}>
      {props.label !== undefined && (
        <label className="gdlr-core-skin-title" htmlFor={id}>
          {props.label}
        </label>
      )}
      {props.children(id)}
    </div>
  );
}

type OnValue = (name: string, value: string) => void;

export function TextField({ part, value, onValue }: { part: Text; value: string; onValue: OnValue }) {
  return (
    <FieldBox {...part}>
      {(id) => {
        const input = (
          <input
            id={id}
            name={part.name}
            type="text"
            placeholder={part.placeholder}
            value={value}
            onChange={(event) => onValue(part.name, event.currentTarget.value)}
          />
        );
        return part.inner ? <div className="tourmaster-tour-search-field-inner">{input}</div> : input;
      }}
    </FieldBox>
  );
}

export function SelectField({ part, value, onValue }: { part: Select; value: string; onValue: OnValue }) {
  return (
    <FieldBox {...part}>
      {(id) => (
        <div className="tourmaster-combobox-wrap">
          <select id={id} name={part.name} value={value} onChange={(e) => onValue(part.name, e.currentTarget.value)}>
            <Options options={part.options} />
          </select>
        </div>
      )}
    </FieldBox>
  );
}

/** The style-2 price columns side by side (the right one ends the row). */
export function PriceColumn({ side, children }: { side: 'left' | 'right'; children: ReactNode }) {
  const column = <div className={`tourmaster-column-30 tourmaster-search-price-column-${side}`}>{children}</div>;
  if (side === 'left') return column;
  return (
    <>
      {column}
      <div className="clear" />
    </>
  );
}
