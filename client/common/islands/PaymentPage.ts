import * as z from 'zod/mini';
import { checkedLater } from './checked-later';
import { FieldOption, formFieldSchema } from './form-field';
import { SidebarProps } from './payment-sidebar';
import type { CompleteProps, PaymentStepProps } from './payment-step';
import type { StripeFormProps } from './stripe-form';

/**
 * The PaymentPage island's typed props (payment.md §2–§3): which step the page is at and, at the
 * contact step, the contact step's forms as data, so the island renders them with React and
 * react-hook-form. Written by the server beside the marker on our payment page and as the top-level
 * `props` of our `tourmaster_payment_template` replies; read from the legacy markup by
 * client/islands/PaymentPage/adapter.ts where WordPress rendered the page or answered.
 * Pure: imported by the server's views and by the island.
 */

export { FieldOption };

/**
 * A contact or billing field (form-field.ts): `name` is the input's name (`email`, `billing_email`),
 * `slug` the custom field's; `contactDetail` is the contact field a billing field copies ("the same
 * as contact details").
 */
export const FormFieldProps = z.object({
  ...formFieldSchema.shape,
  slug: z.string(),
  contactDetail: z.optional(z.string()),
});
export type FormFieldProps = z.infer<typeof FormFieldProps>;

/** An additional traveller field (`traveller_{slug}[]`): a text input or a select whose first option is its title. */
export const TravellerFieldProps = z.object({
  slug: z.string(),
  title: z.string(),
  select: z.boolean(),
  required: z.boolean(),
  options: z.array(FieldOption),
  /** The CSS width of a field printed in its own floated box ('' when none). */
  width: z.string(),
});
export type TravellerFieldProps = z.infer<typeof TravellerFieldProps>;

/** One traveller row: its values (`title` and `passport` when the form asks them; `extra` in `fields` order). */
export const TravellerRowProps = z.object({
  required: z.boolean(),
  title: z.optional(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  passport: z.optional(z.string()),
  extra: z.array(z.string()),
});
export type TravellerRowProps = z.infer<typeof TravellerRowProps>;

/** TRAVELLER-FORM (payment.md §2.2). */
export const TravellerFormProps = z.object({
  /** Group pricing with no one in the group prints no heading. */
  heading: z.boolean(),
  withTitle: z.boolean(),
  withPassport: z.boolean(),
  fields: z.array(TravellerFieldProps),
  rows: z.array(TravellerRowProps),
});
export type TravellerFormProps = z.infer<typeof TravellerFormProps>;

/** The error box's sentences (its `data-default`, `data-email` and `data-phone`). */
export const ContactMessages = z.object({ default: z.string(), email: z.string(), phone: z.string() });
export type ContactMessages = z.infer<typeof ContactMessages>;

/** Step 2: TRAVELLER-FORM and CONTACT-FORM. `error` is the server's refusal of step 3, shown in the box. */
export const ContactStepProps = z.object({
  travellers: z.optional(TravellerFormProps),
  contact: z.array(FormFieldProps),
  billing: z.array(FormFieldProps),
  notes: z.string(),
  messages: ContactMessages,
  error: z.optional(z.string()),
});
export type ContactStepProps = z.infer<typeof ContactStepProps>;

/**
 * What the island renders from data: the step, `contact` at the contact step, `payment` at the
 * payment step, `complete` once the booking is done, and the `sidebar` beside them (absent where
 * the reply has no sidebar, e.g. a refusal of a booking that could not be priced). The payment
 * step's and the completion's parts are checked by the payment step's module (its schemas:
 * payment-step.ts), which renders them, so the contact step's page does not carry their schemas.
 */
export const PaymentPageProps = z.object({
  step: z.number(),
  contact: z.optional(ContactStepProps),
  payment: z.optional(checkedLater<PaymentStepProps>()),
  complete: z.optional(checkedLater<CompleteProps>()),
  sidebar: z.optional(SidebarProps),
  /** The Stripe card form's data (stripe-form.ts `StripeFormProps`), beside its markup in `content`. */
  stripe: z.optional(checkedLater<StripeFormProps>()),
});
export type PaymentPageProps = z.infer<typeof PaymentPageProps>;

/** The traveller titles of the select, value → label (TRAVELLER-FORM). */
export const TRAVELLER_TITLES: readonly FieldOption[] = [
  { value: 'mr', label: 'Mr' },
  { value: 'mrs', label: 'Mrs' },
  { value: 'ms', label: 'Ms' },
  { value: 'miss', label: 'Miss' },
  { value: 'master', label: 'Master' },
];

export type { CompleteProps } from './payment-step';
export type { StripeFormProps } from './stripe-form';
