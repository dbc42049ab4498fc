/**
 * The built-in texts of the payment page's error boxes, for a box that lacks its data attribute
 * (`data-default`, `data-email`, `data-phone`; the terms box's `data-default`). A module of its own:
 * the page's controller and the adapter need them without the contact step's checks.
 */
export const DEFAULT_MESSAGES: Readonly<Record<'default' | 'email' | 'phone' | 'terms', string>> = {
  default: 'Please fill all required fields.',
  email: 'Invalid E-Mail, please try again.',
  phone: 'Invalid phone number, please try again.',
  terms: 'Please agree to all the terms and conditions before proceeding to the next step.',
};
