import { z } from 'zod';
import { completeInput, loadGeneralSettings } from '../../services/payment/page-data';
import { paymentComplete } from '../../views/payment/complete';
import { defineAction } from '../action';

/**
 * The gateway forms' last step (payment.md §3.4): the completion message, and `cookie: ''` so the
 * script clears the booking detail. Nothing changes here; the gateway's own callback set the status.
 */
export const tourmaster_payment_plugin_complete = defineAction({
  name: 'tourmaster_payment_plugin_complete',
  access: 'both',
  input: z.looseObject({}),
  async handle(_input, ctx): Promise<string> {
    return paymentComplete(await completeInput(ctx, await loadGeneralSettings(ctx))).value;
  },
  reply: (content) => ({ kind: 'json', body: { cookie: '', content } }),
});
