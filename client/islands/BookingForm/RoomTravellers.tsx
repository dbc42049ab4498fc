import { useContext, useMemo, useState } from 'react';
import { Raw, ShellElement } from '../../lib/RawMarkup';
import { newRoom, type RoomSpec, type RoomsBlock, selectKeys } from './blocks';
import { resizeRooms } from './booking-rules';
import { BlockScopeContext, type BookingEvents, BookingEventsContext } from './context';
import { PartView } from './PartView';

/** The container the legacy script made when the server printed none. */
const CONTAINER = { tag: 'div', attrs: { class: 'tourmaster-tour-booking-people-container', 'data-step': '999' } };

/**
 * Room mode (booking.md §3, step 3): the room count in `select[name=tour-room]` decides how many
 * traveller blocks `.tourmaster-tour-booking-people-container` holds, "Room 1" to "Room N", each a
 * step-4 block that must count somebody. New rooms are copies of the hidden
 * `.tourmaster-tour-booking-room-template`; rooms go from the end; no rooms removes the container.
 * The template stays in the form, as it did (its fields are posted with the rest).
 */
export function RoomTravellers({ block }: { block: RoomsBlock }) {
  const [rooms, setRooms] = useState<RoomSpec[]>(block.rooms);
  const [container, setContainer] = useState(block.container);
  const parent = useContext(BookingEventsContext);
  const template = block.template?.room;

  const events = useMemo<BookingEvents>(
    () => ({
      edited(name, value) {
        if (name === 'tour-room') {
          const count = Number.parseInt(value, 10) || 0;
          setContainer((shown) => (count > 0 ? (shown ?? CONTAINER) : undefined));
          setRooms((current) => resizeRooms(current, count, template ? () => newRoom(template) : undefined));
        }
        parent.edited(name, value);
      },
    }),
    [parent, template],
  );

  return (
    <>
      <BookingEventsContext.Provider value={events}>
        <BlockScopeContext.Provider value={{ rule: 'required', group: [] }}>
          <PartView part={block.room} />
        </BlockScopeContext.Provider>
      </BookingEventsContext.Provider>
      {container ? (
        <ShellElement shell={container}>
          {rooms.map((room, i) => (
            <BlockScopeContext.Provider
              key={room.id}
              value={{ rule: 'travellers', group: selectKeys(room.part), room: i + 1 }}
            >
              <PartView part={room.part} step={4} />
            </BlockScopeContext.Provider>
          ))}
        </ShellElement>
      ) : null}
      {block.template ? <Raw node={block.template.node} /> : null}
    </>
  );
}
