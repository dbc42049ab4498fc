import type { OrderRefusal, OrderRefused } from '../../services/booking/types';
import { RestError } from '../errors';

/** Each reason a booking service refuses, as the API says it: status and a code naming the reason. */
const REFUSALS: Readonly<Record<OrderRefusal, [number, string]>> = {
  INVALID: [400, 'tourmaster_invalid_booking'],
  CLOSED: [409, 'tourmaster_date_closed'],
  FULL: [409, 'tourmaster_sold_out'],
  LIMIT: [400, 'tourmaster_traveller_limit'],
  COUPON: [400, 'tourmaster_invalid_coupon'],
  NOT_FOUND: [404, 'rest_booking_invalid_id'],
  NOT_OWNER: [403, 'rest_forbidden'],
  CONFLICT: [409, 'rest_idempotency_conflict'],
};

/** The WordPress-shaped error of a refused booking or quote, with the site's own sentence. */
export function refusalError(refused: OrderRefused): RestError {
  const [status, code] = REFUSALS[refused.reason];
  return new RestError(status, code, refused.message);
}
