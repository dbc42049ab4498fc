import type { NextFunction, Request, Response } from 'express';
import { getOrder } from '../data/orders';
import type { AppDeps } from '../http/deps';
import { visitorFor } from '../http/visitor';
import { phpInt } from '../php/coerce';
import { ownsOrder } from '../services/booking/ownership';
import { decodeCookieValue, findRawCookie } from '../wp/auth-cookie';
import { isPaymentPage } from './payment-handoff';

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
      if (!(await isPaymentPage(req, deps))) return next();
      const tid = phpInt(req.query.tid);
      const order = tid > 0 ? await getOrder(deps.wp, tid) : undefined;
      const visitor = visitorFor(req, deps, { adminAjax: false });
      const cookie = (name: string) => {
        const wire = findRawCookie(req.headers.cookie, name);
        return wire === undefined ? undefined : decodeCookieValue(wire);
      };
      if (!order || order.status === 'cancel') return refuse(res, 404, 'This booking could not be found.');
      if (!(await ownsOrder({ wp: deps.wp, deps, user: visitor.user, cookie }, order))) {
        return refuse(
          res,
          403,
          'This booking belongs to another customer. Please log in with the account that made it.',
        );
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

function refuse(res: Response, status: number, message: string): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'no-store, no-cache, must-revalidate, max-age=0',
    })
    .send(
      `<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><meta name="robots" content="noindex"><title>Booking</title></head><body><div class="tourmaster-tour-booking-error">${message}</div><p><a href="/">Go to the home page</a></p></body></html>`,
    );
}
