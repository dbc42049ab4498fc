import nodemailer from 'nodemailer';
import { MailDeliveryError, type Mailer } from './mailer';
import { nodemailerMessage } from './nodemailer-message';

export interface SmtpMailerOptions {
  /** Connection and greeting timeout, ms (default 10 s); the socket idle timeout is three times it. */
  timeoutMs?: number;
}

/**
 * Mail through an SMTP relay: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or
 * `smtps://…:465` (user and password URL-encoded; query parameters are not read). One transport per mailer; failures become `MailDeliveryError` whose message and
 * context never carry the URL's credentials.
 */
export function createSmtpMailer(smtpUrl: string, options: SmtpMailerOptions = {}): Mailer {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (secure ? 465 : 587));
  const relay = `${url.hostname}:${port}`;
  // Parsed here rather than passed as nodemailer's `url` option: with `url`, nodemailer drops every
  // other transport option (the timeouts).
  const transport = nodemailer.createTransport({
    host,
    port,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 3,
    logger: false,
    debug: false,
  });
  return {
    kind: 'smtp',
    async send(message) {
      const mail = nodemailerMessage(message);
      try {
        const info = await transport.sendMail(mail);
        return { messageId: info.messageId, location: `smtp://${relay} ${String(info.response ?? '')}`.trim() };
      } catch (error) {
        const e = error as { code?: unknown; responseCode?: unknown };
        throw new MailDeliveryError(
          'The mail could not be handed to the SMTP relay.',
          { relay, type: message.type, code: e.code, responseCode: e.responseCode },
          error,
        );
      }
    },
    async close() {
      transport.close();
    },
  };
}
