import { z } from 'zod';
import { formFields } from '../../php/form-input';
import { sendEnquiry } from '../../services/enquiry/send-enquiry';
import { type AjaxReply, defineAction } from '../action';

/** The tour page's enquiry form (engagement.md §1): services/enquiry/send-enquiry.ts. Replies `{status, message}`. */
export const tourmaster_send_enquiry_form = defineAction({
  name: 'tourmaster_send_enquiry_form',
  access: 'both',
  input: z.looseObject({ data: formFields.optional() }),
  handle: (input, ctx) => sendEnquiry(ctx, input),
  reply: (result): AjaxReply => ({ kind: 'json', body: { status: result.status, message: result.message } }),
});
