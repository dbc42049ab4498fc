import { list, str } from '../php/coerce';

/**
 * A typed view of a tour's settings: the `tourmaster-tour-option` post meta (a PHP array the admin
 * saves) plus the keys the plugin stores as their own post meta. Values stay the strings the admin
 * typed; rules read them through php.ts (`isEmpty`, `phpFloat`), as the plugin does.
 */

/** One package of a date entry (pricing.md §1). Every key optional, every value a string. */
export interface TourPackage {
  title?: string;
  caption?: string;
  'group-slug'?: string;
  'default-package'?: string;
  'start-time'?: string;
  'person-price'?: string;
  'adult-price'?: string;
  'children-price'?: string;
  'student-price'?: string;
  'infant-price'?: string;
  'male-price'?: string;
  'female-price'?: string;
  'same-gender'?: string;
  'max-people'?: string;
  'initial-price'?: string;
  'single-discount'?: string;
  'additional-person'?: string;
  'additional-adult'?: string;
  'additional-children'?: string;
  'additional-student'?: string;
  'additional-infant'?: string;
  'additional-male'?: string;
  'additional-female'?: string;
  'minimum-people-per-booking'?: string;
  'maximum-people-per-booking'?: string;
  'max-room'?: string;
  'max-people-per-room'?: string;
  'group-price'?: string;
  'max-group'?: string;
  'max-group-people'?: string;
  'enable-supplement-pricing'?: string;
  'single-supplement-price'?: string;
  'triple-supplement-price'?: string;
}

/**
 * One entry of `date-price`: which dates it covers and how they are priced. Legacy (pre-3.0)
 * entries have no `package` and carry the package keys directly.
 */
export interface DatePriceEntry extends TourPackage {
  date?: string;
  day: string[];
  month: string[];
  year: string[];
  'extra-date'?: string;
  'exclude-extra-date'?: string;
  'pricing-method'?: string;
  'pricing-room-base'?: string;
  'select-package-text'?: string;
  package?: TourPackage[];
}

/** A `group-discount` row: from `traveller-number` people, `discount` off (amount, or 'N%'). */
export interface GroupDiscountRow {
  'traveller-number': string;
  discount: string;
}

export interface TourOption {
  'tour-type'?: string;
  'tour-timing-method'?: string;
  'multiple-duration'?: string;
  'date-price': DatePriceEntry[];
  'form-settings'?: string;
  'date-selection-type'?: string;
  'last-minute-booking'?: string;
  'start-time'?: string;
  'link-proceed-booking-to-external-url'?: string;
  'tour-service': string[];
  'payment-admin-approval'?: string;
  'enable-payment'?: string;
  'deposit-booking'?: string;
  'deposit-amount'?: string;
  'deposit2-amount'?: string;
  'deposit3-amount'?: string;
  'deposit4-amount'?: string;
  'deposit5-amount'?: string;
  'group-discount': GroupDiscountRow[];
  'group-discount-category': string[];
  'group-discount-apply': string[];
  'group-discount-per-person'?: string;
  'require-each-traveller-info'?: string;
  'require-traveller-info-title'?: string;
  'require-traveller-passport'?: string;
  'additional-traveller-fields'?: string;
  [key: string]: unknown;
}

/** The keys the plugin moves out of the option into their own post meta ("single" keys). */
export interface TourMeta {
  minPeoplePerBooking: string;
  maxPeoplePerBooking: string;
  maxPeople: string;
  extraBookingInfo: string;
  bookInAdvance: string;
  /** `tourmaster-tour-date-avail`: the CSV of dates bookable now, as last computed. */
  dateAvail: string;
  /** `tourmaster-contact-detail-fields`: the payment page's contact fields for this tour ('' = the site's). */
  contactDetailFields: string;
}

/** A published tour with everything the booking rules read. */
export interface Tour {
  id: number;
  title: string;
  slug: string;
  option: TourOption;
  meta: TourMeta;
}

export const TOUR_META_KEYS = {
  option: 'tourmaster-tour-option',
  minPeoplePerBooking: 'tourmaster-min-people-per-booking',
  maxPeoplePerBooking: 'tourmaster-max-people-per-booking',
  maxPeople: 'tourmaster-max-people',
  extraBookingInfo: 'tourmaster-extra-booking-info',
  bookInAdvance: 'tourmaster-book-in-advance',
  dateAvail: 'tourmaster-tour-date-avail',
  contactDetailFields: 'tourmaster-contact-detail-fields',
} as const;

/** Keeps scalar values as strings (numbers too: PHP arrays may hold ints) and drops the rest. */
function stringRecord(value: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'number') out[k] = str(v);
  return out;
}

function stringList(value: unknown): string[] {
  return list(value).map(str);
}

function toPackage(value: unknown): TourPackage {
  return stringRecord(value) as TourPackage;
}

function toEntry(value: unknown): DatePriceEntry {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const entry: DatePriceEntry = {
    ...(stringRecord(raw) as TourPackage),
    day: stringList(raw.day),
    month: stringList(raw.month),
    year: stringList(raw.year),
  };
  if (raw.package !== undefined && raw.package !== '') entry.package = list(raw.package).map(toPackage);
  return entry;
}

/**
 * Reads the unserialised `tourmaster-tour-option` value (anything that is not an array reads as
 * empty). The same (frozen, shared) value always gives the same view, so it is built once per value.
 */
const parsed = new WeakMap<object, TourOption>();

export function parseTourOption(value: unknown): TourOption {
  if (value && typeof value === 'object' && Object.isFrozen(value)) {
    let view = parsed.get(value);
    if (!view) {
      view = Object.freeze(readTourOption(value)) as TourOption;
      parsed.set(value, view);
    }
    return view;
  }
  return readTourOption(value);
}

function readTourOption(value: unknown): TourOption {
  const raw = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  return {
    ...raw,
    ...stringRecord(raw),
    'date-price': list(raw['date-price']).map(toEntry),
    'tour-service': stringList(raw['tour-service']),
    'group-discount': list(raw['group-discount']).map((row) => {
      const r = stringRecord(row);
      return { 'traveller-number': r['traveller-number'] ?? '', discount: r.discount ?? '' };
    }),
    'group-discount-category': stringList(raw['group-discount-category']),
    'group-discount-apply': stringList(raw['group-discount-apply']),
  };
}

export const VIEW_COUNT_META = 'tourmaster-view-count';
