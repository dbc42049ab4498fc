import { useWatch } from 'react-hook-form';
import type { BookingBlock, ComboProps, RoomProps } from '../../common/islands/BookingForm';
import { Options } from '../../lib/Options';
import { keys, roomsShown } from './booking-block';
import { travellerTotal } from './booking-rules';
import { countOptions, LegacySelect } from './LegacySelect';
import { NextSign } from './marks';

/**
 * The traveller counts of a block (booking.md §3, step 4): one select, or one per category. The
 * block must count somebody: the others are checked again with each one, so a count anywhere in
 * the block fixes them all.
 */
function Counts({ id, room, combos }: { id: number; room?: number; combos: readonly ComboProps[] }) {
  const group = combos.map((_, at) => keys.combo(id, room, at));
  const rules = {
    validate: (_value: unknown, values: Record<string, unknown>) => travellerTotal(group.map((k) => values[k])) > 0,
  };
  return combos.map((combo, at) => (
    <LegacySelect
      key={group[at]}
      formKey={group[at] ?? ''}
      name={combo.name}
      options={countOptions(combo)}
      value={combo.selected}
      room={room === undefined ? undefined : room + 1}
      rules={rules}
      deps={group.filter((k) => k !== group[at])}
    />
  ));
}

export function People({ id, block }: { id: number; block: Extract<BookingBlock, { kind: 'people' }> }) {
  const variable = block.variable ? ' tourmaster-variable' : '';
  return (
    <div className={`tourmaster-tour-booking-people${variable} clearfix`} data-step="4">
      <NextSign />
      <i className="fa fa-users" />
      <div className={`tourmaster-tour-booking-people-input${variable}${variable ? ' clearfix' : ''}`}>
        <Counts id={id} combos={block.combos} />
      </div>
    </div>
  );
}

/** A room's travellers ("Room N :"), numbered where it is shown. */
function RoomPeople({ id, at, room }: { id: number; at: number; room: RoomProps }) {
  return (
    <div className="tourmaster-tour-booking-people tourmaster-variable clearfix" data-step="4">
      <span className="tourmaster-tour-booking-room-text">
        Room <span>{at + 1}</span> :
      </span>
      <div className={`tourmaster-tour-booking-people-input${room.variable ? ' tourmaster-variable clearfix' : ''}`}>
        <Counts id={id} room={at} combos={room.combos} />
      </div>
    </div>
  );
}

/**
 * Room mode (booking.md §3, step 3): the room count decides how many traveller blocks the
 * container holds, "Room 1" to "Room N"; new rooms are copies of the template, rooms go from the
 * end. The hidden template stays in the form as printed (the plugin posts its fields too).
 */
export function Rooms({ id, block }: { id: number; block: Extract<BookingBlock, { kind: 'rooms' }> }) {
  const count = useWatch({ name: keys.room(id), defaultValue: block.room.selected }) as string | undefined;
  const rooms = roomsShown(block, count);
  return (
    <>
      <div className="tourmaster-tour-booking-room clearfix" data-step="3">
        <NextSign />
        <i className="fa fa-bed" />
        <div className="tourmaster-tour-booking-room-input">
          <LegacySelect
            formKey={keys.room(id)}
            name={block.room.name}
            options={countOptions(block.room)}
            value={block.room.selected}
            rules={{ required: true }}
          />
        </div>
      </div>
      <div className="tourmaster-tour-booking-people-container" data-step="999">
        {rooms.map((room, at) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rooms are added and removed at the end only.
          <RoomPeople key={at} id={id} at={at} room={room} />
        ))}
      </div>
      <div className="tourmaster-tour-booking-room-template" data-step="999">
        <div className="tourmaster-tour-booking-people tourmaster-variable clearfix">
          <span className="tourmaster-tour-booking-room-text">
            Room <span>1</span> :
          </span>
          <div
            className={`tourmaster-tour-booking-people-input${block.template.variable ? ' tourmaster-variable clearfix' : ''}`}
          >
            {block.template.combos.map((combo) => (
              <div key={combo.name} className="tourmaster-combobox-wrap">
                <select name={combo.name}>
                  <Options options={countOptions(combo)} />
                </select>
              </div>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
