/**
 * Every island the client knows: where it mounts (a selector that also matches pages WordPress
 * rendered), how its code is loaded (one lazy chunk each) and when (STYLE.md §2.6). Islands are
 * added here as the funnel is built.
 */
export interface IslandEntry {
  name: string;
  selector: string;
  when: 'load' | 'idle' | 'visible';
  /** `mount` may finish later (a module it fetches first): the island is ready when it has. */
  load: () => Promise<{ mount: (element: HTMLElement) => (() => void) | undefined | Promise<() => void> }>;
}

export const islands: readonly IslandEntry[] = [
  // Tour page (also on pages WordPress rendered: the legacy markup is the marker).
  {
    name: 'BookingBar',
    selector: '#tourmaster-tour-booking-bar-wrap',
    when: 'load',
    load: () => import('./BookingBar/index'),
  },
  {
    name: 'BookingForm',
    selector: 'form#tourmaster-single-tour-booking-fields[data-ajax-url]',
    when: 'load',
    load: () => import('./BookingForm/BookingForm'),
  },
  {
    name: 'EnquiryForm',
    selector: 'form.tourmaster-enquiry-form[data-ajax-url]',
    when: 'load',
    load: () => import('./EnquiryForm/EnquiryForm'),
  },
  {
    name: 'WishListButton',
    selector: '.tourmaster-save-wish-list',
    when: 'idle',
    load: () => import('./WishListButton/index'),
  },
  {
    name: 'UrgencyMessage',
    selector: '.tourmaster-urgency-message',
    when: 'idle',
    load: () => import('./UrgencyMessage/index'),
  },
  {
    name: 'ReadMore',
    selector: '.tourmaster-single-tour-read-more-wrap',
    when: 'idle',
    load: () => import('./ReadMore/index'),
  },
  { name: 'Reviews', selector: '.tourmaster-single-review', when: 'visible', load: () => import('./Reviews/index') },
  // Payment page (ours, or WordPress's: the template wrapper with its ajax URL is the marker).
  {
    name: 'PaymentPage',
    selector: '#tourmaster-payment-template-wrapper[data-ajax-url]',
    when: 'load',
    load: () => import('./PaymentPage/PaymentPage'),
  },
  // The page shell (server/views/page-shell.tsx): the menu's sidebar below 1000 px, the header's
  // search overlay and the back-to-top button.
  { name: 'MobileMenu', selector: '[data-mobile-menu]', when: 'load', load: () => import('./MobileMenu/index') },
  { name: 'HeaderSearch', selector: '[data-header-search]', when: 'load', load: () => import('./HeaderSearch/index') },
  { name: 'ScrollToTop', selector: '[data-scroll-to-top]', when: 'idle', load: () => import('./ScrollToTop/index') },
  // Anywhere: the plugin's cloned-content lightboxes, image galleries, confirm links, the star input.
  { name: 'Lightbox', selector: '[data-tmlb]', when: 'load', load: () => import('./Lightbox/index') },
  {
    name: 'LightboxGallery',
    selector:
      'a.gdlr-core-lightgallery[href], a[data-lightbox-group][href], .wp-block-gallery a[href], .gallery .gallery-item a[href]',
    when: 'idle',
    load: () => import('./Lightbox/gallery'),
  },
  { name: 'ConfirmDialog', selector: 'a[data-confirm]', when: 'load', load: () => import('./ConfirmDialog/index') },
  // The account page's section picker on phones.
  {
    name: 'AccountNav',
    selector: '.tourmaster-user-mobile-navigation select',
    when: 'load',
    load: () => import('./AccountNav/index'),
  },
  // Visible only: the hidden review-form templates are not mounted, their lightbox copies are.
  {
    name: 'RatingInput',
    selector: '.tourmaster-review-form-rating',
    when: 'visible',
    load: () => import('./RatingInput/index'),
  },
  // The posts index (ours, or the theme's WordPress rendered): the next pages appended on scroll.
  {
    name: 'BlogInfiniteScroll',
    selector: 'body.blog .traveltour-content-area',
    when: 'idle',
    load: () => import('./BlogInfiniteScroll/index'),
  },
  // Page-builder sliders and carousels (WordPress's `.gdlr-core-flexslider`, our `[data-slider]`).
  {
    name: 'Slider',
    selector: '.gdlr-core-flexslider, [data-slider]',
    when: 'visible',
    load: () => import('./Slider/index'),
  },
  // Section background videos: never downloaded on phones (client/islands/BackgroundVideo).
  {
    name: 'BackgroundVideo',
    selector: '.gdlr-core-pbf-background-video, [data-background-video]',
    when: 'idle',
    load: () => import('./BackgroundVideo/index'),
  },
  // Tour lists (search page, list sections): the list element is the marker, as its filterer,
  // order filterer, cards and ajax pages or load more are one state; lists without them are left be.
  {
    name: 'ListSection',
    selector: '.tourmaster-tour-item',
    when: 'load',
    load: () => import('./ListSection/index'),
  },
  // The tour search form: its fields (date calendar, stars, type filter, "Clear Filter") drawn by
  // React inside the plugin's form, which still submits them as a plain GET.
  {
    name: 'SearchForm',
    selector: '.tourmaster-tour-search-item form, .tourmaster-tour-search-wrap form',
    when: 'load',
    load: () => import('./SearchForm/index'),
  },
  // The search page's "Filters" button on phones: the filter box folds behind it (search.css).
  {
    name: 'SearchFilters',
    selector: 'button.dropin-search-filters-toggle[aria-controls]',
    when: 'load',
    load: () => import('./SearchFilters/index'),
  },
  // Accounts: the register form's terms rule (register page and Sign Up lightbox), the three-select
  // date (birth date and date fields), the profile picture preview, a booking's payments, the
  // invoice's Print button, the logged-in top bar's menu, and unit amounts with a maximum.
  {
    name: 'RegisterForm',
    selector: 'form.tourmaster-register-form',
    when: 'load',
    load: () => import('./RegisterForm/index'),
  },
  { name: 'DateSelect', selector: '.tourmaster-date-select', when: 'load', load: () => import('./DateSelect/index') },
  {
    name: 'ProfileImage',
    selector: '.tourmaster-edit-profile-avatar',
    when: 'idle',
    load: () => import('./ProfileImage/index'),
  },
  {
    name: 'DepositItems',
    selector: '.tourmaster-deposit-item',
    when: 'load',
    load: () => import('./DepositItems/index'),
  },
  { name: 'Invoice', selector: '.tourmaster-print', when: 'idle', load: () => import('./Invoice/index') },
  {
    name: 'TopBarMenu',
    selector: '.tourmaster-user-top-bar.tourmaster-user',
    when: 'load',
    load: () => import('./TopBarMenu/index'),
  },
  // Every page of ours: the footer's "Cookie settings" button (server/pages/layout.tsx). The stored
  // decision is applied at once (attribution, embeds); the banner's library loads only to ask.
  {
    name: 'CookieConsent',
    selector: 'button[data-cookie-consent]',
    when: 'load',
    load: () => import('./CookieConsent/index'),
  },
];
