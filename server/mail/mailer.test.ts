import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './create-mailer';
import { createEmlMailer } from './eml-mailer';
import { checkMessage, createMemoryMailer, MailDeliveryError, MailHeaderError, type MailMessage } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

const HTML =
  '<html><body><div class="tourmaster-mail-template" style="line-height: 1.7; width: 600px;" >' +
  `<p>Dear <strong>Zoë Ångström</strong>, your booking #12 is confirmed. ${'A long line of the template. '.repeat(60)}</p>` +
  '<p>Price: $261.60 = 2 × 120 + 9% tax</p></div></body></html>';

const MESSAGE: MailMessage = {
  type: 'booking-made-mail',
  from: { name: 'Aegean Trails', address: 'bookings@aegean-trails.example.test' },
  to: ['peter.novak@example.test'],
  cc: ['guide@example.test'],
  replyTo: 'desk@aegean-trails.example.test',
  subject: 'Your booking at Café Ωmega has been received',
  html: HTML,
  date: new Date('2026-11-21T23:22:42Z'),
};

/** A minimal RFC 5322 reader: unfolded headers, and the body decoded from quoted-printable. */
function parseMessage(raw: string): { headers: Map<string, string>; html: string } {
  const split = raw.indexOf('\r\n\r\n');
  expect(split).toBeGreaterThan(0);
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const at = line.indexOf(':');
    headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  let body = raw.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding');
  if (encoding === 'quoted-printable') {
    const bytes: number[] = [];
    body = body.replace(/=\r\n/g, '');
    for (let i = 0; i < body.length; i++) {
      if (body[i] === '=' && /^[0-9A-F]{2}$/.test(body.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(body.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(body.charCodeAt(i));
    }
    body = Buffer.from(bytes).toString('utf8');
  }
  return { headers, html: body.replace(/\r\n$/, '') };
}

/** RFC 2047 encoded words back to text. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

describe('checkMessage (every adapter runs it)', () => {
  const bad: [string, Partial<MailMessage>][] = [
    ['a subject with a line break', { subject: 'Hi\r\nBcc: victim@example.test' }],
    ['a sender name with a line break', { from: { name: 'Evil\r\nBcc: x@y', address: 'a@example.test' } }],
    ['a recipient with a header', { to: ['peter@example.test\r\nBcc: x@y.test'] }],
    ['two recipients in one', { to: ['a@example.test, b@example.test'] }],
    ['a display name in the address', { replyTo: 'Evil <evil@example.test>' }],
    ['a copy to nowhere', { cc: ['not an address'] }],
    ['no recipient', { to: [] }],
  ];
  for (const [what, change] of bad)
    it(`refuses ${what}`, () => {
      expect(() => checkMessage({ ...MESSAGE, ...change })).toThrow(MailHeaderError);
    });

  it('accepts a clean message', () => {
    expect(checkMessage(MESSAGE)).toBe(MESSAGE);
  });
});

describe('.eml writer', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tourmaster-mail-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes one parseable RFC 5322 file per message, named by time, random part and type', async () => {
    const mailDir = path.join(dir, 'mail');
    const mailer = createEmlMailer(mailDir, { random: () => 'abcd1234' });
    const sent = await mailer.send(MESSAGE);
    expect(mailer.kind).toBe('eml');
    expect(path.basename(sent.location)).toBe('20261121-232242-abcd1234-booking-made-mail.eml');
    expect(await readdir(mailDir)).toEqual(['20261121-232242-abcd1234-booking-made-mail.eml']);
    expect((await stat(sent.location)).mode & 0o777).toBe(0o600);

    const raw = await readFile(sent.location, 'utf8');
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/\n|\r/);
    const { headers, html } = parseMessage(raw);
    expect(headers.get('from')).toBe('Aegean Trails <bookings@aegean-trails.example.test>');
    expect(headers.get('to')).toBe('peter.novak@example.test');
    expect(headers.get('cc')).toBe('guide@example.test');
    expect(headers.get('reply-to')).toBe('desk@aegean-trails.example.test');
    expect(decodeWords(headers.get('subject') ?? '')).toBe(MESSAGE.subject);
    expect(headers.get('date')).toBe('Sat, 21 Nov 2026 23:22:42 +0000');
    expect(headers.get('message-id')).toBe(sent.messageId);
    expect(headers.get('mime-version')).toBe('1.0');
    expect(headers.get('content-type')).toMatch(/^text\/html; charset=utf-8$/i);
    expect(html).toBe(HTML);
  });

  it('writes nothing for a message with an injected header', async () => {
    const mailer = createEmlMailer(dir);
    await expect(mailer.send({ ...MESSAGE, subject: 'x\nBcc: y@example.test' })).rejects.toBeInstanceOf(
      MailHeaderError,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('is the default when no SMTP URL is configured', async () => {
    const mailer = createMailer({ mail: { smtpUrl: undefined, dir } });
    expect(mailer.kind).toBe('eml');
    await mailer.send({ ...MESSAGE, type: '../../etc/passwd' });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}-\d{6}-[0-9a-f]{8}-etc-passwd\.eml$/);
  });
});

interface Received {
  from: string;
  to: string[];
  data: string;
  auth: string | undefined;
}

/** Just enough of an SMTP server (RFC 5321) on a local port to receive what the adapter sends. */
async function startSmtpServer(options: { rejectRecipient?: boolean; silent?: boolean } = {}) {
  const received: Received[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (options.silent) return; // never greets: the client must time out
    let buffer = '';
    let inData = false;
    let awaitingAuth = false;
    let auth: string | undefined;
    let current: Received = { from: '', to: [], data: '', auth: undefined };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = Buffer.from(buffer.slice(0, end + 2), 'latin1')
            .toString('utf8')
            .replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push({ ...current, auth });
          current = { from: '', to: [], data: '', auth: undefined };
          reply('250 2.0.0 Ok: queued as TEST1');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.split(' ')[0]?.toUpperCase() ?? '';
        if (awaitingAuth) {
          awaitingAuth = false;
          auth = Buffer.from(line, 'base64').toString('utf8');
          reply('235 2.7.0 Authentication successful');
        } else if (verb === 'EHLO') reply('250-localhost\r\n250-AUTH PLAIN\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'AUTH') {
          const initial = line.split(' ')[2];
          if (initial) {
            auth = Buffer.from(initial, 'base64').toString('utf8');
            reply('235 2.7.0 Authentication successful');
          } else {
            awaitingAuth = true;
            reply('334 ');
          }
        } else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          if (options.rejectRecipient) reply('550 5.1.1 Recipient address rejected');
          else {
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 Ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 Ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognized');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('SMTP adapter against a local SMTP server', () => {
  it('delivers the message with its envelope, headers and body, authenticating from the URL', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer(`smtp://relay-user:p%40ss@127.0.0.1:${smtp.port}`);
    try {
      const sent = await mailer.send(MESSAGE);
      expect(mailer.kind).toBe('smtp');
      expect(sent.location).toContain('250 2.0.0 Ok: queued as TEST1');
      expect(smtp.received).toHaveLength(1);
      const got = smtp.received[0]!;
      expect(got.auth).toBe('\0relay-user\0p@ss');
      expect(got.from).toBe('bookings@aegean-trails.example.test');
      expect(got.to.sort()).toEqual(['guide@example.test', 'peter.novak@example.test']);
      const { headers, html } = parseMessage(got.data);
      expect(headers.get('from')).toBe('Aegean Trails <bookings@aegean-trails.example.test>');
      expect(headers.get('reply-to')).toBe('desk@aegean-trails.example.test');
      expect(headers.has('bcc')).toBe(false);
      expect(decodeWords(headers.get('subject') ?? '')).toBe(MESSAGE.subject);
      expect(headers.get('message-id')).toBe(sent.messageId);
      expect(html).toBe(HTML);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('is what createMailer picks when SMTP_URL is set', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dir: '/nonexistent' } });
    try {
      expect(mailer.kind).toBe('smtp');
      await mailer.send(MESSAGE);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('a refused recipient is a MailDeliveryError that does not carry the password', async () => {
    const smtp = await startSmtpServer({ rejectRecipient: true });
    const mailer = createSmtpMailer(`smtp://relay-user:TopSecretPw@127.0.0.1:${smtp.port}`);
    try {
      const error = await mailer.send(MESSAGE).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailDeliveryError);
      expect((error as MailDeliveryError).code).toBe('MAIL_FAILED');
      expect((error as MailDeliveryError).context).toMatchObject({ relay: `127.0.0.1:${smtp.port}` });
      const visible = JSON.stringify({ ...(error as MailDeliveryError), text: (error as Error).message });
      expect(visible).not.toContain('TopSecretPw');
      expect(smtp.received).toHaveLength(0);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('a relay that never answers times out as a MailDeliveryError', async () => {
    const smtp = await startSmtpServer({ silent: true });
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, { timeoutMs: 200 });
    try {
      await expect(mailer.send(MESSAGE)).rejects.toBeInstanceOf(MailDeliveryError);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('refuses an injected header before connecting', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:9');
    await expect(mailer.send({ ...MESSAGE, to: ['a@example.test\r\nBcc: x@y.test'] })).rejects.toBeInstanceOf(
      MailHeaderError,
    );
    await mailer.close();
  });
});

describe('memory mailer', () => {
  it('keeps what it was given', async () => {
    const mailer = createMemoryMailer();
    await mailer.send(MESSAGE);
    expect(mailer.sent).toEqual([MESSAGE]);
  });
});
