import type { BookingBlock } from '../../../client/common/islands/BookingForm';
import { tourAvailabilityUrl } from '../../http/rest-namespace';
import { isEmpty, str } from '../../php/coerce';
import { formatWpDate } from '../../php/date';
import { withArgs } from '../../services/accounts/special-pages';
import { userMetas } from '../../services/accounts/user-meta';
import { bookingFieldsBlocks, noticeBlocks } from '../../services/booking/booking-fields';
import { DATE_NOT_OFFERED_MESSAGE } from '../../services/booking/messages';
import { isInWishList } from '../../services/wish-list/is-in-wish-list';
import type { BookingDetail } from '../../tourmaster/booking-detail';
import { bookingFormSettings } from '../../tourmaster/booking-form';
import { bookableDates, findDateEntry } from '../../tourmaster/dates';
import { enquiryFields } from '../../tourmaster/enquiry-fields';
import { defaultPackageTitle } from '../../tourmaster/packages';
import { setting } from '../../tourmaster/settings';
import { bookingBlocksHtml } from '../../views/booking-fields';
import { renderEnquiryForm } from '../../views/enquiry-form';
import type { SafeHtml } from '../../views/html';
import { OptionRenderCache } from '../../views/render-cache';
import { lightbox } from '../../views/top-bar';
import {
  type BookingBarBody,
  bookingBarInner,
  bookingBottom,
  bookingForm,
  type DateControl,
  type HeaderPrice,
  loginForm2,
  type WishListButton,
} from '../../views/tour/booking-bar';
import { tourPrice } from '../../views/tour/price';
import { carriedFieldValues, carriedHiddenFields, carriedText, formFieldNames, type TourTemp } from './carry-over';
import type { TourRequest } from './request';
import { pageOptionUrl, specialPageUrlFrom } from './urls';

/**
 * The booking bar (booking.md §2): what `form-settings` asks for (the booking form, the enquiry
 * form, both as tabs, or a link to an external booking site), the price header, and the wish
 * list and view count at the bottom. Undefined when the tour takes neither bookings nor enquiries.
 */
export async function bookingBarFor(
  tr: TourRequest,
  views: number,
  temp: TourTemp | undefined,
): Promise<SafeHtml | undefined> {
  const option = tr.tour.option;
  const formSettings = str(option['form-settings']) || 'booking';
  const booking = formSettings === 'booking' || formSettings === 'both';
  const enquiry = formSettings === 'enquiry' || formSettings === 'both';
  if (!booking && !enquiry) return undefined;
  const external = str(option['link-proceed-booking-to-external-url']).trim();

  const [form, enquiryForm, wish] = await Promise.all([
    booking && !external ? bookingFormFor(tr, temp) : Promise.resolve(undefined),
    enquiry ? enquiryFormFor(tr) : Promise.resolve(undefined),
    wishListFor(tr),
  ]);
  let body: BookingBarBody;
  if (booking && external) body = { kind: 'referral', url: external };
  else if (form && enquiryForm) body = { kind: 'both', ...form, enquiry: enquiryForm };
  else if (form) body = { kind: 'booking', ...form };
  else body = { kind: 'enquiry', enquiry: enquiryForm! };
  return bookingBarInner({ price: headerPriceOf(tr), body, bottom: bookingBottom(wish, views) });
}

/** "From $X": `tour-price-text` and `tour-price-discount-text`, else the `tourmaster-tour-price` meta. */
export function headerPriceOf(tr: Pick<TourRequest, 'tour' | 'single' | 'general'>): HeaderPrice | undefined {
  return tourPrice(tr.tour.option, tr.single('tourmaster-tour-price'), tr.general);
}

/** The date the form opens on: the carried one when the tour still offers it, else the first bookable date. */
function dateControlFor(tr: TourRequest, dates: readonly string[], selected: string): DateControl {
  const label = (date: string) => formatWpDate(tr.dateFormat, date) ?? date;
  if (dates.length === 1) return { kind: 'single', date: selected, label: label(selected) };
  if (str(tr.tour.option['date-selection-type']) === 'date-list') {
    return { kind: 'list', dates: dates.map((d) => ({ value: d, label: label(d) })), selected };
  }
  const duration = tr.tour.option['multiple-duration'];
  return {
    kind: 'calendar',
    dates,
    selected,
    format: setting(tr.general, 'datepicker-date-format', 'd M yy'),
    range: isEmpty(duration) ? '1' : str(duration),
    availability: {
      url: tourAvailabilityUrl(tr.site.homeUrl, tr.tour.id),
      showRemaining: bookingFormSettings(tr.general).showRemaining,
    },
  };
}

type BookingFormParts = { form: SafeHtml; proceedLightbox?: SafeHtml };

/** Guests' forms per tour option and site settings (render-cache.ts): the same until an input changes. */
const guestForms = new OptionRenderCache<BookingFormParts>();

async function bookingFormFor(tr: TourRequest, temp: TourTemp | undefined): Promise<BookingFormParts> {
  // A guest's form without carried values reads nothing but the tour, the settings, the clock (to
  // the minute: dates and cut-offs) and the page URLs; seats are counted live when they are shown.
  if (tr.user || temp || bookingFormSettings(tr.general).showRemaining) return buildBookingForm(tr, temp);
  const key = JSON.stringify([
    tr.tour.id,
    tr.tour.meta,
    tr.nowLocal.slice(0, 16),
    tr.dateFormat,
    tr.ajaxUrl,
    tr.site.siteUrl,
    tr.site.homeUrl,
    specialPageUrlFrom(tr, 'payment'),
    specialPageUrlFrom(tr, 'register'),
    specialPageUrlFrom(tr, 'login'),
    tr.req.originalUrl,
  ]);
  return guestForms.for(tr.general, tr.tour.option).getAsync(key, () => buildBookingForm(tr, undefined));
}

