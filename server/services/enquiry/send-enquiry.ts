import { getMeta } from '../../data/meta';
import { getOptions } from '../../data/options';
import { getPost } from '../../data/posts';
import { hitRateLimit } from '../../data/rate-limit';
import { mailAddress } from '../../mail/mailer';
import { isEmpty, phpInt, str } from '../../php/coerce';
import type { FormRecord } from '../../php/form-input';
import { isEmail } from '../../tourmaster/custom-fields';
import { ENQUIRY_ACCEPTANCE_FIELD, ENQUIRY_HONEYPOT_FIELD, enquiryFields } from '../../tourmaster/enquiry-fields';
import { isTooLong, readableName, textLimit, tooLongMessage } from '../../tourmaster/text-limits';
import { ENQUIRY_ACCEPTANCE_ERROR, ENQUIRY_VALIDATE_ERROR } from '../../views/enquiry-form';
import type { RequestContext } from '../context';
import { renderEnquiryMails, sendEnquiryMails } from './mails';

export const ENQUIRY_SENT = 'Your enquiry has been sent. Thank you!';
export const ENQUIRY_INVALID_EMAIL = 'Invalid Email Address';
export const ENQUIRY_UNKNOWN_TOUR = 'This tour is not available for enquiries. Please refresh the page.';
export const ENQUIRY_TOO_MANY =
  'You have sent several enquiries in a short time. Please wait an hour before sending another one.';
export const ENQUIRY_NOT_SENT =
  'Sorry, your enquiry could not be sent right now. Please try again later or contact us by e-mail or phone.';

/** Per address and hour: enquiries from one IP address, and to one visitor e-mail. */
export const ENQUIRY_LIMITS = {
  perIp: { bucket: 'enquiry-ip', limit: 5, windowSeconds: 3600 },
  perEmail: { bucket: 'enquiry-email', limit: 3, windowSeconds: 3600 },
} as const;

export type EnquiryResult = { status: 'success' | 'failed'; message: string };

const failed = (message: string): EnquiryResult => ({ status: 'failed', message });

/** `data[...]` as text: nested lists (names ending in `[]`) joined with ", ". */
function postedData(value: FormRecord | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value ?? {})) {
    if (v !== undefined) out[key] = typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : '';
  }
  return out;
}

/**
 * The tour page's enquiry form (engagement.md §1): checks what the page checks, on the server
 * (a valid e-mail, the acceptance box, the required fields of the tour's enquiry form, in the
 * plugin's words), then mails the site and a copy to the visitor. Replies `{status, message}`.
 *
 * Differences from the legacy handler (DEFECTS.md 14): it answers success only when the site's mail
 * went out (no sender configured or a mail failure is a failure, honestly); the mails escape what
 * the visitor typed; a hidden trap field (`tourmaster-enquiry-website`) filled in by a robot gets a
 * success reply and no mail; at most 5 enquiries an hour per IP address and 3 per e-mail address;
 * the tour must be a published tour.
 */
export async function sendEnquiry(
  ctx: RequestContext,
  input: { data?: FormRecord | undefined },
): Promise<EnquiryResult> {
  const data = postedData(input.data);
  if (!isEmpty(data[ENQUIRY_HONEYPOT_FIELD])) {
    ctx.log.info({ ip: ctx.ip }, 'enquiry trap field filled: answered as sent, nothing mailed');
    return { status: 'success', message: ENQUIRY_SENT };
  }
  const email = data['email-address'] ?? '';
  if (isEmpty(email) || !isEmail(email) || mailAddress(email) !== email) return failed(ENQUIRY_INVALID_EMAIL);

  const tourId = /^\d{1,15}$/.test((data['tour-id'] ?? '').trim()) ? phpInt(data['tour-id']) : 0;
  const tour = tourId > 0 ? await getPost(ctx.wp, tourId) : undefined;
  if (tour?.type !== 'tour' || tour.status !== 'publish') return failed(ENQUIRY_UNKNOWN_TOUR);

  const [options, metaFields, adminContent, customerContent, site] = await Promise.all([
    getOptions(ctx.wp, ['tourmaster_general']),
    getMeta(ctx.wp, 'post', tourId, 'tourmaster-enquiry-form-fields'),
    getMeta(ctx.wp, 'post', tourId, 'tourmaster-enquiry-form-mail-content-admin'),
    getMeta(ctx.wp, 'post', tourId, 'tourmaster-enquiry-form-mail-content-customer'),
    ctx.site(),
  ]);
  const stored = options.get('tourmaster_general');
  const general =
    stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};

  const acceptance = data[ENQUIRY_ACCEPTANCE_FIELD];
  if (acceptance === undefined || isEmpty(acceptance)) return failed(ENQUIRY_ACCEPTANCE_ERROR);
  const fields = enquiryFields(metaFields, general);
  for (const field of fields) {
    if (field.required && (data[field.slug] ?? '').trim() === '') return failed(ENQUIRY_VALIDATE_ERROR);
  }
  // FIX (DEVIATIONS.md 95): every field bounded; the legacy form mailed any length.
  for (const [slug, value] of Object.entries(data)) {
    const field = fields.find((f) => f.slug === slug);
    const limit = textLimit(slug, field?.type);
    if (isTooLong(value, limit)) return failed(tooLongMessage(field?.title || readableName(slug), limit));
  }

  const byIp = await hitRateLimit(ctx.wp, { ...ENQUIRY_LIMITS.perIp, subject: ctx.ip || 'unknown' }, ctx.now);
  if (!byIp.allowed) return failed(ENQUIRY_TOO_MANY);
  const byEmail = await hitRateLimit(ctx.wp, { ...ENQUIRY_LIMITS.perEmail, subject: email }, ctx.now);
  if (!byEmail.allowed) return failed(ENQUIRY_TOO_MANY);

  const mails = renderEnquiryMails({
    data,
    email,
    tour: { title: tour.title, url: `${site.homeUrl}/tour/${tour.slug}/` },
    general,
    tourAdminContent: str(adminContent),
    tourCustomerContent: str(customerContent),
    now: ctx.now,
  });
  const report = await sendEnquiryMails(ctx.deps.mailer, mails);
  for (const err of report.errors) ctx.log.error({ err, tourId }, 'enquiry mail not sent');
  if (!report.delivered) {
    if (report.reason === 'no-sender')
      ctx.log.warn({ tourId }, 'enquiry not sent: option system-email-address is not set');
    return failed(ENQUIRY_NOT_SENT);
  }
  return { status: 'success', message: ENQUIRY_SENT };
}
