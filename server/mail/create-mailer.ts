import type { Config } from '../core/config';
import { createEmlMailer } from './eml-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/** The configured adapter: SMTP when `config.mail.smtpUrl` is set, else `.eml` files in `config.mail.dir`. */
export function createMailer(config: Pick<Config, 'mail'>): Mailer {
  return config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl) : createEmlMailer(config.mail.dir);
}
