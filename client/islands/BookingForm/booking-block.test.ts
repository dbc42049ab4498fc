import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BookingBlock, BookingFormProps, ComboProps } from '../../common/islands/BookingForm';
import { amountCheckRequest } from '../../lib/amount-check';
import { amountCheckInput, keys, roomsShown, show } from './booking-block';

/** The request the legacy script sent in a captured exchange (without its action). */
function capturedRequest(name: string): Record<string, string> {
  const exchange = JSON.parse(readFileSync(`legacy-fixtures/exchanges/${name}.json`, 'utf8')) as {
    request: { form: [string, string][] };
  };
  const { action: _action, ...rest } = Object.fromEntries(exchange.request.form);
  return rest;
}

/** The request as the form posts it (lib/ajax.ts encodes `extra_booking_info` with brackets). */
function posted(props: BookingFormProps, blocks: BookingBlock[], values: (ids: number[]) => Record<string, unknown>) {
  const shown = show(blocks);
  const { ok, request } = amountCheckRequest(amountCheckInput(props, shown, values(shown.map((s) => s.id)), []));
  const { extra_booking_info: extra, ...rest } = request;
  const flat: Record<string, string> = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
  for (const [name, value] of Object.entries(extra ?? {})) flat[`extra_booking_info[${name}]`] = value;
  return { ok, flat };
}

const count = (name: string, placeholder: string, max = 5): ComboProps => ({
  name,
  placeholder,
  min: 1,
  max,
  selected: '',
});
const form = (tourId: string, date: string): BookingFormProps => ({
  tourId,
  headPrice: true,
  date: { kind: 'single', date, label: date },
  blocks: [],
  hidden: [],
});

describe('the availability check computed from the typed blocks', () => {
  it('sends what the legacy script sent for one room of four (Meteora)', () => {
    const room = { variable: false, combos: [count('tour-people[]', 'Number Of People')] };
    const rooms: BookingBlock = {
      kind: 'rooms',
      room: count('tour-room', 'Number Of Rooms'),
      rooms: [room],
      template: room,
    };
    const { ok, flat } = posted(form('7', '2027-06-11'), [rooms, { kind: 'submit', askLogin: true }], ([id = 0]) => ({
      [keys.date]: '2027-06-11',
      [keys.room(id)]: '1',
      [keys.combo(id, 0, 0)]: '4',
    }));
    expect(ok).toBe(true);
    expect(flat).toEqual(capturedRequest('amount_check-meteora-room-too-many'));
  });

  it('sends a private group as the legacy script did (Crete)', () => {
    const { ok, flat } = posted(form('6', '2027-05-08'), [{ kind: 'group' }], () => ({ [keys.date]: '2027-05-08' }));
    expect(ok).toBe(true);
    expect(flat).toEqual(capturedRequest('amount_check-crete-group-ok'));
  });

  it('sends the extra booking fields (Delphi), and refuses a room nobody is counted in', () => {
    const people: BookingBlock = {
      kind: 'people',
      variable: false,
      combos: [count('tour-people', 'Number Of People')],
    };
    const field = (name: string, type: string) => ({
      name,
      title: name,
      type,
      required: false,
      value: '',
      options: [],
    });
    const extra: BookingBlock = {
      kind: 'extra',
      fields: [field('pickup-hotel', 'text'), field('notify-email', 'email'), field('diet', 'combobox')],
    };
    const { ok, flat } = posted(form('9', '2027-04-10'), [people, extra], ([p = 0, x = 0]) => ({
      [keys.date]: '2027-04-10',
      [keys.combo(p, undefined, 0)]: '2',
      [keys.extra(x, 0)]: 'Hotel Plaka',
      [keys.extra(x, 1)]: 'guest@example.test',
      [keys.extra(x, 2)]: 'Vegan',
    }));
    expect(ok).toBe(true);
    // booking.md §4.3 counts the largest step-4 block here (2) where this capture says 0; the server
    // reads it only for a tour with `max-people-per-room` (room mode), which Delphi is not.
    const { max_traveller_per_room: _max, ...captured } = capturedRequest('amount_check-delphi-good-email');
    expect(flat).toEqual({ ...captured, max_traveller_per_room: '2' });
    expect(posted(form('9', '2027-04-10'), [people], () => ({ [keys.date]: '2027-04-10' })).ok).toBe(false);
  });

  it('shows the printed rooms, then copies of the template, for a room count', () => {
    const room = (n: number) => ({ variable: false, combos: [count('tour-people[]', `R${n}`)] });
    const block = { kind: 'rooms' as const, room: count('tour-room', 'Rooms'), rooms: [room(1)], template: room(0) };
    expect(roomsShown(block, '3')).toEqual([room(1), room(0), room(0)]);
    expect(roomsShown(block, '')).toEqual([]);
  });
});
