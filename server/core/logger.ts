import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

/**
 * Structured logs. Redaction is set here, once: database passwords, WordPress keys and salts,
 * cookies, passwords posted in forms and Stripe's secret and webhook keys never reach a log line.
 */
export const REDACT_PATHS = [
  'password',
  '*.password',
  'config.db.password',
  'db.password',
  'secrets',
  '*.secrets',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'pwd',
  '*.pwd',
  'user_pass',
  '*.user_pass',
  // Stripe: the resolved keys (StripeKeys) and the raw Tour Master option, wherever they are logged.
  'secretKey',
  '*.secretKey',
  'webhookSecret',
  '*.webhookSecret',
  '["stripe-secret-key"]',
  '*["stripe-secret-key"]',
];

export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { service: 'tourmaster-dropin' },
    },
    options.destination,
  );
}
