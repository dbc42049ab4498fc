import { z } from 'zod';
import { getMeta } from '../../data/meta';
import { countSeats } from '../../data/seats';
import { loadBookingContext } from '../../data/tours';
import { phpInt, str } from '../../php/coerce';
import { bookingCutOff, oldDataSeatsLeft, seatPool, seatStatusFilter, seatsLeft } from '../../tourmaster/availability';
import { bookingFormModel, bookingFormSettings } from '../../tourmaster/booking-form';
import { parseCustomFields } from '../../tourmaster/custom-fields';
import { findDateEntry, isOfferedDate, isWellFormedDate } from '../../tourmaster/dates';
import { mergePackage } from '../../tourmaster/packages';
import { setting } from '../../tourmaster/settings';
import { readTravellerCounts } from '../../tourmaster/traveller-counts';
import { bookingFields, bookingFieldsError } from '../../views/booking-fields';
import { siteLocalTime } from '../../wp/site-time';
import { defineAction } from '../action';

export const DATE_CLOSED_MESSAGE =
  'Sorry, the tour is now off for booking on the date/time you selected. Please select another date.';
export const DATE_NOT_OFFERED_MESSAGE =
  'This tour is not available on the date you selected. Please select another date.';

/**
 * The booking bar's fields for a date, package and room count (booking.md §3, §4.1): the reply's
 * `content` replaces every step after the one that changed. `false` when there is nothing to show
 * (no data, unknown tour), as the legacy site answered.
 */
export const tourmaster_tour_booking = defineAction({
  name: 'tourmaster_tour_booking',
  access: 'both',
  input: z.looseObject({ data: z.unknown().optional() }),
  async handle(input, ctx): Promise<string | false> {
    // A `data` that is not a bracket-encoded object (missing, '' or a plain string) is no request.
    const data =
      input.data && typeof input.data === 'object' && !Array.isArray(input.data)
        ? (input.data as Record<string, unknown>)
        : undefined;
    if (!data) return false;
    const { tour, settings } = await loadBookingContext(ctx.wp, phpInt(data['tour-id']));
    if (!tour) return false;
    const date = data['tour-date'];
    const entry = isWellFormedDate(date) ? findDateEntry(tour.option, date) : undefined;
    // FIX (DEVIATIONS.md): the legacy site rendered past dates as open and said nothing for dates
    // the tour does not run on; both now get a notice at the first step.
    if (!entry || typeof date !== 'string') return bookingFieldsError(DATE_NOT_OFFERED_MESSAGE).value;
    const nowLocal = siteLocalTime(ctx.now, settings);
    const cutOff = bookingCutOff({
      entry: mergePackage(entry, data.package).entry,
      option: tour.option,
      travelDate: date,
      nowLocal,
    });
    if (!isOfferedDate(tour.option, tour.meta, date, nowLocal) || !cutOff.open)
      return bookingFieldsError(DATE_CLOSED_MESSAGE).value;
    const counts = readTravellerCounts(data);
    if (!counts.ok) return bookingFieldsError(counts.message).value;

    const formSettings = bookingFormSettings(settings.general);
    const user = await ctx.user();
    const extraInfo = tour.meta.extraBookingInfo || setting(settings.general, 'single-tour-extra-booking-info');
    const extraFields = parseCustomFields(extraInfo, {
      userDefaultCountry: setting(settings.general, 'user-default-country'),
    });
    const userValues = new Map<string, string>();
    if (user) {
      for (const field of extraFields)
        userValues.set(field.slug, str(await getMeta(ctx.wp, 'user', user.user.id, field.slug)));
    }
    // Remaining seats are only shown when the site enables it; each pool is one counted query.
    const pools = new Map<string, Awaited<ReturnType<typeof countSeats>>>();
    if (formSettings.showRemaining) {
      for (const pkg of entry.package ?? [undefined]) {
        const pool = seatPool(tour.id, date, pkg ?? {});
        if (!pools.has(pool.groupSlug)) {
          pools.set(
            pool.groupSlug,
            await countSeats(ctx.wp, { ...pool, held: seatStatusFilter(settings.general['block-seat-status']) }),
          );
        }
      }
    }
    const model = bookingFormModel({
      tour,
      entry,
      values: data,
      step: str(data.step) || '1',
      settings: formSettings,
      extraFields,
      userValue: (slug) => userValues.get(slug) || undefined,
      loggedIn: user !== null,
      seatsLeftFor: (pkg) => {
        const counts = pools.get(seatPool(tour.id, date, pkg ?? {}).groupSlug);
        if (!counts) return undefined;
        return pkg ? seatsLeft(pkg, entry['pricing-method'], counts) : oldDataSeatsLeft(tour.meta, counts);
      },
    });
    return bookingFields(model).value;
  },
  reply: (content) => ({ kind: 'json', body: { content } }),
});
