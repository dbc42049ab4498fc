/**
 * Every island the client knows: where it mounts (a selector that also matches pages WordPress
 * rendered), how its code is loaded (one lazy chunk each) and when (STYLE.md §2.6). Islands are
 * added here as the funnel is built.
 */
export interface IslandEntry {
  name: string;
  selector: string;
  when: 'load' | 'idle' | 'visible';
  load: () => Promise<{ mount: (element: HTMLElement) => (() => void) | undefined }>;
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
  // The page shell (server/pages/layout.tsx): the menu's sidebar below 1000 px and the back-to-top button.
  { name: 'MobileMenu', selector: '[data-mobile-menu]', when: 'load', load: () => import('./MobileMenu/index') },
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
  // Visible only: the hidden review-form templates are not mounted, their lightbox copies are.
  {
    name: 'RatingInput',
    selector: '.tourmaster-review-form-rating, .tourmaster-tour-search-field-rating',
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
];
