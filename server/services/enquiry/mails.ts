import { addressList, headerText, type Mailer, type MailMessage, mailAddress } from '../../mail/mailer';
import { isEmpty, isSet, str } from '../../php/coerce';
import { escapeHtml } from '../../views/html';
import { mailLayout, option } from '../../views/mail-layout';

/**
 * The enquiry mails (engagement.md §1, the plugin's `tourmaster_ajax_send_enquiry_form`): one to
 * the site, one copy to the visitor, in the plugin's HTML mail layout, From
 * `{system-email-name} <{system-email-address}>`.
 *
 * - Site mail: to option `admin-email-address` (a comma-separated list is allowed), else to
 *   `system-email-address` itself (the legacy site sent nothing when the admin address was empty,
 *   so enquiries were lost); Reply-To the visitor; subject option `admin-enquiry-mail-title`, body the
 *   tour's meta `tourmaster-enquiry-form-mail-content-admin` else option `admin-enquiry-mail-content`
 *   (the plugin's texts below when the site never saved them).
 * - Visitor copy: to the visitor; subject option `enquiry-mail-title`, body the tour's meta
 *   `tourmaster-enquiry-form-mail-content-customer` else option `enquiry-mail-content`; not sent
 *   when either is empty (as the plugin).
 * - Placeholders: `{<posted field>}` → the posted value, `{tour-name}` → the tour's linked title.
 *
 * Differences from the legacy mails, on purpose: every posted value is HTML-escaped (the plugin
 * pasted the visitor's HTML into the mail); placeholders are replaced in one pass, so a visitor's
 * text cannot expand into another placeholder; subjects and names lose line breaks and addresses
 * must each be one valid address, so no header can be injected; `{tour-name}` in a subject is the
 * plain title (the plugin put the whole link in the subject).
 */

export const DEFAULT_ADMIN_ENQUIRY_TITLE = 'You received a new enquiry';
export const DEFAULT_ADMIN_ENQUIRY_CONTENT =
  'Dear Admin,\n\nYou received a new enquiry from {tour-name}\n\nFrom: {full-name}\n\nEmail: {email-address} \n\nMessage: {your-enquiry}\n\n';

export interface EnquiryMailInput {
  /** The posted fields (`data[...]`), values as text. */
  data: Readonly<Record<string, string>>;
  /** The visitor's address (already checked). */
  email: string;
  tour: { title: string; url: string };
  /** `tourmaster_general`. */
  general: Readonly<Record<string, unknown>>;
  /** The tour's own mail bodies (post meta), '' when not set. */
  tourAdminContent: string;
  tourCustomerContent: string;
  now: Date;
}

export interface EnquiryMails {
  /** Undefined when no sender is configured (`system-email-address` empty or not an address). */
  admin?: MailMessage;
  /** Undefined when the site has no visitor copy configured (or no sender). */
  customer?: MailMessage;
}

/** A URL in an href: quotes and angle brackets cannot end the attribute; `&` is left to convert_chars. */
const hrefValue = (url: string): string => url.replace(/["'<>\s]/g, (c) => (/\s/.test(c) ? '' : encodeURIComponent(c)));

/** Text the site's admin wrote (a tour title): tags neutralised, the rest left to the text filters. */
const adminText = (value: string): string => value.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Replaces `{name}` tokens in one pass; unknown tokens stay as written. */
function fill(template: string, tokens: ReadonlyMap<string, string>): string {
  return template.replace(/\{([^{}\s]{1,100})\}/g, (token, name: string) => tokens.get(name) ?? token);
}

export function renderEnquiryMails(input: EnquiryMailInput): EnquiryMails {
  const { general, data } = input;
  const sender = mailAddress(option(general, 'system-email-address'));
  if (!sender) return {};
  const from = { name: headerText(option(general, 'system-email-name', 'WORDPRESS')), address: sender };

  const bodyTokens = new Map<string, string>();
  const subjectTokens = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    bodyTokens.set(key, escapeHtml(value));
    subjectTokens.set(key, value);
  }
  bodyTokens.set('tour-name', `<a href="${hrefValue(input.tour.url)}" >${adminText(input.tour.title)}</a>`);
  subjectTokens.set('tour-name', input.tour.title);

  const mails: EnquiryMails = {};
  const adminTitle = option(general, 'admin-enquiry-mail-title', DEFAULT_ADMIN_ENQUIRY_TITLE);
  const adminBody = !isEmpty(input.tourAdminContent)
    ? input.tourAdminContent
    : option(general, 'admin-enquiry-mail-content', DEFAULT_ADMIN_ENQUIRY_CONTENT);
  const siteAddresses = addressList(option(general, 'admin-email-address'));
  mails.admin = {
    type: 'enquiry-admin-mail',
    from,
    to: siteAddresses.length > 0 ? siteAddresses : [sender],
    replyTo: input.email,
    subject: headerText(adminTitle),
    html: mailLayout(fill(adminBody, bodyTokens), { general }),
    date: input.now,
  };

  const customerTitle = option(general, 'enquiry-mail-title');
  const customerBody = !isEmpty(input.tourCustomerContent)
    ? input.tourCustomerContent
    : isSet(general['enquiry-mail-content'])
      ? str(general['enquiry-mail-content'])
      : '';
  if (!isEmpty(customerTitle) && !isEmpty(customerBody)) {
    mails.customer = {
      type: 'enquiry-customer-mail',
      from,
      to: [input.email],
      subject: headerText(fill(customerTitle, subjectTokens)),
      html: mailLayout(fill(customerBody, bodyTokens), { general }),
      date: input.now,
    };
  }
  return mails;
}

export interface EnquiryMailReport {
  /** The site received the enquiry. */
  delivered: boolean;
  /** Why not: no sender configured, or the mailer refused the site mail. */
  reason?: 'no-sender' | 'send-failed';
  customerCopy: 'sent' | 'skipped' | 'failed';
  errors: unknown[];
}

/**
 * Sends the site mail, then (only if it went out) the visitor's copy. Never throws: a failure is
 * reported, the caller answers honestly and logs it.
 */
export async function sendEnquiryMails(mailer: Mailer, mails: EnquiryMails): Promise<EnquiryMailReport> {
  if (!mails.admin) return { delivered: false, reason: 'no-sender', customerCopy: 'skipped', errors: [] };
  try {
    await mailer.send(mails.admin);
  } catch (error) {
    return { delivered: false, reason: 'send-failed', customerCopy: 'skipped', errors: [error] };
  }
  if (!mails.customer) return { delivered: true, customerCopy: 'skipped', errors: [] };
  try {
    await mailer.send(mails.customer);
    return { delivered: true, customerCopy: 'sent', errors: [] };
  } catch (error) {
    return { delivered: true, customerCopy: 'failed', errors: [error] };
  }
}
