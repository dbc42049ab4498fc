import type { FormBody } from '../../http/form-body';
import { str } from '../../php/coerce';
import { RECEIPT_MESSAGES, submitPaymentReceipt } from '../../services/accounts/payment-receipt';
import { PROFILE_MESSAGES, postedText } from '../../services/accounts/profile-form';
import { updateNotice } from '../../views/account/common';
import { addQueryArg, removeQueryArg } from '../../views/account/urls';
import type { SafeHtml } from '../../views/html';
import type { AccountRequest } from './context';

/** The nonce action of the "Submit Payment Receipt" form (ours: the legacy form had none, auth.md §5). */
export const RECEIPT_NONCE_ACTION = 'tourmaster-payment-receipt';
export const RECEIPT_NONCE_FIELD = 'security';

/** The query argument the redirect after a taken receipt carries, so the page can say so once. */
const SUBMITTED_ARG = 'receipt-submitted';

/**
 * `POST ?page_type=my-booking&sub_page=single&id=N` with `action=payment-receipt`: with our nonce,
 * the receipt is taken (services/accounts/payment-receipt.ts) and the browser sent back to the
 * booking with a success notice (a reload does not post again); otherwise the booking page with
 * the reason and nothing written.
 */
export async function postPaymentReceipt(
  a: AccountRequest,
  body: FormBody,
): Promise<{ redirect: string } | { failure: string; status: number }> {
  if (!(await a.ctx.verifyNonce(body.fields[RECEIPT_NONCE_FIELD], RECEIPT_NONCE_ACTION))) {
    a.ctx.log.info({ userId: a.user.user.id }, 'payment receipt refused: nonce');
    return { failure: PROFILE_MESSAGES.sessionExpired, status: 403 };
  }
  const orderId = Number(postedText(body.fields, 'id').trim());
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return { failure: RECEIPT_MESSAGES.notFound, status: 404 };
  const outcome = await submitPaymentReceipt(a.ctx, a.user.user.id, {
    orderId,
    paymentType: postedText(body.fields, 'payment-type'),
    transactionId: postedText(body.fields, 'transaction-id'),
    upload: body.files.receipt,
  });
  if (!outcome.ok) return { failure: outcome.message, status: outcome.status };
  return { redirect: addQueryArg(removeQueryArg(a.requestUri, ['error_code', SUBMITTED_ARG]), { [SUBMITTED_ARG]: 1 }) };
}

/** The notice of the page the browser was sent to after a taken receipt. */
export function successNotice(a: AccountRequest, pageType: string, subPage: string): SafeHtml | '' {
  if (pageType !== 'my-booking' || subPage !== 'single' || str(a.req.query[SUBMITTED_ARG]) !== '1') return '';
  return updateNotice('success', [RECEIPT_MESSAGES.submitted]);
}
