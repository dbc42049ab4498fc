import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../http/deps';
import { readRawBody } from '../http/raw-body';
import { parsePhpQuery } from '../php/form-body';
import { isPaymentPage } from '../services/payment/payment-page-route';
import { bookingDetailInput } from '../tourmaster/booking-detail';
import { BOOKING_DETAIL_COOKIE, encodeBookingDetailCookie } from '../tourmaster/booking-detail-cookie';
import { setCookieHeader } from '../wp/set-cookie';

const BAD_FORM = 'This booking form could not be read. Please go back to the tour and choose again.';

/**
 * The booking bar's form posts to the payment page (payment.md §1): the page keeps the posted
 * booking in the `tourmaster-booking-detail` cookie and answers a 302 to itself, so a reload never
 * re-posts. The payment page is the page named by the `payment-page` setting, or, when that is empty,
 * any URL with `?tourmaster-payment`.
 */
export function paymentHandoff(deps: AppDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST') return next();
    try {
      if (!(await isPaymentPage(deps, req.path, req.query))) return next();
      const text = (await readRawBody(req, deps.config.maxBodyBytes)).toString('utf8');
      const fields = /^application\/x-www-form-urlencoded/i.test(req.get('content-type') ?? '')
        ? parsePhpQuery(text)
        : {};
      if (Object.keys(fields).length === 0) return next();
      const posted = bookingDetailInput.safeParse(fields);
      // A form no booking bar posts (fields too long, nested too deep) is refused, not stored.
      if (!posted.success) return void res.status(400).type('text').send(BAD_FORM);
      res.status(302);
      res.setHeader('Content-Type', 'text/html; charset=UTF-8');
      res.setHeader('Expires', 'Tue, 01 Jan 2000 00:00:00 GMT');
      res.setHeader('Last-Modified', new Date().toUTCString());
      res.setHeader('Cache-Control', ['no-store, no-cache, must-revalidate, max-age=0', 'post-check=0, pre-check=0']);
      res.setHeader('Pragma', 'no-cache');
      res.setHeader(
        'Set-Cookie',
        setCookieHeader(
          { name: BOOKING_DETAIL_COOKIE, value: encodeBookingDetailCookie(posted.data), path: '/', secure: req.secure },
          new Date(),
        ),
      );
      res.setHeader('X-Redirect-By', 'WordPress');
      res.setHeader('Location', req.originalUrl);
      res.end();
    } catch (err) {
      next(err);
    }
  };
}
