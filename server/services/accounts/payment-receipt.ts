import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../core/config';
import { recordReceiptOfCustomer } from '../../data/order-receipt';
import { getOrder } from '../../data/orders';
import { loadBookingContext } from '../../data/tours';
import { paymentInfoList } from '../../payments/payment-info';
import type { UploadedFile } from '../../php/form-body';
import type { PhpValue } from '../../php/values';
import { normalizePaymentInfos, paymentPlan } from '../../tourmaster/deposit';
import type { Money } from '../../tourmaster/money';
import type { TourOrder } from '../../tourmaster/order';
import { phpMoney, readPricingSettings } from '../../tourmaster/pricing-settings';
import type { TourmasterSettings } from '../../tourmaster/settings';
import type { Tour } from '../../tourmaster/tour-option';
import { siteLocalTime, utcDate } from '../../wp/site-time';
import { notifyOrder } from '../booking/notify';
import type { RequestContext } from '../context';
import { AVATAR_MAX_BYTES, sniffImage } from './avatar';

/**
 * A customer's bank-transfer receipt for their own order (engagement.md §5 item 5, payment.md §4 and
 * §6, the plugin's single/user/user-update.php): the file is stored, a `payment_info` entry
 * `{payment_method: receipt, transaction_id, amount | deposit_rate + deposit_price, local_url,
 * file_url, submission_date, payment_status: pending}` appended, the order set to
 * `receipt-submitted`, and `receipt-submission-mail` / `admin-payment-submitted-mail` sent. The
 * legacy took any file by its name and any id; here the bytes decide the type, the size is capped
 * (the site's upload limit, as for profile pictures), and only the owner's order in a status that
 * offers the form is changed (DEVIATIONS.md 99).
 */

/** The largest receipt taken: the upload limit of the account forms' multipart reader. */
export const RECEIPT_MAX_BYTES = AVATAR_MAX_BYTES;

/** The longest transaction id kept (the form's own `maxlength` is 100). */
export const TRANSACTION_ID_MAX = 200;

export const RECEIPT_URL_PREFIX = '/dropin-uploads/tourmaster-receipt/';

export const RECEIPT_MESSAGES = {
  submitted:
    'Your payment receipt has been submitted. Please wait for the verification process: this could take up to a couple of days.',
  missingTransactionId: 'Please fill all required fields: the transaction ID is required.',
  transactionIdTooLong: `The transaction ID is too long (at most ${TRANSACTION_ID_MAX} characters).`,
  missingFile: 'Please select the receipt (a picture or a PDF) to upload.',
  tooBig: `The receipt is too big. Please choose a file of at most ${RECEIPT_MAX_BYTES / 1024 / 1024} MB.`,
  wrongType: 'Please choose a JPG, PNG, GIF or WebP picture, or a PDF, of your receipt.',
  failed: 'The receipt could not be uploaded. Please try again.',
  notFound: 'This booking could not be found.',
  notTaken: 'A payment receipt cannot be submitted for this booking now (it may have been submitted already).',
  nothingDue: 'There is nothing left to pay on this booking.',
} as const;

export type ReceiptType = { ext: 'png' | 'jpg' | 'gif' | 'webp' | 'pdf'; mime: string };

/** The receipt type its bytes announce (the profile pictures' image types, WebP, PDF), or undefined. */
export function sniffReceipt(data: Buffer): ReceiptType | undefined {
  const image = sniffImage(data);
  if (image) return image;
  if (data.length >= 16 && data.subarray(0, 4).toString('latin1') === 'RIFF') {
    return data.subarray(8, 12).toString('latin1') === 'WEBP' ? { ext: 'webp', mime: 'image/webp' } : undefined;
  }
  if (data.length >= 8 && data.subarray(0, 5).toString('latin1') === '%PDF-')
    return { ext: 'pdf', mime: 'application/pdf' };
  return undefined;
}

export type ReceiptUpload =
  | { ok: true; file: UploadedFile; type: ReceiptType }
  | { ok: false; message: string; status: number };

/** What the posted `receipt` part holds: a file to store, or why it is refused. */
export function checkReceiptUpload(entry: UploadedFile | UploadedFile[] | undefined): ReceiptUpload {
  const file = Array.isArray(entry) ? entry[0] : entry;
  if (!file || file.error === 4 || (file.error === 0 && file.size === 0)) {
    return { ok: false, message: RECEIPT_MESSAGES.missingFile, status: 400 };
  }
  if (file.error === 1 || file.error === 2 || file.size > RECEIPT_MAX_BYTES) {
    return { ok: false, message: RECEIPT_MESSAGES.tooBig, status: 413 };
  }
  if (file.error !== 0) return { ok: false, message: RECEIPT_MESSAGES.failed, status: 400 };
  const type = sniffReceipt(file.data);
  if (!type) return { ok: false, message: RECEIPT_MESSAGES.wrongType, status: 415 };
  return { ok: true, file, type };
}

/** Where the receipts are kept: under the data folder, one folder per order. */
export function receiptDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads', 'tourmaster-receipt');
}

/**
 * Writes the file under a fresh random name (`wx`: an existing file is never overwritten) and
 * returns the plugin's `local_url` (the path on disk) and `file_url`.
 */
