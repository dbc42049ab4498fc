import { type BookingBarProps, STICKY_MIN_WIDTH } from '../../../client/common/islands/BookingBar';
import type { BookingBlock, BookingFormProps, DateControlProps } from '../../../client/common/islands/BookingForm';
import type { WishListButtonProps } from '../../../client/common/islands/WishListButton';
import { bookingBlocksHtml } from '../booking-fields';
import { escUrl, html, raw, type SafeHtml } from '../html';
import { islandProps } from '../island-props';
import { loginFormMarkup } from '../login-form';
import { lightbox } from '../top-bar';
import { type HeaderPrice, tourPriceWrap } from './price';

/**
 * The single tour page's booking bar as the plugin prints it (booking.md §2, engagement.md §1–2,
 * §7): the price header, the booking form (date control, the fields fragment of
 * views/booking-fields.ts, carried-over values), the guest's "Proceed Booking" login lightbox, the
 * Booking/Enquiry tabs, the wish-list button and the view count. Class names, ids and data
 * attributes are the ones the booking islands and the legacy script bind to.
 */

export type { HeaderPrice } from './price';

/** The price header (the price wrap of price.ts with its info icon, on the "Price" ribbon). */
export function headerPrice(price: HeaderPrice): SafeHtml {
  return html`<div class="tourmaster-header-price tourmaster-item-mglr" ><div class="tourmaster-header-price-ribbon" >Price</div><div class="tourmaster-header-price-wrap" ><div class="tourmaster-header-price-overlay" ></div>${tourPriceWrap(
    price,
    { withInfo: true },
  )}</div></div>`;
}

/** How the visitor picks a date (booking.md §2 DATE-CONTROL). */
export type DateControl =
  /** One bookable date: shown as text, posted as a hidden field. */
  | { kind: 'single'; date: string; label: string }
  /** The calendar (`date-selection-type` calendar): the bookable dates as JSON for the datepicker. */
  | {
      kind: 'calendar';
      dates: readonly string[];
      selected: string;
      format: string;
      range: string;
      /** Our availability API for the calendar's marks (the island's props only; the markup stays the plugin's). */
      availability?: { url: string; showRemaining: boolean };
    }
  /** A select of the dates (`date-selection-type` date-list). */
  | { kind: 'list'; dates: readonly { value: string; label: string }[]; selected: string };

export function dateControl(control: DateControl): SafeHtml {
  switch (control.kind) {
    case 'single':
      return html`<div class="tourmaster-tour-booking-date-display" >${control.label}</div><input type="hidden" name="tour-date" value="${control.date}" />`;
    case 'calendar':
      return html`<div class="tourmaster-datepicker-wrap" ><input type="text" class="tourmaster-datepicker" readonly value="${control.selected}" data-date-format="${control.format}" data-tour-range="${control.range}" data-tour-date="${JSON.stringify(
        control.dates,
      )}"/><input type="hidden" name="tour-date" class="tourmaster-datepicker-alt" /></div>`;
    case 'list':
      return html`<div class="tourmaster-combobox-wrap tourmaster-tour-date-combobox" ><select name="tour-date">${control.dates.map(
        (d) => html`<option value="${d.value}" ${d.value === control.selected && 'selected'} >${d.label}</option>`,
      )}</select></div>`;
  }
}

export const NOT_AVAILABLE_MESSAGE = 'The tour is not available yet.';

/** A carried-over value re-posted as it came (booking.md §7.4): `name` or `name[]` per element. */
export interface HiddenField {
  name: string;
  value: string;
}

export interface BookingFormInput {
  tourId: number;
  /** `{payment page}`: where the form posts. */
  paymentUrl: string;
  ajaxUrl: string;
  /** `update-header-price` is `enable`. */
  updateHeaderPrice: boolean;
  /** The date control, or undefined when the tour has no bookable date. */
  date: DateControl | undefined;
  /** The fields for the selected date (views/booking-fields.ts). */
  blocks: readonly BookingBlock[];
  hidden: readonly HiddenField[];
}

/** The booking island's props (client/common/islands/BookingForm.ts): what the form below prints. */
export function bookingFormProps(input: BookingFormInput): BookingFormProps {
  return {
    tourId: String(input.tourId),
    headPrice: input.updateHeaderPrice,
    date: input.date ? dateControlProps(input.date) : null,
    blocks: input.date ? [...input.blocks] : [{ kind: 'notice', message: NOT_AVAILABLE_MESSAGE }],
    hidden: input.hidden.map((h) => ({ name: h.name, value: h.value })),
  };
}

function dateControlProps(control: DateControl): DateControlProps {
  switch (control.kind) {
    case 'single':
      return { ...control };
    case 'calendar':
      return {
        ...control,
        dates: [...control.dates],
        range: tourRange(control.range),
        ...(control.availability ? { availability: { ...control.availability } } : {}),
      };
    case 'list':
      return { ...control, dates: control.dates.map((d) => ({ ...d })) };
  }
}

