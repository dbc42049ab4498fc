import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../http/deps';
import { pageContext } from '../http/page-context';
import { phpInt } from '../php/coerce';
import {
  GUEST_ORDER_ELSEWHERE,
  ORDER_NOT_FOUND,
  ORDER_OF_ANOTHER_CUSTOMER,
  orderOfVisitor,
} from '../services/booking/ownership';
import { isPaymentPage } from '../services/payment/payment-page-route';
import { orderRefusedPage } from '../views/payment/order-refused';

/**
 * The payment page with `?tid=N` ("pay an existing order", the PayPal return URL) shows an order's
 * contact and traveller details and re-prices it. The legacy page did so for anyone who guessed a
 * guest order's number (DEFECTS.md 8). Here only the order's owner gets past this guard; everyone
 * else gets a clear refusal and no detail of the order.
 */
export function paymentOrderGuard(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.query.tid === undefined) return next();
    try {
      if (!(await isPaymentPage(deps, req.path, req.query))) return next();
      const own = await orderOfVisitor(pageContext(req, deps), phpInt(req.query.tid));
      if (own.ok) return next();
      const [status, message] =
        own.reason === 'not-found'
          ? [404, ORDER_NOT_FOUND]
          : own.guestOrder
            ? [403, GUEST_ORDER_ELSEWHERE]
            : [403, `${ORDER_OF_ANOTHER_CUSTOMER} Please log in with the account that made it.`];
      res
        .status(status)
        .set({
          'Content-Type': 'text/html; charset=UTF-8',
          'Cache-Control': 'no-store, no-cache, must-revalidate, max-age=0',
        })
        .send(orderRefusedPage(message).toString());
    } catch (err) {
      next(err);
    }
  };
}
