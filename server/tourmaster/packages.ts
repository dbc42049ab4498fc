import { isEmpty, str } from '../php/coerce';
import { findDateEntry } from './dates';
import type { DatePriceEntry, TourOption, TourPackage } from './tour-option';

/**
 * Packages of a date entry (booking.md §1.2, §2, §3): which one a request means, and the entry
 * with that package's settings copied on top ("merged"), which is what pricing and the seat rules
 * read. Nothing here mutates the tour option.
 */

/** The package keys copied onto the entry by the merge, in the plugin's order. */
export const PACKAGE_MERGE_KEYS = [
  'start-time',
  'group-slug',
  'person-price',
  'adult-price',
  'children-price',
  'student-price',
  'infant-price',
  'male-price',
  'female-price',
  'same-gender',
  'max-people',
  'initial-price',
  'single-discount',
  'additional-person',
  'additional-adult',
  'additional-children',
  'additional-student',
  'additional-infant',
  'additional-male',
  'additional-female',
  'minimum-people-per-booking',
  'maximum-people-per-booking',
  'max-room',
  'max-people-per-room',
  'group-price',
  'max-group',
  'max-group-people',
  'enable-supplement-pricing',
  'single-supplement-price',
  'triple-supplement-price',
] as const satisfies readonly (keyof TourPackage)[];

export interface MergedDatePrice {
  /** A copy of the entry with the chosen package's keys on top; `package` is gone when one was chosen. */
  entry: DatePriceEntry;
  /** "Old data": the entry had no package list (pre-3.0 prices live on the entry itself). */
  isOld: boolean;
  /** A package was chosen and merged (false for old data and for a title that matches no package). */
  merged: boolean;
  /** The chosen package as stored, when there is one. */
  package: TourPackage | undefined;
}

const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** PHP 8 `==` between two strings: numerically when both are numeric strings, else byte for byte. */
export function phpLooseEquals(a: string, b: string): boolean {
  if (PHP_NUMERIC.test(a) && PHP_NUMERIC.test(b)) return Number(a) === Number(b);
  return a === b;
}

function copyEntry(entry: DatePriceEntry): DatePriceEntry {
  const copy: DatePriceEntry = { ...entry, day: [...entry.day], month: [...entry.month], year: [...entry.year] };
  if (entry.package) copy.package = entry.package.map((p) => ({ ...p }));
  return copy;
}

/**
 * `tourmaster_get_tour_date_price_package(entry, {package: requestedTitle})`: the first package
 * for which (the list has exactly one element) OR (the requested title is empty) OR (its title
 * equals the requested one, PHP `==`) has the {@link PACKAGE_MERGE_KEYS} it defines copied onto
 * the entry, and `package` is removed. A title that matches nothing merges nothing and keeps
 * `package` (prices then read as 0).
 */
export function mergePackage(entry: DatePriceEntry, requestedTitle: unknown): MergedDatePrice {
  const out = copyEntry(entry);
  const packages = entry.package ?? [];
  const isOld = packages.length === 0;
  const wanted = str(requestedTitle);
  const chosen = packages.find(
    (p) => packages.length === 1 || isEmpty(wanted) || (p.title !== undefined && phpLooseEquals(wanted, p.title)),
  );
  if (!chosen) return { entry: out, isOld, merged: false, package: undefined };
  for (const key of PACKAGE_MERGE_KEYS) {
    const value = chosen[key];
    if (value !== undefined) out[key] = value;
  }
  delete out.package;
  return { entry: out, isOld, merged: true, package: { ...chosen } };
}

/** Finds the date's entry and merges the requested package into it; undefined when the date has no entry. */
export function resolveDatePrice(
  option: TourOption,
  date: unknown,
  requestedTitle: unknown,
): MergedDatePrice | undefined {
  const entry = findDateEntry(option, date);
  return entry ? mergePackage(entry, requestedTitle) : undefined;
}

export type BookingMode = 'group' | 'room' | 'people';

export type PricingMethod = 'fixed' | 'variable' | 'group';

/**
 * How the date prices its travellers. A missing or unknown `pricing-method` is fixed: the booking
 * bar then shows one "Number Of People" select, and the legacy price engine, which took anything
 * but `fixed` for variable, priced those people at nothing (DEVIATIONS.md).
 */
export function pricingMethod(entry: DatePriceEntry): PricingMethod {
  const method = entry['pricing-method'];
  return method === 'group' || method === 'variable' ? method : 'fixed';
}

/**
 * The people block the form shows and pricing uses: group pricing first; else room mode unless
 * `tour-type == 'single'` or `pricing-room-base == 'disable'` (so a multiple-day tour with no
 * `pricing-room-base` is room based).
 */
export function bookingMode(option: TourOption, entry: DatePriceEntry): BookingMode {
  if (entry['pricing-method'] === 'group') return 'group';
  const nonRoom = option['tour-type'] === 'single' || entry['pricing-room-base'] === 'disable';
  return nonRoom ? 'people' : 'room';
}

/** Room mode predicate of booking.md §1.2 (group pricing overrides it). */
export function isRoomMode(option: TourOption, entry: DatePriceEntry): boolean {
  return bookingMode(option, entry) === 'room';
}

/**
 * The package title the step-1/2 picker works with: with more than one package, a title that names
 * none of them (non-empty titles, PHP `==`) becomes ''; otherwise the requested title as given.
 */
export function chosenPackageForForm(entry: DatePriceEntry, requested: unknown): string {
  const title = str(requested);
  const packages = entry.package ?? [];
  if (packages.length > 1 && !isEmpty(title)) {
    const known = packages.some((p) => !isEmpty(p.title) && phpLooseEquals(str(p.title), title));
    if (!known) return '';
  }
  return title;
}

/** The title of the first package marked `default-package = enable` ('' when none is). */
export function defaultPackageTitle(entry: DatePriceEntry): string {
  const pkg = (entry.package ?? []).find((p) => p['default-package'] === 'enable');
  return pkg ? str(pkg.title) : '';
}

/**
 * The seat pool of a (merged) entry or package: its `group-slug`, or '' when it has none. Every
 * package without a slug shares the '' pool with the other slug-less packages and old data.
 */
export function packageGroupSlug(merged: TourPackage): string {
  return isEmpty(merged['group-slug']) ? '' : str(merged['group-slug']);
}

/**
 * The package a client names by its title or its `group-slug` (as the availability API lists
 * both), as the title the booking detail carries; a name that is neither stays as it is.
 */
export function packageTitleNamed(option: TourOption, date: unknown, name: string): string {
  const entry = findDateEntry(option, date);
  const packages = entry?.package ?? [];
  if (name === '' || packages.some((p) => str(p.title) === name)) return name;
  const bySlug = packages.find((p) => packageGroupSlug(p) === name);
  return bySlug ? str(bySlug.title) : name;
}