/** `data-tour-range`: the days highlighted from the chosen date (1 for what is no count). */
export const tourRange = (range: string): number => Math.max(1, Number.parseInt(range, 10) || 1);

export function bookingForm(input: BookingFormInput): SafeHtml {
  const props = bookingFormProps(input);
  const classes = `tourmaster-single-tour-booking-fields${input.updateHeaderPrice ? ' tourmaster-update-header-price' : ''} tourmaster-form-field tourmaster-with-border`;
  return html`<form class="${classes}" method="post" action="${escUrl(input.paymentUrl)}" id="tourmaster-single-tour-booking-fields" data-ajax-url="${escUrl(input.ajaxUrl)}" >${islandProps('BookingForm', props)}<input type="hidden" name="tour-id" value="${input.tourId}" />${
    input.date &&
    html`<div class="tourmaster-tour-booking-date clearfix" data-step="1" ><i class="fa fa-calendar" ></i><div class="tourmaster-tour-booking-date-input" >${dateControl(input.date)}</div></div>`
  }${bookingBlocksHtml(props.blocks)}${input.hidden.map((h) => html`<input type="hidden" name="${h.name}" value="${h.value}" />`)}</form>`;
}

export interface LoginForm2Input {
  siteUrl: string;
  /** After login: the payment page (booking) or the current page (wish list). */
  redirectTo: string;
  /** The register page with `?redirect=payment|{tour id}`. */
  registerUrl: string;
  /** "Or Continue As Guest" to the payment page (`enable-guest-booking`), when allowed. */
  continueUrl?: string;
  /** `enable-recaptcha`: a link to the login page instead of the fields. */
  recaptchaLoginUrl?: string;
}

/** Login form 2 (engagement.md §4.1): the booking bar's and wish list's lightbox content. */
export function loginForm2(input: LoginForm2Input): SafeHtml {
  const fields = input.recaptchaLoginUrl
    ? html`<a class="tourmaster-button" href="${escUrl(input.recaptchaLoginUrl)}" >Login</a>`
    : loginFormMarkup({ variant: 'booking', siteUrl: input.siteUrl, redirectTo: input.redirectTo });
  return html`<div class="tourmaster-login-form2-wrap clearfix" >
${fields}
<div class="tourmaster-login2-right" >
	<h3 class="tourmaster-login2-right-title" >Don&#039;t have an account? Create one.</h3>
	<div class="tourmaster-login2-right-content" >
		<div class="tourmaster-login2-right-description" >When you book with an account, you will be able to track your payment status, track the confirmation and you can also rate the tour after you finished the tour.</div>
		<a class="tourmaster-button tourmaster-register-button" href="${escUrl(input.registerUrl)}" >Sign Up</a>
	</div>
	${
    input.continueUrl &&
    html`		<h3 class="tourmaster-login2-right-title" >Or Continue As Guest</h3>
		<a class="tourmaster-button tourmaster-continue-button" href="${escUrl(input.continueUrl)}" >Continue As Guest</a>
	`
  }</div>
</div>
`;
}

/** The wish-list button (engagement.md §2) for a guest (login lightbox), a visitor who saved the tour, or one who has not. */
export type WishListButton =
  | { kind: 'guest'; lightboxStyle: string; login: SafeHtml }
  | { kind: 'saved' }
  | { kind: 'add'; ajaxUrl: string; tourId: number };

const WISH_LABEL = 'Save To Wish List';
const WISH_ICONS = raw(
  `<span class="tourmaster-save-wish-list-icon-wrap" ><i class="tourmaster-icon-active fa fa-heart" ></i><i class="tourmaster-icon-inactive fa fa-heart-o" ></i></span>${WISH_LABEL}`,
);

/** The button's island props (client/common/islands/WishListButton.ts), written as its marker's first child. */
export function wishListButtonProps(button: WishListButton): WishListButtonProps {
  switch (button.kind) {
    case 'guest':
      return { label: WISH_LABEL, button: { kind: 'guest', lightbox: 'wish-list-login' } };
    case 'saved':
      return { label: WISH_LABEL, button: { kind: 'saved' } };
    case 'add':
      return { label: WISH_LABEL, button: { kind: 'add', ajaxUrl: button.ajaxUrl, tourId: String(button.tourId) } };
  }
}

export function wishListButton(button: WishListButton): SafeHtml {
  const props = islandProps('WishListButton', wishListButtonProps(button));
  switch (button.kind) {
    case 'guest':
      return html`<div class="tourmaster-save-wish-list" data-tmlb="wish-list-login" >${props}${WISH_ICONS}</div>${lightbox(
        'wish-list-login',
        'Adding item to wishlist requires an account',
        button.lightboxStyle,
        button.login,
      )}`;
    case 'saved':
      return html`<div class="tourmaster-save-wish-list tourmaster-active" >${props}${WISH_ICONS}</div>`;
    case 'add':
      return html`<div class="tourmaster-save-wish-list" id="tourmaster-save-wish-list" data-ajax-url="${escUrl(button.ajaxUrl)}" data-tour-id="${button.tourId}" >${props}${WISH_ICONS}</div>`;
  }
}

