import { isEmpty, isSet, list, phpInt, str } from '../php/coerce';
import type { SeatsLeft } from './availability';
import type { CustomField } from './custom-fields';
import { bookingMode, chosenPackageForForm, type MergedDatePrice, mergePackage } from './packages';
import type { DatePriceEntry, Tour, TourPackage } from './tour-option';

/**
 * What the booking bar's fields show for a date and the visitor's choices so far (booking.md §3):
 * the package picker, the people selects for the pricing mode, the extra booking fields and the
 * submit step. Pure; views/booking-fields.ts turns it into the legacy markup.
 */

export interface ComboSpec {
  name: string;
  placeholder: string;
  min: number;
  max: number;
  /** The value to pre-select ('' for none). */
  selected: string;
}

export interface PackageItem {
  title: string;
  caption: string;
  startTime: string;
  available?: SeatsLeft;
}

export interface PackagePicker {
  placeholder: string;
  chosen: string;
  items: PackageItem[];
}

export interface RoomSpec {
  variable: boolean;
  combos: ComboSpec[];
}

export type PeopleBlock =
  | { kind: 'group' }
  | { kind: 'fixed'; combo: ComboSpec }
  | { kind: 'variable'; combos: ComboSpec[] }
  | { kind: 'room'; roomCombo: ComboSpec; rooms: RoomSpec[]; template: RoomSpec };

export interface BookingFieldsModel {
  /** Legacy (pre-3.0) data's "Available: N seats" line. */
  legacyAvailable?: SeatsLeft;
  packagePicker?: PackagePicker;
  /** The "Available" line of a date with exactly one package. */
  packageAvailable?: SeatsLeft;
  /** Absent while a package still has to be chosen: the fragment stops after the picker. */
  people?: PeopleBlock;
  extraFields: { field: CustomField; value: string }[];
  /** Guests on a site with membership are asked to log in (or continue as guest) on submit. */
  askLogin: boolean;
}

/** The settings of `tourmaster_general` the form reads, with the plugin's defaults applied. */
export interface BookingFormSettings {
  showRemaining: boolean;
  maxDropdownPeople: number;
  maxDropdownRooms: number;
  membership: boolean;
}

export function bookingFormSettings(general: Readonly<Record<string, unknown>>): BookingFormSettings {
  const get = (key: string, fallback: string) => (isSet(general[key]) ? str(general[key]) : fallback);
  return {
    showRemaining: get('show-remaining-available-number', 'disable') === 'enable',
    maxDropdownPeople: phpInt(get('max-dropdown-people-amount', '5')) || 5,
    maxDropdownRooms: phpInt(get('max-dropdown-room-amount', '10')) || 10,
    membership: get('enable-membership', 'enable') === 'enable',
  };
}

/** The variable-pricing categories in the plugin's order: field name, price key, label. */
export const PEOPLE_CATEGORIES = [
  { field: 'tour-adult', price: 'adult-price', label: 'Adult' },
  { field: 'tour-male', price: 'male-price', label: 'Male' },
  { field: 'tour-female', price: 'female-price', label: 'Female' },
  { field: 'tour-children', price: 'children-price', label: 'Child' },
  { field: 'tour-student', price: 'student-price', label: 'Student' },
  { field: 'tour-infant', price: 'infant-price', label: 'Infant' },
] as const;

export interface BookingFormInput {
  tour: Tour;
  /** The date's entry as stored (before any package is merged). */
  entry: DatePriceEntry;
  /** The posted form values (`data[...]`): package, tour-room, tour-people, tour-adult… */
  values: Readonly<Record<string, unknown>>;
  step: string;
  settings: BookingFormSettings;
  extraFields: readonly CustomField[];
  /** A field's stored value for the logged-in visitor (their user meta), or undefined. */
  userValue: (slug: string) => string | undefined;
  loggedIn: boolean;
  /** Seats left per pool, only asked for when the site shows remaining seats. */
  seatsLeftFor?: (pkg: TourPackage | undefined) => SeatsLeft | undefined;
}

