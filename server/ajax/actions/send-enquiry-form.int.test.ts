import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteMeta, updateMeta } from '../../data/meta';
import { getOption, updateOption } from '../../data/options';
import { createMemoryMailer, type Mailer, type MemoryMailer } from '../../mail/mailer';
import type { PhpValue } from '../../php/values';
import {
  ENQUIRY_INVALID_EMAIL,
  ENQUIRY_NOT_SENT,
  ENQUIRY_SENT,
  ENQUIRY_TOO_MANY,
  ENQUIRY_UNKNOWN_TOUR,
} from '../../services/enquiry/send-enquiry';
import { CAPTURE_NOW, postAjax, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';

/**
 * tourmaster_send_enquiry_form on both engines: the server-side checks (e-mail, acceptance box,
 * required fields of the tour's form), the mails, the trap field, the rate limits and the honest
 * failure when nothing could be sent.
 */
let tdb: TestDatabase;
let server: TestServer;
let mailer: MemoryMailer;
let general: Record<string, PhpValue>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  server = await startTestServer(tdb, { now: CAPTURE_NOW, mailer });
  general = (await getOption(tdb.wp, 'tourmaster_general')) as Record<string, PhpValue>;
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
});

beforeEach(async () => {
  mailer.sent.length = 0;
  // Every test starts with fresh rate-limit counters.
  await tdb.wp.knex(`${tdb.wp.prefix}dropin_rate_limits`).delete();
});

type Data = Record<string, string>;

const LAURA: Data = {
  'tour-id': '11',
  'full-name': 'Laura Bianchi',
  'email-address': 'laura.bianchi@example.test',
  'your-enquiry': 'Is the tour suitable for a 70 year old?',
  'tourmaster-require-acceptance': 'on',
};

async function send(data: Data): Promise<unknown> {
  const body = new URLSearchParams({ action: 'tourmaster_send_enquiry_form' });
  for (const [k, v] of Object.entries(data)) body.append(`data[${k}]`, v);
  const reply = await postAjax(server.baseUrl, body);
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toBe('application/json; charset=UTF-8');
  return reply.json();
}

const ok = { status: 'success', message: ENQUIRY_SENT };
const failed = (message: string) => ({ status: 'failed', message });

describe('a valid enquiry', () => {
  it('mails the site (system address, the admin address being empty) and a copy to the visitor', async () => {
    expect(await send(LAURA)).toEqual(ok);
    expect(mailer.sent.map((m) => [m.type, m.to, m.replyTo])).toEqual([
      ['enquiry-admin-mail', ['bookings@aegean-trails.example.test'], 'laura.bianchi@example.test'],
      ['enquiry-customer-mail', ['laura.bianchi@example.test'], undefined],
    ]);
    expect(mailer.sent[1]!.subject).toBe('You have submitted an enquiry');
    expect(mailer.sent[1]!.html).toContain('<p>Dear Laura Bianchi,</p>');
    expect(mailer.sent[1]!.html).toContain('>Corfu Old Town &#038; Paleokastritsa</a>');
  });

  it('escapes the HTML a visitor types, in every mail', async () => {
    expect(
      await send({
        ...LAURA,
        'full-name': '<a href="http://evil.example">Click</a>',
        'your-enquiry': '<script>steal()</script>',
      }),
    ).toEqual(ok);
    for (const mail of mailer.sent) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('href="http://evil.example"');
    }
    expect(mailer.sent[0]!.html).toContain('&lt;script&gt;steal()&lt;/script&gt;');
  });
});

