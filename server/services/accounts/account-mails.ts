import { headerText, type MailMessage, mailAddress } from '../../mail/mailer';
import { isSet, str } from '../../php/coerce';
import { escapeHtml } from '../../views/html';
import { mailLayout, option } from '../../views/mail-layout';

/**
 * The account mails: the plugin's registration mails (engagement.md §4.3, captured as
 * legacy-fixtures/mails/zz-state-01-form-register-ok-1.eml) and WordPress's "Password Changed"
 * notice. Values that came from the visitor are HTML-escaped; the texts are the site's.
 */

export interface RegistrationMailInput {
  /** `tourmaster_general`. */
  general: Readonly<Record<string, unknown>>;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  /** The account page (`{profile-page-link}`). */
  profilePageUrl: string;
  logoUrl?: string;
  now: Date;
}

const DEFAULTS = {
  'registration-complete-mail': {
    title: 'Congratulations! Your account has been created',
    body: '{header}Congratulations {customer-name}!{/header}\n\nYour account has been successfully created. Now you can explore new tours and manage your bookings from the dashboard.\n\n<a href="{profile-page-link}" >Click here to log in</a>',
  },
  'admin-registration-complete-mail': {
    title: 'A new customer has registered',
    body: '{header}A new customer has registered{/header}\n\nName: {customer-name}\nEmail: {customer-email}\nPhone: {customer-phone}',
  },
} as const;

type RegistrationMailType = keyof typeof DEFAULTS;

/** The messages a registration sends (none when `system-email-address` is empty, as the plugin does). */
export function registrationMails(input: RegistrationMailInput): (MailMessage & { type: RegistrationMailType })[] {
  const { general } = input;
  const sender = mailAddress(option(general, 'system-email-address'));
  if (!sender) return [];
  const from = { name: headerText(option(general, 'system-email-name', 'WORDPRESS')), address: sender };
  const tokens = new Map<string, string>([
    [
      'customer-name',
      `<strong>${escapeHtml(input.customer.firstName)} ${escapeHtml(input.customer.lastName)}</strong>`,
    ],
    ['customer-email', escapeHtml(input.customer.email)],
    ['customer-phone', escapeHtml(input.customer.phone)],
    ['profile-page-link', input.profilePageUrl.replace(/["'<>\s]/g, (c) => encodeURIComponent(c))],
    ['header', '<h3 style="font-size: 17px; margin-bottom: 25px; font-weight: 600; margin-top: 0px; color: #515355" >'],
    ['/header', '</h3>'],
    ['spaces', '<div class="tourmaster-mail-spaces" style="margin-bottom: 25px;" ></div>'],
    [
      'divider',
      '<div class="tourmaster-mail-divider" style="border-bottom-width: 1px; border-bottom-style: solid; margin-bottom: 30px; margin-top: 30px; border-color: #d7d7d7;" ></div>',
    ],
  ]);
  const out: (MailMessage & { type: RegistrationMailType })[] = [];
  const recipients: [RegistrationMailType, string | undefined][] = [
    ['admin-registration-complete-mail', mailAddress(option(general, 'admin-registration-email-address'))],
    ['registration-complete-mail', mailAddress(input.customer.email)],
  ];
  for (const [type, to] of recipients) {
    if (!to || option(general, `enable-${type}`, 'enable') !== 'enable') continue;
    const title = option(general, `${type}-title`, DEFAULTS[type].title);
    const body = isSet(general[type]) ? str(general[type]) : DEFAULTS[type].body;
    const content = body.replace(/\{(\/?[A-Za-z0-9_-]+)\}/g, (token, name: string) => tokens.get(name) ?? token);
    out.push({
      type,
      from,
      to: [to],
      subject: headerText(title),
      html: mailLayout(content, { general, logoUrl: input.logoUrl }),
      date: input.now,
    });
  }
  return out;
}

/** WordPress 6.3's password change notice (`wp_update_user` → "[Site] Password Changed"). */
export function passwordChangedMail(input: {
  siteName: string;
  homeUrl: string;
  adminEmail: string;
  login: string;
  email: string;
  from: string;
  now: Date;
}): MailMessage | undefined {
  const to = mailAddress(input.email);
  if (!to) return undefined;
  const paragraphs = [
    `Hi ${input.login},`,
    `This notice confirms that your password was changed on ${input.siteName}.`,
    `If you did not change your password, please contact the Site Administrator at\n${input.adminEmail}`,
    `This email has been sent to ${input.email}`,
    `Regards,\nAll at ${input.siteName}\n${input.homeUrl}`,
  ];
  const html = `<!DOCTYPE html><html><head><meta charset="UTF-8"><title>${escapeHtml(input.siteName)}</title></head><body>${paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br />\n')}</p>`)
    .join('\n')}</body></html>`;
  return {
    type: 'password-changed',
    from: { name: 'WordPress', address: input.from },
    to: [to],
    subject: headerText(`[${input.siteName}] Password Changed`),
    html,
    date: input.now,
  };
}