/** The bar's bottom row: the wish-list button and the view count. */
export function bookingBottom(wish: WishListButton, views: number): SafeHtml {
  return html`<div class="tourmaster-booking-bottom clearfix" >${wishListButton(wish)}<div class="tourmaster-view-count" ><i class="fa fa-eye" ></i><span class="tourmaster-view-count-text" >${views}</span></div></div>`;
}

/** What the bar holds, per `form-settings` (booking.md §2, engagement.md §1). */
export type BookingBarBody =
  /** `booking`: the form, and for guests the "Proceed Booking" lightbox. */
  | { kind: 'booking'; form: SafeHtml; proceedLightbox?: SafeHtml }
  /** `both`: the Booking Form / Enquiry Form tabs. */
  | { kind: 'both'; form: SafeHtml; proceedLightbox?: SafeHtml; enquiry: SafeHtml }
  /** `enquiry`: the enquiry form only. */
  | { kind: 'enquiry'; enquiry: SafeHtml }
  /** An external booking URL (`link-proceed-booking-to-external-url`). */
  | { kind: 'referral'; url: string };

export interface BookingBarInput {
  price: HeaderPrice | undefined;
  body: BookingBarBody;
  bottom: SafeHtml;
}

function enquiryWrap(form: SafeHtml): SafeHtml {
  return html`<div class="tourmaster-tour-booking-enquiry-wrap" >${form}</div>`;
}

/**
 * The inside of `div.tourmaster-tour-booking-bar-container` (the page prints the container): the
 * anchor the sticky script measures and `#tourmaster-tour-booking-bar-wrap`.
 */
export function bookingBarInner(input: BookingBarInput): SafeHtml {
  const { body } = input;
  let inner: SafeHtml;
  switch (body.kind) {
    case 'booking':
      inner = html`${body.form}${body.proceedLightbox}`;
      break;
    case 'both':
      inner = html`<div class="tourmaster-booking-tab-title clearfix" id="tourmaster-booking-tab-title" >${tabTitles(bookingBarProps(body))}</div><div class="tourmaster-booking-tab-content" data-tourmaster-tab="enquiry" >${enquiryWrap(
        body.enquiry,
      )}</div><div class="tourmaster-booking-tab-content tourmaster-active" data-tourmaster-tab="booking" >${body.form}${body.proceedLightbox}</div>`;
      break;
    case 'enquiry':
      inner = enquiryWrap(body.enquiry);
      break;
    case 'referral':
      inner = html`<div class="tourmaster-single-tour-booking-referral" ><a class="tourmaster-button" href="${escUrl(body.url)}" target="_blank" rel="noopener" >Book Now</a></div>`;
      break;
  }
  return html`<div class="tourmaster-tour-booking-bar-container-inner" ><div class="tourmaster-tour-booking-bar-anchor tourmaster-item-mglr" ></div><div class="tourmaster-tour-booking-bar-wrap tourmaster-item-mglr" id="tourmaster-tour-booking-bar-wrap" >${islandProps(
    'BookingBar',
    bookingBarProps(body),
  )}<div class="tourmaster-tour-booking-bar-outer" >${
    input.price && headerPrice(input.price)
  }<div class="tourmaster-tour-booking-bar-inner" >${inner}${input.bottom}</div></div></div></div>`;
}

/** The booking bar island's props (client/common/islands/BookingBar.ts): the tabs it prints. */
export function bookingBarProps(body: BookingBarBody): BookingBarProps {
  const tabs =
    body.kind === 'both'
      ? [
          { tab: 'booking', title: 'Booking Form' },
          { tab: 'enquiry', title: 'Enquiry Form' },
        ]
      : [];
  return { stickyMinWidth: STICKY_MIN_WIDTH, tabs, active: tabs[0]?.tab ?? '' };
}

function tabTitles({ tabs, active }: BookingBarProps): SafeHtml[] {
  return tabs.map(
    ({ tab, title }) =>
      html`<div class="tourmaster-booking-tab-title-item${tab === active ? ' tourmaster-active' : ''}" data-tourmaster-tab="${tab}" >${title}</div>`,
  );
}

/** The urgency message (engagement.md §6). */
export function urgencyMessage(count: number): SafeHtml {
  return html`<div class="tourmaster-urgency-message" id="tourmaster-urgency-message" data-expire="86400" ><i class="tourmaster-urgency-message-icon fa fa-users" ></i><div class="tourmaster-urgency-message-text" >${count} travellers are considering this tour right now!</div></div>`;
}
