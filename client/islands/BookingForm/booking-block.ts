import type { BookingBlock, BookingFormProps, ComboProps, RoomProps } from '../../common/islands/BookingForm';
import type { AmountCheckInput, StepBlock } from '../../lib/amount-check';
import type { FieldLike } from '../../lib/form-fields';
import { resizeRooms } from './booking-rules';

/**
 * The booking form's blocks as the island holds them: each with an id of its own (its React key
 * and the prefix of its fields' form keys), and the `data-step` the plugin gives it, which decides
 * which blocks a later step replaces (booking.md §3) and how the submit checks them (§4.3).
 */
export interface Shown {
  id: number;
  step: number;
  block: BookingBlock;
}

let ids = 0;

const STEPS: Record<BookingBlock['kind'], number> = {
  notice: 999,
  available: 2,
  package: 2,
  rooms: 3,
  group: 4,
  people: 4,
  submit: 5,
  extra: 999,
};

export const stepOf = (block: BookingBlock): number => STEPS[block.kind];

export const show = (blocks: readonly BookingBlock[]): Shown[] =>
  blocks.map((block) => ({ id: ++ids, step: stepOf(block), block }));

/** The form keys (react-hook-form): legacy names repeat (`tour-people[]` per room) or hold brackets. */
export const keys = {
  date: 'date',
  package: (id: number) => `b${id}-package`,
  room: (id: number) => `b${id}-room`,
  combo: (id: number, room: number | undefined, at: number) => `b${id}${room === undefined ? '' : `-r${room}`}-c${at}`,
  extra: (id: number, at: number) => `b${id}-x${at}`,
};

/** The traveller blocks room mode shows for a room count: the printed ones, then copies of the template. */
export function roomsShown(block: Extract<BookingBlock, { kind: 'rooms' }>, count: string | undefined): RoomProps[] {
  return resizeRooms(block.rooms, Number.parseInt(count ?? '', 10) || 0, () => block.template);
}

type Values = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * What `tourmaster_tour_booking_amount_check` is computed from (lib/amount-check.ts): the blocks
 * with their steps and the values the visitor chose, in the order the page shows them.
 */
export function amountCheckInput(
  props: BookingFormProps,
  shown: readonly Shown[],
  values: Values,
  /** The form's submission: a `date` field's three selects are joined into it by the DateSelect island. */
  posted: readonly FieldLike[],
): AmountCheckInput {
  const field = (name: string, key: string): FieldLike => ({ name, type: 'select-one', value: text(values[key]) });
  const combos = (combos: readonly ComboProps[], id: number, room?: number) =>
    combos.map((c, at) => field(c.name, keys.combo(id, room, at)));
  const blocks: StepBlock[] = [{ step: '1', fields: props.date ? [field('tour-date', keys.date)] : [] }];
  const extraFields: FieldLike[] = [];
  for (const { id, step: n, block } of shown) {
    const step = String(n);
    if (block.kind === 'package') blocks.push({ step, fields: [field('package', keys.package(id))] });
    else if (block.kind === 'group') blocks.push({ step, fields: [{ name: 'group', type: 'hidden', value: '1' }] });
    else if (block.kind === 'people') blocks.push({ step, fields: combos(block.combos, id) });
    else if (block.kind === 'rooms') {
      blocks.push({ step, fields: [field(block.room.name, keys.room(id))] });
      for (const [at, room] of roomsShown(block, text(values[keys.room(id)])).entries()) {
        blocks.push({ step: '4', fields: combos(room.combos, id, at) });
      }
    } else if (block.kind === 'extra') {
      extraFields.push(
        ...block.fields.map((f, at) =>
          f.type === 'date'
            ? { name: f.name, type: 'hidden', value: posted.find((p) => p.name === f.name)?.value ?? '' }
            : field(f.name, keys.extra(id, at)),
        ),
      );
    } else blocks.push({ step, fields: [] });
  }
  return {
    blocks,
    extraFields,
    tourId: props.tourId,
    tourDate: text(values[keys.date]),
    tid: props.hidden.find((h) => h.name === 'tid')?.value ?? '',
  };
}
