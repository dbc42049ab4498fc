import type { RequestHandler } from 'express';
import type { AppDeps } from '../http/deps';
import { paymentHandoff } from './payment-handoff';
import { paymentOrderGuard } from './payment-order-guard';

/**
 * Every route outside admin-ajax, in the order they are tried: an explicit list, like the action
 * registry. A route that does not own a request calls next(); the rest is the 404 page.
 */
export function pageRoutes(deps: AppDeps): RequestHandler[] {
  return [paymentHandoff(deps), paymentOrderGuard(deps)];
}
