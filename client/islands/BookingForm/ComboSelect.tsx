import { useContext } from 'react';
import type { RegisterOptions } from 'react-hook-form';
import { useLegacyField } from '../../lib/legacy-field';
import { ShellElement } from '../../lib/RawMarkup';
import type { Part } from './blocks';
import { travellerTotal } from './booking-rules';
import { type BlockScope, BlockScopeContext, BookingEventsContext } from './context';

type SelectPart = Extract<Part, { kind: 'select' }>;

/**
 * One of the plugin's selects (`div.tourmaster-combobox-wrap > select`): a traveller count, the
 * room count or the date list. Posted under its legacy name; checked as its block says.
 */
export function ComboSelect({ part }: { part: SelectPart }) {
  const scope = useContext(BlockScopeContext);
  const { edited } = useContext(BookingEventsContext);
  // The others in a traveller block are checked again with this one: a count anywhere fixes them all.
  const others = scope.rule === 'travellers' ? scope.group.filter((k) => k !== part.key) : [];
  const field = useLegacyField(part.key, { value: part.value, rules: rulesOf(scope), deps: others });
  return (
    <ShellElement shell={part.shell}>
      <select
        name={part.name}
        ref={(el) => {
          field.ref(el);
          field.focusRef(el);
        }}
        aria-label={scope.room ? `Room ${scope.room}: ${part.label}` : part.label}
        aria-invalid={field.invalid || undefined}
        onChange={(event) => {
          field.change(event.target.value);
          edited(part.name, event.target.value);
        }}
      >
        {part.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </ShellElement>
  );
}

/** Steps 1–3 must be filled; a step-4 block (a room) must count somebody (lib/amount-check.ts). */
function rulesOf(scope: BlockScope): RegisterOptions | undefined {
  if (scope.rule === 'required') return { required: true };
  if (scope.rule !== 'travellers') return undefined;
  return {
    validate: (_value, values: Record<string, unknown>) => travellerTotal(scope.group.map((k) => values[k])) > 0,
  };
}
