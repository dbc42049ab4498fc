import { z } from 'zod';
import { isEmpty, phpFloat, phpInt, str } from '../../php/coerce';
import { type TourRules, tourRules } from '../../services/booking/tour-rules';
import { paymentPlan } from '../../tourmaster/deposit';
import { Money } from '../../tourmaster/money';
import { paymentMethods } from '../../tourmaster/payment-page';
import { phpMoney } from '../../tourmaster/pricing-settings';
import { RestError } from '../errors';
import { defineRoute } from '../route';
import { amount, tourIdParam } from './availability';
import { dateRuleJson, dateRulesJson } from './tour-detail-json';
import { tourLinks, tourLinksJson } from './tour-links';

const decimal = z.string().regex(/^-?\d+\.\d{2}$/);

const tourJson = z.object({
  id: z.number().int().describe("The tour's post id."),
  title: z.string().describe('The title as stored.'),
  slug: z.string(),
  link: z.string().describe("The tour's page."),
  currency: z.string().describe('ISO 4217 code of every amount.'),
  booking: z.object({
    form: z
      .enum(['booking', 'enquiry', 'both', 'none'])
      .describe('What the tour page offers: the booking form, the enquiry form, both, or neither.'),
    external_url: z.string().nullable().describe('Bookings are taken on this site instead (the page links to it).'),
    payment_methods: z
      .array(z.string())
      .describe('As configured: booking (pay later), paypal, credit-card, hipayprofessional, woocommerce.'),
    tour_type: z.enum(['single', 'multiple']).describe('A one-day tour, or a multiple-day one.'),
    date_selection: z.enum(['calendar', 'date-list']).describe("The booking form's date picker."),
    book_in_advance_months: z
      .number()
      .int()
      .nullable()
      .describe(
        'Dates are offered up to the start of the month this many months after the current one; null: no limit.',
      ),
    last_minute_booking_hours: z
      .number()
      .nullable()
      .describe("Bookings close this many hours before a date's start time; null: at the start."),
    min_people_per_booking: z.number().nullable().describe("The tour's default (a package may set its own)."),
    max_people_per_booking: z.number().nullable().describe("The tour's default (a package may set its own)."),
  }),
  tax: z.object({
    rate: decimal.describe('Percent added to the price ("0.00": none).'),
    included_in_price: z.boolean().describe('Configured prices include the tax (it is taken out, then added).'),
  }),
  deposit: z.object({
    allowed: z.boolean().describe('A booking may pay a deposit first.'),
    percents: z.array(decimal).describe("Each instalment, percent of the total (the tour's, else the site's)."),
    until_days_before_travel: z.number().int().describe('Deposits are offered until this many days before the date.'),
    full_payment_allowed: z.boolean(),
  }),
  services: z
    .array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        price: decimal.describe('Price of one unit, as configured (see `tax`).'),
        per: z.string().describe('person, group, room or unit: what the price is multiplied by.'),
        mandatory: z.boolean(),
      }),
    )
    .describe('Extra services a booking may add.'),
  group_discounts: z
    .array(
      z.object({
        min_travellers: z.number().describe('From this many travellers …'),
        percent: decimal.nullable().describe('… this percent off the total, or …'),
        amount: decimal.nullable().describe('… this amount off.'),
      }),
    )
    .describe('The largest row reached applies.'),
  date_rules: z.array(dateRuleJson).describe("The tour's dates and their prices, by rule."),
  links: tourLinksJson,
});

/**
 * `GET /wp-json/tourmaster/v1/tours/{id}`: one published tour with its packages, prices and rules,
 * read by the booking's own domain code (services/booking/tour-rules.ts, tourmaster/). An id that
 * names no published tour is WordPress's `rest_post_invalid_id` 404.
 */
export const tourRoute = defineRoute({
  method: 'get',
  path: '/tours/:id',
  summary: 'One published tour: its packages, prices per traveller kind, dates and booking rules.',
  tag: 'tours',
  auth: 'public',
  input: z.object({ id: tourIdParam }),
  response: tourJson,
  cacheControl: 'public, max-age=60',
  async handle({ id }, ctx) {
    const rules = await tourRules(ctx, id);
    if (!rules) throw new RestError(404, 'rest_post_invalid_id', 'Invalid post ID.');
    return tourDetailJson(rules);
  },
});

function tourDetailJson(rules: TourRules): z.infer<typeof tourJson> {
  const { tour, site } = rules;
  return {
    id: tour.id,
    title: tour.title,
    slug: tour.slug,
    link: `${site.homeUrl}/tour/${tour.slug}/`,
    currency: rules.currency,
    booking: bookingJson(rules),
    tax: {
      rate: amount(phpMoney(rules.pricing.taxRate)) ?? '0.00',
      included_in_price: rules.pricing.includedTaxInPrice,
    },
    deposit: depositJson(rules),
    services: rules.services.map((s) => ({
      id: s.id,
      title: s.title,
      price: amount(phpMoney(s.option.price)) ?? '0.00',
      per: str(s.option.per),
      mandatory: s.option.mandatory === 'enable',
    })),
    group_discounts: tour.option['group-discount'].map((row) => ({
      min_travellers: phpFloat(row['traveller-number']),
      percent: row.discount.includes('%') ? amount(phpMoney(row.discount)) : null,
      amount: row.discount.includes('%') ? null : amount(phpMoney(row.discount)),
    })),
    date_rules: dateRulesJson(rules),
    links: tourLinks(site.homeUrl, tour.id),
  };
}

const nullableNumber = (value: string) => (isEmpty(value) ? null : phpFloat(value));

function bookingJson(rules: TourRules): z.infer<typeof tourJson>['booking'] {
  const { option, meta } = rules.tour;
  const form = str(option['form-settings']) || 'booking';
  const external = str(option['link-proceed-booking-to-external-url']).trim();
  return {
    form: form === 'enquiry' || form === 'both' || form === 'none' ? form : 'booking',
    external_url: external || null,
    payment_methods: paymentMethods(option, rules.settings.payment).methods,
    tour_type: option['tour-type'] === 'multiple' ? 'multiple' : 'single',
    date_selection: str(option['date-selection-type']) === 'date-list' ? 'date-list' : 'calendar',
    book_in_advance_months: isEmpty(meta.bookInAdvance) ? null : phpInt(meta.bookInAdvance),
    last_minute_booking_hours: isEmpty(option['last-minute-booking'])
      ? null
      : phpFloat(str(option['last-minute-booking'])),
    min_people_per_booking: nullableNumber(meta.minPeoplePerBooking),
    max_people_per_booking: nullableNumber(meta.maxPeoplePerBooking),
  };
}

/** The deposit rules as the payment plan reads them (the tour's `deposit-booking`, else the site's). */
function depositJson(rules: TourRules): z.infer<typeof tourJson>['deposit'] {
  const today = rules.nowLocal.slice(0, 10);
  // The instalments do not depend on the total or the date: a plan of any booking lists them.
  const plan = paymentPlan({
    option: rules.tour.option,
    settings: rules.pricing,
    paymentInfos: [],
    total: Money.of(100),
    today,
    travelDate: today,
  });
  const percents = plan.depositPercent.map((p) => amount(phpMoney(p)) ?? '0.00');
  return {
    allowed: percents.length > 0 && !rules.pricing.enableWoocommercePayment,
    percents,
    until_days_before_travel: rules.pricing.displayDepositPaymentDay,
    full_payment_allowed: rules.pricing.enableFullPayment,
  };
}