describe('checks on the server, in the plugin words', () => {
  it('a missing or invalid e-mail', async () => {
    expect(await send({ ...LAURA, 'email-address': 'laura@' })).toEqual(failed(ENQUIRY_INVALID_EMAIL));
    expect(await send({ ...LAURA, 'email-address': '' })).toEqual(failed(ENQUIRY_INVALID_EMAIL));
    expect(await send({ ...LAURA, 'email-address': 'a@b.cc\nBcc: x@y.zz' })).toEqual(failed(ENQUIRY_INVALID_EMAIL));
    expect(await send({})).toEqual(failed(ENQUIRY_INVALID_EMAIL));
    expect(mailer.sent).toEqual([]);
  });

  it('the acceptance box (unticked: the script sends 0)', async () => {
    const message = 'Please agree to all the terms and conditions before proceeding to the next step';
    expect(await send({ ...LAURA, 'tourmaster-require-acceptance': '0' })).toEqual(failed(message));
    const { 'tourmaster-require-acceptance': _, ...without } = LAURA;
    expect(await send(without)).toEqual(failed(message));
    expect(mailer.sent).toEqual([]);
  });

  it('the required fields of the default form', async () => {
    expect(await send({ ...LAURA, 'full-name': '  ' })).toEqual(failed('Please fill all required fields.'));
    const { 'your-enquiry': _, ...without } = LAURA;
    expect(await send(without)).toEqual(failed('Please fill all required fields.'));
    expect(mailer.sent).toEqual([]);
  });

  it("the tour's own fields (post meta), else the site's (option)", async () => {
    await updateOption(tdb.wp, 'tourmaster_general', {
      ...general,
      'enquiry-form-fields': '{slug=phone,title=Phone,type=text,required=true}',
    });
    try {
      expect(await send(LAURA)).toEqual(failed('Please fill all required fields.'));
      expect(await send({ ...LAURA, phone: '+30 690 000 000', 'full-name': '' })).toEqual(ok);
      await updateMeta(
        tdb.wp,
        'post',
        11,
        'tourmaster-enquiry-form-fields',
        '{slug=group-size,type=text,required=true}',
      );
      expect(await send({ ...LAURA, phone: '+30 690 000 000' })).toEqual(failed('Please fill all required fields.'));
      expect(await send({ ...LAURA, 'group-size': '4' })).toEqual(ok);
    } finally {
      await deleteMeta(tdb.wp, 'post', 11, 'tourmaster-enquiry-form-fields');
      await updateOption(tdb.wp, 'tourmaster_general', general);
    }
  });

  it('the tour must be a published tour', async () => {
    expect(await send({ ...LAURA, 'tour-id': '999999' })).toEqual(failed(ENQUIRY_UNKNOWN_TOUR));
    expect(await send({ ...LAURA, 'tour-id': 'abc' })).toEqual(failed(ENQUIRY_UNKNOWN_TOUR));
    const page = await tdb.wp.knex(tdb.wp.t.posts).first('ID').where({ post_type: 'page', post_status: 'publish' });
    expect(await send({ ...LAURA, 'tour-id': String(page!.ID) })).toEqual(failed(ENQUIRY_UNKNOWN_TOUR));
    expect(mailer.sent).toEqual([]);
  });
});

describe('spam', () => {
  it('the trap field: answered as sent, nothing mailed', async () => {
    expect(await send({ ...LAURA, 'tourmaster-enquiry-website': 'http://spam.example' })).toEqual(ok);
    expect(mailer.sent).toEqual([]);
    expect(await send({ ...LAURA, 'tourmaster-enquiry-website': '' })).toEqual(ok);
    expect(mailer.sent).toHaveLength(2);
  });

  it('at most 5 enquiries an hour from one IP address', async () => {
    for (let i = 0; i < 5; i++) expect(await send({ ...LAURA, 'email-address': `v${i}@example.test` })).toEqual(ok);
    expect(await send({ ...LAURA, 'email-address': 'v9@example.test' })).toEqual(failed(ENQUIRY_TOO_MANY));
    expect(mailer.sent).toHaveLength(10);
  });

  it('at most 3 enquiries an hour to one e-mail address', async () => {
    for (let i = 0; i < 3; i++) expect(await send(LAURA)).toEqual(ok);
    expect(await send({ ...LAURA, 'email-address': 'LAURA.BIANCHI@example.test' })).toEqual(failed(ENQUIRY_TOO_MANY));
    expect(mailer.sent).toHaveLength(6);
  });
});

describe('honest failures (legacy always said success)', () => {
  it('no sender configured: failed, nothing sent', async () => {
    await updateOption(tdb.wp, 'tourmaster_general', { ...general, 'system-email-address': '' });
    try {
      expect(await send(LAURA)).toEqual(failed(ENQUIRY_NOT_SENT));
      expect(mailer.sent).toEqual([]);
    } finally {
      await updateOption(tdb.wp, 'tourmaster_general', general);
    }
  });

  it('the mail server refuses: failed', async () => {
    const broken: Mailer = {
      kind: 'memory',
      send: async () => {
        throw new Error('connection refused');
      },
      close: async () => {},
    };
    const original = server.deps.mailer;
    server.deps.mailer = broken;
    try {
      expect(await send(LAURA)).toEqual(failed(ENQUIRY_NOT_SENT));
    } finally {
      server.deps.mailer = original;
    }
  });
});
