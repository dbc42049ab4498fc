import type { SendMailOptions } from 'nodemailer';
import { checkMessage, type MailMessage } from './mailer';

/**
 * Our message as nodemailer composes it (RFC 5322 headers, RFC 2047 encoded names and subjects,
 * quoted-printable HTML so long template lines stay within the 998-character limit). The message is
 * checked first (mailer.ts), and nodemailer may not read files or URLs on our behalf.
 */
export function nodemailerMessage(message: MailMessage): SendMailOptions {
  checkMessage(message);
  return {
    from: message.from.name ? { name: message.from.name, address: message.from.address } : message.from.address,
    to: [...message.to],
    ...(message.cc && message.cc.length > 0 ? { cc: [...message.cc] } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    html: message.html,
    date: message.date ?? new Date(),
    textEncoding: 'quoted-printable',
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
