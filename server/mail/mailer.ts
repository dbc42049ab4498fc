import { InputError, UpstreamError } from '../core/errors';
import { isEmail } from '../tourmaster/custom-fields';

/**
 * The outgoing-mail port. Adapters: SMTP through nodemailer (`config.mail.smtpUrl`), or, when no
 * SMTP server is configured, one `.eml` file per message in `config.mail.dir` (open it in any mail
 * client); an in-memory one for tests and development.
 *
 * Every header value is checked before anything is sent: a name or subject with a line break, or
 * an address that is not one plain address, is refused (`MailHeaderError`), so no header can be
 * injected even if a caller forgot to clean a value. order-mails.ts cleans them first.
 */
export interface MailAddress {
  /** Display name (plain text; encoded by the adapter). */
  name?: string;
  address: string;
}

export interface MailMessage {
  /** What this mail is (`booking-made-mail`, `customer-invoice`…): in file names and logs only. */
  type: string;
  from: MailAddress;
  to: readonly string[];
  cc?: readonly string[];
  replyTo?: string;
  subject: string;
  /** A complete HTML document. */
  html: string;
  /** The `Date:` header (default: now). */
  date?: Date;
}

export interface SentMail {
  messageId: string;
  /** The `.eml` file written, or the SMTP server's reply. */
  location: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'eml' | 'memory';
  send(message: MailMessage): Promise<SentMail>;
  /** Releases connections (SMTP); a no-op elsewhere. */
  close(): Promise<void>;
}

/** A header value that would break the message (line break, control character, bad address). */
export class MailHeaderError extends InputError {
  constructor(message: string) {
    super({ message, code: 'MAIL_HEADER_REJECTED' });
  }
}

/** The relay refused or could not be reached; the caller logs it, the booking stands. */
export class MailDeliveryError extends UpstreamError {
  constructor(message: string, context: Record<string, unknown>, cause?: unknown) {
    super({ message, code: 'MAIL_FAILED', context, cause });
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is stripped here
const CONTROL_RUN = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/** A display name or subject as one header line: line breaks and control characters become one space. */
export function headerText(value: string): string {
  return value.replace(CONTROL_RUN, ' ').trim();
}

/**
 * One plain address, or undefined: WordPress's `is_email` (as the plugin validates), and nothing a
 * header could be split on (line breaks or other control characters anywhere, even trailing, which
 * PHP's `is_email` lets through; commas, angle brackets, quotes, inner spaces). Surrounding spaces
 * are trimmed.
 */
export function mailAddress(value: unknown): string | undefined {
  if (typeof value !== 'string' || CONTROL.test(value)) return undefined;
  const address = value.trim();
  if (address === '' || /[\s,;<>"()\\]/.test(address)) return undefined;
  return isEmail(address) ? address : undefined;
}

/** Refuses a message whose headers could be abused; returns it unchanged otherwise. */
export function checkMessage(message: MailMessage): MailMessage {
  const text = (what: string, value: string | undefined) => {
    if (value !== undefined && CONTROL.test(value))
      throw new MailHeaderError(`The mail ${what} contains a line break.`);
  };
  const address = (what: string, value: string) => {
    if (mailAddress(value) !== value) throw new MailHeaderError(`The mail ${what} is not one valid address.`);
  };
  text('subject', message.subject);
  text('sender name', message.from.name);
  text('type', message.type);
  address('sender', message.from.address);
  if (message.to.length === 0) throw new MailHeaderError('The mail has no recipient.');
  for (const to of message.to) address('recipient', to);
  for (const cc of message.cc ?? []) address('copy recipient', cc);
  if (message.replyTo !== undefined) address('reply address', message.replyTo);
  return message;
}

/** An adapter that keeps messages in memory (tests, development without a mail folder). */
export interface MemoryMailer extends Mailer {
  readonly sent: MailMessage[];
}

export function createMemoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  let n = 0;
  return {
    kind: 'memory',
    sent,
    async send(message) {
      checkMessage(message);
      sent.push(message);
      n += 1;
      return { messageId: `<memory-${n}@localhost>`, location: `memory:${n}` };
    },
    async close() {},
  };
}

/** A comma-separated list of addresses (a setting, a CC meta): the valid ones, each once. */
export function addressList(value: string): string[] {
  const out: string[] = [];
  for (const part of value.split(',')) {
    const address = mailAddress(part);
    if (address && !out.includes(address)) out.push(address);
  }
  return out;
}
