import type { Shown } from './booking-block';
import { ExtraFields } from './ExtraFields';
import { PackagePicker } from './PackagePicker';
import { SubmitStep } from './SubmitStep';
import { People, Rooms } from './Travellers';

/** One block of the booking fields, with the plugin's classes and `data-step`. */
export function BlockView({ shown: { id, block } }: { shown: Shown }) {
  switch (block.kind) {
    case 'notice':
      return (
        <div className="tourmaster-tour-booking-bar-error" data-step="999">
          {block.message}
        </div>
      );
    case 'available':
      return (
        <div className="tourmaster-tour-booking-available" data-step="2">
          Available: {block.left} {block.unit}
        </div>
      );
    case 'package':
      return <PackagePicker id={id} picker={block} />;
    case 'group':
      return (
        <div className="tourmaster-tour-booking-group clearfix" data-step="4">
          <input type="hidden" name="group" value="1" />
        </div>
      );
    case 'people':
      return <People id={id} block={block} />;
    case 'rooms':
      return <Rooms id={id} block={block} />;
    case 'extra':
      return <ExtraFields id={id} fields={block.fields} />;
    case 'submit':
      return <SubmitStep askLogin={block.askLogin} />;
  }
}