async function buildBookingForm(tr: TourRequest, temp: TourTemp | undefined): Promise<BookingFormParts> {
  const { tour, general } = tr;
  const dates = bookableDates(tour.option, tour.meta, tr.nowLocal);
  const carriedDate = carriedText(temp?.['tour-date']);
  const selected = dates.includes(carriedDate) ? carriedDate : (dates[0] ?? '');
  const carried = temp ? carriedFieldValues(temp) : undefined;
  const fields = selected ? await fieldsFor(tr, selected, carried) : undefined;
  const paymentUrl = specialPageUrlFrom(tr, 'payment');
  const form = bookingForm({
    tourId: tour.id,
    paymentUrl,
    ajaxUrl: tr.ajaxUrl,
    updateHeaderPrice: setting(general, 'update-header-price', 'enable') === 'enable',
    date: selected ? dateControlFor(tr, dates, selected) : undefined,
    blocks: fields ?? [],
    hidden: temp ? carriedHiddenFields(temp, formFieldNames(fields ? bookingBlocksHtml(fields).value : '')) : [],
  });
  // Guests on a site with accounts are asked to log in, or to go on as a guest (booking.md §7.2).
  if (tr.user || setting(general, 'enable-membership', 'enable') !== 'enable') return { form };
  const recaptcha = setting(general, 'enable-recaptcha', 'disable') === 'enable';
  const login = loginForm2({
    siteUrl: tr.site.siteUrl,
    redirectTo: paymentUrl,
    registerUrl: withArgs(specialPageUrlFrom(tr, 'register'), { redirect: 'payment' }, tr.req.originalUrl),
    ...(setting(general, 'enable-guest-booking', 'enable') === 'enable' ? { continueUrl: paymentUrl } : {}),
    ...(recaptcha
      ? { recaptchaLoginUrl: withArgs(specialPageUrlFrom(tr, 'login'), { redirect: 'payment' }, tr.req.originalUrl) }
      : {}),
  });
  return {
    form,
    proceedLightbox: lightbox(
      'proceed-without-login',
      'Proceed Booking',
      setting(general, 'login-lightbox-style', 'style-1'),
      login,
    ),
  };
}

/**
 * The fields fragment for the selected date (booking.md §3), as `tourmaster_tour_booking` answers
 * it at step 1: the carried values, or the date's default package. A date whose booking has closed
 * shows the same notice the action gives.
 */
async function fieldsFor(
  tr: TourRequest,
  date: string,
  carried: Record<string, string | string[]> | undefined,
): Promise<BookingBlock[]> {
  const { tour, general } = tr;
  const entry = findDateEntry(tour.option, date);
  if (!entry) return noticeBlocks(DATE_NOT_OFFERED_MESSAGE);
  const values: BookingDetail = carried ?? { package: defaultPackageTitle(entry) };
  return bookingFieldsBlocks(tr.ctx.deps.wp, {
    tour,
    general,
    entry,
    date,
    values,
    step: '1',
    nowLocal: tr.nowLocal,
    now: tr.ctx.now,
    user: tr.user,
  });
}

/** The enquiry form (engagement.md §1), pre-filled from a logged-in visitor's user metas. */
async function enquiryFormFor(tr: TourRequest): Promise<SafeHtml> {
  const fields = enquiryFields(tr.single('tourmaster-enquiry-form-fields'), tr.general);
  // The plugin pre-fills the form with the logged-in visitor's user metas named like the fields.
  const values = tr.user
    ? await userMetas(
        tr.ctx,
        tr.user.user.id,
        fields.map((f) => f.slug),
      )
    : undefined;
  return renderEnquiryForm({
    tourId: tr.tour.id,
    fields,
    ...(values ? { values } : {}),
    ajaxUrl: tr.ajaxUrl,
    termsUrl: pageOptionUrl(tr, tr.general['register-term-of-service-page']),
    privacyUrl: pageOptionUrl(tr, tr.general['register-privacy-statement-page']),
  });
}

/** The wish-list button: a login lightbox for guests; for customers, saved or not (engagement.md §2). */
async function wishListFor(tr: TourRequest): Promise<WishListButton> {
  if (!tr.user) {
    const recaptcha = setting(tr.general, 'enable-recaptcha', 'disable') === 'enable';
    return {
      kind: 'guest',
      lightboxStyle: setting(tr.general, 'login-lightbox-style', 'style-1'),
      login: loginForm2({
        siteUrl: tr.site.siteUrl,
        redirectTo: tr.req.originalUrl,
        registerUrl: withArgs(specialPageUrlFrom(tr, 'register'), { redirect: String(tr.tour.id) }, tr.req.originalUrl),
        ...(recaptcha
          ? {
              recaptchaLoginUrl: withArgs(
                specialPageUrlFrom(tr, 'login'),
                { redirect: String(tr.tour.id) },
                tr.req.originalUrl,
              ),
            }
          : {}),
      }),
    };
  }
  return (await isInWishList(tr.ctx, tr.user.user.id, tr.tour.id))
    ? { kind: 'saved' }
    : { kind: 'add', ajaxUrl: tr.ajaxUrl, tourId: tr.tour.id };
}
