import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppDeps } from '../../http/deps';
import { pageContext } from '../../http/page-context';
import { readRawBody } from '../../http/raw-body';
import { handleStripeWebhook } from '../../services/payment/stripe-webhook';

/** Stripe's events are small; a larger body is not Stripe's. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * `POST /wp-json/tourmaster/v1/stripe/webhook`: the raw body (the signature is over its bytes, so
 * nothing may parse it first) and `Stripe-Signature`, handed to services/payment/stripe-webhook.ts.
 */
export function stripeWebhookHandler(deps: AppDeps): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const payload = await readRawBody(req, Math.min(MAX_WEBHOOK_BYTES, deps.config.maxBodyBytes));
      const answer = await handleStripeWebhook(pageContext(req, deps), payload, req.get('stripe-signature'));
      res.status(answer.status).set('Cache-Control', 'no-store').json(answer.body);
    } catch (err) {
      next(err);
    }
  };
}