async function storeReceipt(
  config: Pick<Config, 'dataDir'>,
  homeUrl: string,
  orderId: number,
  upload: Extract<ReceiptUpload, { ok: true }>,
): Promise<{ local_url: string; file_url: string }> {
  const dir = path.join(receiptDir(config), String(orderId));
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${upload.type.ext}`;
  const file = path.join(dir, name);
  await writeFile(file, upload.file.data, { mode: 0o644, flag: 'wx' });
  return { local_url: file, file_url: `${homeUrl}${RECEIPT_URL_PREFIX}${orderId}/${name}` };
}

/**
 * What a receipt may pay (`tourmaster_get_price_settings` for the order, as the plugin's lightbox
 * offers it): the remaining amount in full when full payment is enabled, the next deposit
 * (its percent and amount) when one is offered.
 */
export interface ReceiptChoices {
  full?: Money;
  deposit?: { percent: number; amount: Money };
}

export function receiptChoices(
  order: Pick<TourOrder, 'paymentInfo' | 'status' | 'totalPrice' | 'travelDate'>,
  tour: Pick<Tour, 'option'>,
  settings: Pick<TourmasterSettings, 'general' | 'payment'>,
  now: Date,
): ReceiptChoices {
  const plan = paymentPlan({
    option: tour.option,
    settings: readPricingSettings(settings.general, settings.payment),
    paymentInfos: normalizePaymentInfos(order.paymentInfo, order.status ?? ''),
    total: phpMoney(order.totalPrice ?? 0),
    today: utcDate(now),
    travelDate: order.travelDate,
  });
  const choices: ReceiptChoices = {};
  if (plan.fullPayment && plan.fullPaymentAmount && !plan.fullPaymentAmount.isZero())
    choices.full = plan.fullPaymentAmount;
  if (plan.depositPayment && plan.nextDepositPercent && plan.nextDepositAmount && !plan.nextDepositAmount.isZero()) {
    choices.deposit = { percent: plan.nextDepositPercent, amount: plan.nextDepositAmount };
  }
  return choices;
}

/** The order's receipt choices, its tour and settings read (the booking page's lightbox). */
export async function receiptChoicesFor(
  ctx: Pick<RequestContext, 'wp' | 'now'>,
  order: TourOrder,
): Promise<ReceiptChoices> {
  const { tour, settings } = await loadBookingContext(ctx.wp, order.tourId);
  return tour ? receiptChoices(order, tour, settings, ctx.now) : {};
}

export interface ReceiptPost {
  orderId: number;
  /** `payment-type`: `partial` asks for the next deposit, anything else the full remaining amount. */
  paymentType: string;
  transactionId: string;
  upload: UploadedFile | UploadedFile[] | undefined;
}

export type ReceiptOutcome = { ok: true; order: TourOrder } | { ok: false; message: string; status: number };

export async function submitPaymentReceipt(
  ctx: RequestContext,
  userId: number,
  post: ReceiptPost,
): Promise<ReceiptOutcome> {
  const transactionId = post.transactionId.trim();
  if (transactionId === '') return { ok: false, message: RECEIPT_MESSAGES.missingTransactionId, status: 400 };
  if ([...transactionId].length > TRANSACTION_ID_MAX) {
    return { ok: false, message: RECEIPT_MESSAGES.transactionIdTooLong, status: 400 };
  }
  const upload = checkReceiptUpload(post.upload);
  if (!upload.ok) return upload;

  // The order is read here only to find its tour; owner and status are checked again under lock.
  const before = await getOrder(ctx.wp, post.orderId);
  if (!before || before.userId !== userId) return { ok: false, message: RECEIPT_MESSAGES.notFound, status: 404 };
  const { tour, settings } = await loadBookingContext(ctx.wp, before.tourId);
  if (!tour) return { ok: false, message: RECEIPT_MESSAGES.notFound, status: 404 };

  const site = await ctx.site();
  const stored = await storeReceipt(ctx.deps.config, site.homeUrl, post.orderId, upload);
  const at = siteLocalTime(ctx.now, settings);
  let submitted: Record<string, unknown> | undefined;
  const result = await recordReceiptOfCustomer(ctx.wp, {
    orderId: post.orderId,
    userId,
    at,
    entries: (order) => {
      const infos = paymentInfoList(order.paymentInfo, order.status);
      const choice = receiptChoices(order, tour, settings, ctx.now);
      const entry: Record<string, unknown> = { payment_method: 'receipt', transaction_id: transactionId };
      if (choice.deposit && (post.paymentType === 'partial' || !choice.full)) {
        entry.deposit_rate = choice.deposit.percent;
        entry.deposit_price = choice.deposit.amount.toNumber();
      } else if (choice.full) {
        entry.amount = choice.full.toNumber();
      } else {
        return undefined;
      }
      Object.assign(entry, stored, { submission_date: at, payment_status: 'pending' });
      submitted = entry;
      infos.push(entry);
      return infos as PhpValue;
    },
  });
  if (!result.ok) {
    await rm(stored.local_url, { force: true }).catch(() => undefined);
    ctx.log.info({ orderId: post.orderId, userId, reason: result.reason }, 'payment receipt refused');
    if (result.reason === 'not-taken') return { ok: false, message: RECEIPT_MESSAGES.notTaken, status: 409 };
    if (result.reason === 'nothing-due') return { ok: false, message: RECEIPT_MESSAGES.nothingDue, status: 409 };
    return { ok: false, message: RECEIPT_MESSAGES.notFound, status: 404 };
  }
  ctx.log.info({ orderId: post.orderId, userId }, 'payment receipt submitted');
  const entry = submitted ?? {};
  await notifyOrder(
    ctx,
    {
      type: 'receipt-submitted',
      payment: {
        method: 'receipt',
        submissionDate: at,
        transactionId,
        amount: phpMoney(entry.amount ?? entry.deposit_price ?? 0),
      },
    },
    result.order,
    tour,
  );
  return { ok: true, order: result.order };
}
