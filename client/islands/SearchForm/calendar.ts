/**
 * flatpickr and its stylesheet, one chunk loaded when the visitor first reaches for the search
 * form's date (as the booking calendar is, BookingForm/DateField.tsx).
 */
import 'flatpickr/dist/flatpickr.min.css';

export { default } from '../../lib/flatpickr';
