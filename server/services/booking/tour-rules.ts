import { postTitles } from '../../data/posts';
import { loadServiceOptions } from '../../data/services';
import { loadBookingContext } from '../../data/tours';
import { readPaypalSettings } from '../../payments/paypal-settings';
import type { LocalDateTime } from '../../tourmaster/dates';
import { type PricingSettings, readPricingSettings } from '../../tourmaster/pricing-settings';
import type { ServiceOption } from '../../tourmaster/services';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import type { Site } from '../../wp/site';
import { siteLocalTime } from '../../wp/site-time';
import type { RequestContext } from '../context';

/**
 * One published tour with what its booking rules read (the public API's single tour): the tour as
 * the booking form and the price engine type it (data/tours.ts `loadBookingContext`), the plugin's
 * settings, its additional services, the site's currency and local time.
 */
export interface TourRules {
  tour: Tour;
  settings: TourmasterSettings;
  pricing: PricingSettings;
  /** The tour's `tour-service` posts that are published services, in the tour's order. */
  services: { id: number; title: string; option: ServiceOption }[];
  currency: string;
  nowLocal: LocalDateTime;
  site: Site;
}

/** Undefined when no published tour with booking settings has this id (as the booking refuses it). */
export async function tourRules(ctx: RequestContext, tourId: number): Promise<TourRules | undefined> {
  const { tour, settings } = await loadBookingContext(ctx.wp, tourId);
  if (!tour) return undefined;
  const ids = tour.option['tour-service'];
  const [options, titles, site] = await Promise.all([
    loadServiceOptions(ctx.wp, ids),
    postTitles(ctx.wp, ids),
    ctx.site(),
  ]);
  const services = [...new Set(ids)].flatMap((id) => {
    const option = options.get(id);
    return option ? [{ id: Number(id), title: titles.get(id) ?? '', option }] : [];
  });
  return {
    tour,
    settings,
    pricing: readPricingSettings(settings.general, settings.payment),
    services,
    // The site charges in PayPal's configured currency (the only currency setting Tour Master has).
    currency: readPaypalSettings(settings.payment).currencyCode,
    nowLocal: siteLocalTime(ctx.now, settings),
    site,
  };
}
