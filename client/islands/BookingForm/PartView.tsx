import { useContext } from 'react';
import { CustomField } from '../../lib/CustomField';
import { Raw, ShellElement } from '../../lib/RawMarkup';
import type { Part } from './blocks';
import { ComboSelect } from './ComboSelect';
import { BlockScopeContext, BookingEventsContext } from './context';
import { DateField } from './DateField';
import { PackagePicker } from './PackagePicker';
import { SubmitStep } from './SubmitStep';
import { TourDate } from './TourDate';

/** A part of a block, element for element as the server printed it; `step` overrides its `data-step`. */
export function PartView({ part, step }: { part: Part; step?: number }) {
  const stepAttr: Record<string, string> = step === undefined ? {} : { 'data-step': String(step) };
  switch (part.kind) {
    case 'raw':
      return <Raw node={{ ...part.node, attrs: { ...part.node.attrs, ...stepAttr } }} />;
    case 'box':
      return (
        <ShellElement shell={part.shell} extra={stepAttr}>
          {part.children.map((child, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a block's markup never reorders.
            <PartView key={i} part={child} />
          ))}
        </ShellElement>
      );
    case 'select':
      return <ComboSelect part={part} />;
    case 'calendar':
      return <TourDate part={part} />;
    case 'package':
      return <PackagePicker part={part} />;
    case 'field':
      return <ExtraField part={part} />;
    case 'submit':
      return <SubmitStep part={part} />;
    case 'roomNumber':
      return <RoomNumber part={part} />;
  }
}

/** An extra booking field (pickup hotel, …): its own datepicker is a calendar of any date. */
function ExtraField({ part }: { part: Extract<Part, { kind: 'field' }> }) {
  const { edited } = useContext(BookingEventsContext);
  return <CustomField spec={part.spec} datepicker={DateField} onEdited={edited} />;
}

function RoomNumber({ part }: { part: Extract<Part, { kind: 'roomNumber' }> }) {
  const { room } = useContext(BlockScopeContext);
  return (
    <ShellElement shell={part.shell}>
      {part.before}
      <span>{room ?? 1}</span>
      {part.after}
    </ShellElement>
  );
}