export function bookingFormModel(input: BookingFormInput): BookingFieldsModel {
  const { tour, entry, values, settings } = input;
  const model: BookingFieldsModel = { extraFields: [], askLogin: !input.loggedIn && settings.membership };
  const isOld = entry.package === undefined;
  if (settings.showRemaining && isOld && !isEmpty(tour.meta.maxPeople))
    model.legacyAvailable = input.seatsLeftFor?.(undefined);

  const packages = entry.package ?? [];
  let chosen = str(values.package);
  if (packages.length > 0 && input.step === '1') {
    if (packages.length > 1) {
      chosen = chosenPackageForForm(entry, chosen);
      model.packagePicker = {
        placeholder: str(entry['select-package-text']) || 'Select a package',
        chosen,
        items: packages.map((p) => ({
          title: str(p.title),
          caption: str(p.caption),
          startTime: str(p['start-time']),
          ...(settings.showRemaining && input.seatsLeftFor ? optional('available', input.seatsLeftFor(p)) : {}),
        })),
      };
      if (chosen === '') return model;
    } else if (settings.showRemaining) {
      const available = input.seatsLeftFor?.(packages[0]);
      if (available) model.packageAvailable = available;
    }
  }

  const merged = mergePackage(entry, chosen);
  model.people = peopleBlock(input, merged);
  model.extraFields = input.extraFields.map((field) => ({
    field,
    value: str(values[field.slug]) || input.userValue(field.slug) || field.default,
  }));
  return model;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function peopleBlock(input: BookingFormInput, merged: MergedDatePrice): PeopleBlock {
  const { tour, values, settings } = input;
  const e = merged.entry;
  const mode = bookingMode(tour.option, e);
  if (mode === 'group') return { kind: 'group' };
  // The most people one select offers: the package's limit, else the tour's, else the site's default.
  const maxPerBooking =
    phpInt(e['maximum-people-per-booking'] || tour.meta.maxPeoplePerBooking) || settings.maxDropdownPeople;
  const variable = e['pricing-method'] === 'variable';
  const categories = PEOPLE_CATEGORIES.filter((c) => isSet(e[c.price]));

  if (mode === 'people') {
    if (variable) {
      return {
        kind: 'variable',
        combos: categories.map((c) => ({
          name: c.field,
          placeholder: c.label,
          min: 1,
          max: maxPerBooking,
          selected: str(values[c.field]),
        })),
      };
    }
    // The minimum comes from the package only (booking.md corrections: no fallback to the tour meta).
    const min = phpInt(e['minimum-people-per-booking']) || 1;
    return {
      kind: 'fixed',
      combo: {
        name: 'tour-people',
        placeholder: 'Number Of People',
        min,
        max: maxPerBooking,
        selected: str(values['tour-people']),
      },
    };
  }

  const maxRooms = phpInt(e['max-room']) || settings.maxDropdownRooms;
  const roomCount = Math.min(Math.max(phpInt(values['tour-room']) || 1, 1), maxRooms);
  const room = (index: number | undefined): RoomSpec => {
    const pick = (field: string) => (index === undefined ? '' : str(list(values[field])[index]));
    const combos: ComboSpec[] = variable
      ? categories.map((c) => ({
          name: `${c.field}[]`,
          placeholder: c.label,
          min: 1,
          max: maxPerBooking,
          selected: pick(c.field),
        }))
      : [
          {
            name: 'tour-people[]',
            placeholder: 'Number Of People',
            min: 1,
            max: maxPerBooking,
            selected: pick('tour-people'),
          },
        ];
    return { variable, combos };
  };
  return {
    kind: 'room',
    roomCombo: {
      name: 'tour-room',
      placeholder: 'Number Of Rooms',
      min: 1,
      max: maxRooms,
      selected: String(roomCount),
    },
    rooms: Array.from({ length: roomCount }, (_, i) => room(i)),
    template: room(undefined),
  };
}
