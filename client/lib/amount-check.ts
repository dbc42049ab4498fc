import type { FieldLike } from './form-fields';

/**
 * The booking bar's submit (booking.md §4, §4.3): the client validation and the fields of
 * `tourmaster_tour_booking_amount_check`, computed from the form's `data-step` blocks exactly as the
 * legacy script did (including its cumulative `adult_amount`, of which only emptiness matters).
 */
export interface StepBlock {
  /** The block's `data-step` value. */
  step: string;
  /** Its named inputs and selects, in document order. */
  fields: readonly FieldLike[];
}

export interface AmountCheckInput {
  blocks: readonly StepBlock[];
  /** Named fields inside `.tourmaster-extra-booking-field`. */
  extraFields: readonly FieldLike[];
  tourId: string;
  tourDate: string;
  tid: string;
}

export interface AmountCheckRequest {
  tour_id: string;
  tour_date: string;
  tid: string;
  package: string;
  traveller: number | 'group';
  adult_amount: number | 'group';
  male_amount: number;
  female_amount: number;
  max_traveller_per_room: number;
  extra_booking_info?: Record<string, string>;
}

/** `ok: false` = a step 1–3 field is empty or a people block has nobody: show the static error. */
export function amountCheckRequest(input: AmountCheckInput): { ok: boolean; request: AmountCheckRequest } {
  let ok = true;
  let tourPackage = '';
  let traveller: number | 'group' = 0;
  let adult: number | 'group' = 0;
  let male = 0;
  let female = 0;
  let maxPerRoom = 0;
  for (const block of input.blocks) {
    if (block.step === '1' || block.step === '2' || block.step === '3') {
      for (const f of block.fields) {
        if (f.value === '') ok = false;
        else if (f.name === 'package') tourPackage = f.value;
      }
    } else if (block.step === '4') {
      let room = 0;
      for (const f of block.fields) {
        if (f.name === 'group') {
          traveller = 'group';
          adult = 'group';
        } else if (f.value !== '') {
          room += Number.parseInt(f.value, 10) || 0;
          const add = (n: number | 'group') => (n === 'group' ? n : n + room);
          if (/^tour-(adult|people)/.test(f.name)) adult = add(adult);
          else if (f.name.startsWith('tour-male')) {
            male += room;
            adult = add(adult);
          } else if (f.name.startsWith('tour-female')) {
            female += room;
            adult = add(adult);
          }
        }
      }
      if (room > maxPerRoom) maxPerRoom = room;
      if (traveller !== 'group') {
        if (room <= 0) ok = false;
        else traveller += room;
      }
    }
  }
  const extra: Record<string, string> = {};
  for (const f of input.extraFields) if (f.name) extra[f.name] = f.value;
  return {
    ok,
    request: {
      tour_id: input.tourId,
      tour_date: input.tourDate,
      tid: input.tid,
      package: tourPackage,
      traveller,
      adult_amount: adult,
      male_amount: male,
      female_amount: female,
      max_traveller_per_room: maxPerRoom,
      ...(Object.keys(extra).length > 0 ? { extra_booking_info: extra } : {}),
    },
  };
}

/** Every `[data-required]` field must have a value (checked before the steps, as the legacy script does). */
export function missingRequired(fields: readonly { value: string; required: boolean }[]): boolean {
  return fields.some((f) => f.required && f.value === '');
}
