import * as z from 'zod/mini';

/** `form.tourmaster-enquiry-form[data-ajax-url][data-action][data-validate-error]` (engagement.md §1). */
export const enquiryProps = z.object({
  ajaxUrl: z.string().check(z.minLength(1)),
  action: z._default(z.string().check(z.regex(/^[a-z_]+$/)), 'tourmaster_send_enquiry_form'),
  validateError: z._default(z.string(), 'Please fill all required fields.'),
});
