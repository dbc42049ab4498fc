import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { MailDeliveryError, type Mailer } from './mailer';
import { nodemailerMessage } from './nodemailer-message';

export interface EmlMailerOptions {
  now?: () => Date;
  /** The random part of file names (tests). */
  random?: () => string;
}

/**
 * Mail as files, for sites without an SMTP relay (the default): each message is written to `dir`
 * as `YYYYMMDD-HHMMSS-<random>-<type>.eml` (UTC), a complete RFC 5322 message with an HTML body
 * that any mail client opens. Files are readable by their owner only: they hold customers' details.
 */
export function createEmlMailer(dir: string, options: EmlMailerOptions = {}): Mailer {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? (() => randomBytes(4).toString('hex'));
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'eml',
    async send(message) {
      const date = message.date ?? now();
      const mail = nodemailerMessage({ ...message, date });
      const file = path.join(dir, `${stamp(date)}-${random()}-${slug(message.type)}.eml`);
      try {
        const info = await composer.sendMail(mail);
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await writeFile(file, info.message as Buffer, { flag: 'wx', mode: 0o600 });
        return { messageId: info.messageId, location: file };
      } catch (error) {
        throw new MailDeliveryError(
          'The mail could not be written to the mail folder.',
          { dir, type: message.type },
          error,
        );
      }
    },
    async close() {},
  };
}

function stamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

function slug(type: string): string {
  return (
    type
      .replace(/[^A-Za-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'mail'
  );
}
