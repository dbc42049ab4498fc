import * as z from 'zod/mini';
import { exactly } from './lean-schemas';
import { termsSentenceSchema } from './terms-sentence';

/**
 * The payment step (step 3, payment.md §2.2) as data: SERVICE-FORM, the contact and traveller
 * details the visitor gave (pure content, printed by the server), and style-1's METHOD-BLOCK.
 * server/views/payment/payment-step-props.ts builds it and the server's HTML is printed from it;
 * client/islands/PaymentPage/adapter.ts reads WordPress's markup into it. Pure.
 */

/** The terms box of the payment step (style-1's method block and style-2's side box). */
export const TermsProps = z.object({
  termsUrl: z.string(),
  privacyUrl: z.string(),
  /** The words around the two links, as the page printed them. */
  sentence: termsSentenceSchema,
  /** The error box's sentence (its `data-default`). */
  message: z.string(),
});
export type TermsProps = z.infer<typeof TermsProps>;

/** A card logo under the card button (`{images}/{type}.png`). */
export const CardImage = z.object({ src: z.string(), alt: z.string() });
export type CardImage = z.infer<typeof CardImage>;

/**
 * SIDE-METHOD (style-2 at step 3): the payment box at the end of the sidebar. `choices` are the
 * online methods of its select (value = the `type` sent); WooCommerce's button replaces them.
 */
export const SideMethodProps = z.object({
  cardTypes: z.array(CardImage),
  terms: TermsProps,
  woocommerce: z.boolean(),
  choices: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type SideMethodProps = z.infer<typeof SideMethodProps>;

/**
 * A service of SERVICE-FORM: `per` as the option has it (the `tourmaster-type-{per}` class),
 * `perLabel` ("Person", "Group", "Room") where the price is per one of them, `unit` where the
 * visitor types an amount (with `maxUnit` its maximum); a `mandatory` one is always chosen.
 */
export const ServiceItemProps = z.object({
  id: z.string(),
  title: z.string(),
  price: z.string(),
  per: z.string(),
  perLabel: z.optional(z.string()),
  unit: z.boolean(),
  amount: z.string(),
  maxUnit: z.optional(z.string()),
  chosen: z.boolean(),
  mandatory: z.boolean(),
});
export type ServiceItemProps = z.infer<typeof ServiceItemProps>;

/** The online gateways of METHOD-BLOCK: the images' folder, each gateway's fee sentence ('' for none). */
export const GatewaysProps = z.object({
  imagesUrl: z.string(),
  woocommerce: z.boolean(),
  /** PayPal's image (not with PayPal's JS SDK, whose buttons go in `paypalSdk`'s container). */
  paypal: z.optional(z.object({ feeText: z.string() })),
  /** `gateway` is the card button's `type` (stripe, authorize). */
  card: z.optional(z.object({ gateway: z.string(), feeText: z.string(), cardTypes: z.array(CardImage) })),
  hipay: z.boolean(),
});
export type GatewaysProps = z.infer<typeof GatewaysProps>;

/**
 * "Book and pay later" (or "Book now via email", "Book Now"): a step-4 button, or where guests
 * must log in first, a button opening a lightbox with `login`'s title and the login page's URL.
 */
export const BookLaterProps = z.object({
  label: z.string(),
  login: z.optional(z.object({ title: z.string(), url: z.string() })),
});
export type BookLaterProps = z.infer<typeof BookLaterProps>;

/**
 * METHOD-BLOCK (style-1): `layout` the wrap's class (two online methods or more, none, or one),
 * the title, the bank-transfer note (logged-in visitors who may pay later), the terms box, PayPal's
 * JS SDK container, the gateways (none while an admin must approve first), "OR", and book-later.
 */
export const MethodBlockProps = z.object({
  layout: exactly('', 'both', 'none'),
  title: z.string(),
  bankTransferNote: z.boolean(),
  terms: TermsProps,
  paypalSdk: z.optional(z.object({ feeText: z.string() })),
  gateways: z.optional(GatewaysProps),
  or: z.boolean(),
  bookLater: z.optional(BookLaterProps),
});
export type MethodBlockProps = z.infer<typeof MethodBlockProps>;

/**
 * Step 3's content: `services` where the tour offers services (its box is printed even when none
 * of them exists any more), `details` the contact and traveller details as the server printed them
 * (HTML, pure content), `methods` style-1's payment methods (style-2's are in the sidebar).
 */
export const PaymentStepProps = z.object({
  services: z.optional(z.array(ServiceItemProps)),
  details: z.string(),
  methods: z.optional(MethodBlockProps),
});
export type PaymentStepProps = z.infer<typeof PaymentStepProps>;

/**
 * COMPLETE ("Booking Completed!", payment.md §2.2): its message's lines (printed with a line break
 * between them, each with the spaces the plugin printed around it), the button (the account page or
 * the home page) and the admin's bottom text (option `payment-complete-bottom-text`, HTML, '' when none).
 */
export const CompleteProps = z.object({
  lines: z.array(z.string()),
  button: z.object({ url: z.string(), label: z.string() }),
  bottomText: z.string(),
  /** "Your booking" (ours): the order's details and links, server-rendered HTML (views/payment/confirmation.ts). */
  confirmation: z.optional(z.string()),
});
export type CompleteProps = z.infer<typeof CompleteProps>;
