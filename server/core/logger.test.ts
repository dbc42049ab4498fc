import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function collectingLogger(level?: string) {
  const lines: string[] = [];
  const log = createLogger({
    ...(level ? { level } : {}),
    destination: {
      write(line: string) {
        lines.push(line);
      },
    },
  });
  return { log, lines };
}

describe('createLogger redaction', () => {
  const cases: { name: string; object: Record<string, unknown>; secret: string; redactedAt: string[] }[] = [
    {
      name: 'config.db.password',
      object: { config: { db: { engine: 'mysql', password: 'cfg-db-pass-1' } } },
      secret: 'cfg-db-pass-1',
      redactedAt: ['config', 'db', 'password'],
    },
    {
      name: 'db.password',
      object: { db: { host: 'db', password: 'db-pass-2' } },
      secret: 'db-pass-2',
      redactedAt: ['db', 'password'],
    },
    { name: 'password', object: { password: 'top-pass-3' }, secret: 'top-pass-3', redactedAt: ['password'] },
    {
      name: 'a password one level down',
      object: { body: { password: 'form-pass-4' } },
      secret: 'form-pass-4',
      redactedAt: ['body', 'password'],
    },
    {
      name: 'secrets',
      object: { secrets: { AUTH_KEY: 'auth-key-5', NONCE_SALT: 'nonce-salt-5' } },
      secret: 'auth-key-5',
      redactedAt: ['secrets'],
    },
    {
      name: 'secrets one level down',
      object: { config: { secrets: { LOGGED_IN_KEY: 'logged-in-key-6' } } },
      secret: 'logged-in-key-6',
      redactedAt: ['config', 'secrets'],
    },
    {
      name: 'req.headers.cookie',
      object: { req: { method: 'GET', headers: { cookie: 'wordpress_logged_in_abc=cookie-7', host: 'site.test' } } },
      secret: 'cookie-7',
      redactedAt: ['req', 'headers', 'cookie'],
    },
    {
      name: 'req.headers.authorization',
      object: { req: { headers: { authorization: 'Basic auth-8' } } },
      secret: 'auth-8',
      redactedAt: ['req', 'headers', 'authorization'],
    },
    {
      name: 'res.headers["set-cookie"]',
      object: { res: { headers: { 'set-cookie': ['wordpress_sec_x=set-cookie-9; HttpOnly'] } } },
      secret: 'set-cookie-9',
      redactedAt: ['res', 'headers', 'set-cookie'],
    },
    { name: 'user_pass', object: { user_pass: '$P$Bhash-10' }, secret: '$P$Bhash-10', redactedAt: ['user_pass'] },
    {
      name: 'user_pass one level down',
      object: { user: { ID: 2, user_pass: '$P$Bhash-11' } },
      secret: '$P$Bhash-11',
      redactedAt: ['user', 'user_pass'],
    },
    { name: 'pwd', object: { pwd: 'login-pwd-12' }, secret: 'login-pwd-12', redactedAt: ['pwd'] },
    {
      name: 'pwd one level down',
      object: { form: { pwd: 'login-pwd-13' } },
      secret: 'login-pwd-13',
      redactedAt: ['form', 'pwd'],
    },
    { name: 'secretKey', object: { secretKey: 'sk_test_14' }, secret: 'sk_test_14', redactedAt: ['secretKey'] },
    {
      name: 'Stripe keys one level down',
      object: { keys: { secretKey: 'sk_live_15', publishableKey: 'pk_15' } },
      secret: 'sk_live_15',
      redactedAt: ['keys', 'secretKey'],
    },
    {
      name: 'webhookSecret one level down',
      object: { keys: { webhookSecret: 'whsec_16' } },
      secret: 'whsec_16',
      redactedAt: ['keys', 'webhookSecret'],
    },
    {
      name: 'the stripe-secret-key option',
      object: { payment: { 'stripe-secret-key': 'sk_live_17' } },
      secret: 'sk_live_17',
      redactedAt: ['payment', 'stripe-secret-key'],
    },
    {
      name: 'the top-level stripe-secret-key option',
      object: { 'stripe-secret-key': 'sk_live_18' },
      secret: 'sk_live_18',
      redactedAt: ['stripe-secret-key'],
    },
  ];

  it.each(cases)('hides $name', ({ object, secret, redactedAt }) => {
    const { log, lines } = collectingLogger();
    log.info(object, 'something happened');
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).not.toContain(secret);
    expect(line).toContain('[redacted]');
    let value: unknown = JSON.parse(line);
    for (const key of redactedAt) value = (value as Record<string, unknown>)[key];
    expect(value).toBe('[redacted]');
  });

  it('keeps everything that is not secret', () => {
    const { log, lines } = collectingLogger();
    log.info(
      {
        config: { db: { engine: 'mysql', password: 'pw', database: 'wp_legacy' }, tablePrefix: 'wp_' },
        req: { headers: { cookie: 'c', host: 'site.test' } },
        user: { ID: 2, user_login: 'customer1', user_pass: 'h' },
      },
      'request',
    );
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      level: 30,
      msg: 'request',
      service: 'tourmaster-dropin',
      config: { db: { engine: 'mysql', password: '[redacted]', database: 'wp_legacy' }, tablePrefix: 'wp_' },
      req: { headers: { cookie: '[redacted]', host: 'site.test' } },
      user: { ID: 2, user_login: 'customer1', user_pass: '[redacted]' },
    });
  });

  it('redacts every secret of one log line at once', () => {
    const { log, lines } = collectingLogger();
    const secrets = ['all-cfg-pass', 'all-db-pass', 'all-pass', 'all-auth-key', 'all-cookie', 'all-user-pass'];
    log.warn({
      config: { db: { password: secrets[0] } },
      db: { password: secrets[1] },
      password: secrets[2],
      secrets: { AUTH_KEY: secrets[3] },
      req: { headers: { cookie: secrets[4] } },
      user_pass: secrets[5],
    });
    const line = lines.join('');
    for (const secret of secrets) expect(line).not.toContain(secret);
    expect(line.match(/\[redacted\]/g)).toHaveLength(6);
  });

  it('writes nothing below the configured level', () => {
    const { log, lines } = collectingLogger('warn');
    log.info({ password: 'x' }, 'quiet');
    log.warn('loud');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: 'loud' });
  });
});
