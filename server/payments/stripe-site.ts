import { createHmac } from 'node:crypto';

/**
 * This installation's mark on its PaymentIntents (`metadata.site`, and part of the idempotency
 * key). Order ids alone do not tell installations apart: staging and production, or a restored
 * copy of the database, often share one Stripe account and the same `tid`s, and one site's
 * succeeded PaymentIntent (or webhook) must never pay the other's booking. A short HMAC of the
 * home URL under the site's AUTH salt: stable for a site, different between sites (a copy with
 * the same salts but another URL differs too), and not guessable from the URL alone.
 */
export function stripeSiteId(homeUrl: string, authSalt: string): string {
  const home = homeUrl.trim().replace(/\/+$/, '').toLowerCase();
  return createHmac('sha256', authSalt).update(`tourmaster-stripe|${home}`).digest('hex').slice(0, 16);
}
