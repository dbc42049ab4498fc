/**
 * flatpickr as a chunk of its own (about 15 KB gzipped), imported by the booking calendar when the
 * visitor first reaches for it (BookingForm/DateField.tsx), not with the page.
 */
export { default } from 'flatpickr';
