import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getOption, updateOption } from '../../data/options';
import { getOrder } from '../../data/orders';
import { createMemoryMailer, type MemoryMailer } from '../../mail/mailer';
import { record, str } from '../../php/coerce';
import type { PhpValue } from '../../php/values';
import { get, htmlErrors, inputValue, type Login, loginAs, postMultipart, textOf } from '../../testing/account';
import { fixtureSecrets, startTestServer, type TestServer } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/db';
import { createNonce } from '../../wp/nonce';

/**
 * "Submit Payment Receipt" on the account's single booking page (engagement.md §5 item 5, the
 * plugin's user-update.php, DEVIATIONS.md 99): the taken receipt (order row, `payment_info` entry,
 * status, file on disk and served, mails, the notice after the redirect) and every refusal, each
 * leaving the order, the files and the outbox as they were.
 */
let tdb: TestDatabase;
let server: TestServer;
let mailer: MemoryMailer;
let dataDir: string;
let customer1: Login;
let customer2: Login;
let customer3: Login;

beforeAll(async () => {
  tdb = await createTestDatabase();
  mailer = createMemoryMailer();
  // A dot folder, as the default `.data` is: the files must still be served from it.
  dataDir = mkdtempSync(path.join(os.tmpdir(), '.payment-receipt-'));
  server = await startTestServer(tdb, { secrets: fixtureSecrets(), mailer, config: { dataDir } });
  customer1 = await loginAs(tdb, server, 'customer1');
  customer2 = await loginAs(tdb, server, 'customer2');
  customer3 = await loginAs(tdb, server, 'customer3');
  // The fixture site names no admin address (its admin mails go nowhere); one here, to see the mail.
  const general = (await getOption(tdb.wp, 'tourmaster_general')) as Record<string, PhpValue>;
  await updateOption(tdb.wp, 'tourmaster_general', { ...general, 'admin-email-address': 'office@example.test' });
});

afterAll(async () => {
  await server?.close();
  await tdb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  mailer.sent.length = 0;
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const pageUrl = (id: number) => `/my-account/?page_type=my-booking&sub_page=single&id=${id}`;

/** The form's nonce, as the booking page prints it for this visitor. */
async function nonceFor(login: Login, id: number): Promise<string> {
  const page = await get(server, pageUrl(id), login.cookie);
  const nonce = inputValue(page.text, 'security');
  expect(nonce).toMatch(/^[0-9a-f]{10}$/);
  return nonce!;
}

/** A valid receipt nonce of this visitor, for posts to orders whose page prints no form. */
async function madeNonce(login: Login): Promise<string> {
  const salts = await server.deps.salts();
  return createNonce('tourmaster-payment-receipt', {
    uid: login.userId,
    token: login.token,
    salt: salts.nonce,
    now: Math.floor(server.deps.clock().getTime() / 1000),
  });
}

function receiptForm(
  id: number,
  fields: Record<string, string>,
  file: { data: Buffer; name: string; type: string } | undefined,
): FormData {
  const form = new FormData();
  form.set('action', 'payment-receipt');
  form.set('id', String(id));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('receipt', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}

const filesOf = (id: number) => {
  const dir = path.join(dataDir, 'uploads', 'tourmaster-receipt', String(id));
  return existsSync(dir) ? readdirSync(dir) : [];
};

/** Posts, expects a refusal with `status` and `message`, and checks that nothing changed. */
async function expectRefused(
  login: Login,
  id: number,
  form: FormData,
  status: number,
  message: string,
  url = pageUrl(id),
) {
  const before = await getOrder(tdb.wp, id);
  const files = filesOf(id);
  const reply = await postMultipart(server, url, form, login.cookie);
  expect(reply.status).toBe(status);
  expect(textOf(reply.text, 'tourmaster-user-update-notification')).toBe(message);
  expect(htmlErrors(reply.text)).toEqual([]);
  const after = await getOrder(tdb.wp, id);
  expect(after?.status).toBe(before?.status);
  expect(after?.paymentInfo).toEqual(before?.paymentInfo);
  expect(after?.paymentDate).toBe(before?.paymentDate);
  expect(filesOf(id)).toEqual(files);
  expect(mailer.sent).toEqual([]);
}

describe('a taken receipt', () => {
  it('records the entry as the plugin does, stores and serves the file, mails, and says so after the redirect', async () => {
    const nonce = await nonceFor(customer2, 3);
    const before = await getOrder(tdb.wp, 3);
    expect(before?.status).toBe('pending');
    const form = receiptForm(
      3,
      { security: nonce, 'transaction-id': '<b>TX-42</b>', 'payment-type': 'full' },
      { data: PNG, name: '../../evil name.png', type: 'image/png' },
    );
    const reply = await postMultipart(server, `${pageUrl(3)}&tour_id=5`, form, customer2.cookie);
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe(`${pageUrl(3)}&tour_id=5&receipt-submitted=1`);

    const order = await getOrder(tdb.wp, 3);
    expect(order?.status).toBe('receipt-submitted');
    const entries = order?.paymentInfo as Record<string, unknown>[];
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(Object.keys(entry)).toEqual([
      'payment_method',
      'transaction_id',
      'amount',
      'local_url',
      'file_url',
      'submission_date',
      'payment_status',
    ]);
    expect(entry.payment_method).toBe('receipt');
    expect(entry.transaction_id).toBe('<b>TX-42</b>');
    expect(entry.amount).toBe(179.85);
    expect(entry.payment_status).toBe('pending');
    expect(entry.submission_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(order?.paymentDate).toBe(entry.submission_date);
    expect(entry.file_url).toMatch(
      /^http:\/\/127\.0\.0\.1:8080\/dropin-uploads\/tourmaster-receipt\/3\/[0-9a-f]{32}\.png$/,
    );
    const local = str(entry.local_url);
    expect(local.startsWith(path.join(dataDir, 'uploads', 'tourmaster-receipt', '3'))).toBe(true);
    expect(readFileSync(local)).toEqual(PNG);
    expect(filesOf(3)).toEqual([path.basename(local)]);

    const served = await fetch(`${server.baseUrl}${new URL(str(entry.file_url)).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const contactEmail = str(record(order?.contactInfo).email);
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      'Thank you for your payment submission',
      'A new payment receipt has been submitted',
    ]);
    expect(mailer.sent[0]!.to).toEqual([contactEmail]);
    expect(mailer.sent[0]!.html).toContain('&lt;b&gt;TX-42&lt;/b&gt;');
    expect(mailer.sent[0]!.html).toContain('$179.85');
    expect(mailer.sent[1]!.to).toEqual(['office@example.test']);
    expect(mailer.sent[1]!.html).toContain('#3');

    const after = await get(server, reply.headers.get('location')!, customer2.cookie);
    expect(after.status).toBe(200);
    expect(htmlErrors(after.text)).toEqual([]);
    expect(textOf(after.text, 'tourmaster-user-update-notification')).toBe(
      'Your payment receipt has been submitted. Please wait for the verification process: this could take up to a couple of days.',
    );
    expect(textOf(after.text, 'tourmaster-booking-status')).toBe('Receipt Submitted');
    expect(after.text).toContain(
      '<span class="tourmaster-head">Transaction ID :</span> <span class="tourmaster-tail">&lt;b&gt;TX-42&lt;/b&gt;</span>',
    );
    expect(after.text).toContain(`<img src="${str(entry.file_url)}" alt="receipt" />`);
    // A receipt is waiting: no second form.
    expect(after.text).not.toContain('data-tmlb="payment-receipt"');
    // The page without the argument has no notice.
    const plain = await get(server, pageUrl(3), customer2.cookie);
    expect(plain.text).not.toContain('tourmaster-user-update-notification');

    // The same post again (a replay, or a double click): refused, nothing written.
    mailer.sent.length = 0;
    await expectRefused(
      customer2,
      3,
      receiptForm(
        3,
        { security: nonce, 'transaction-id': '<b>TX-42</b>' },
        { data: PNG, name: 'evil name.png', type: 'image/png' },
      ),
      409,
      'A payment receipt cannot be submitted for this booking now (it may have been submitted already).',
    );
  });

  it('takes a PDF for a rejected order and serves it as a download', async () => {
    const nonce = await nonceFor(customer3, 10);
    const reply = await postMultipart(
      server,
      pageUrl(10),
      receiptForm(10, { security: nonce, 'transaction-id': 'PDF-1' }, { data: PDF, name: 'r.txt', type: 'text/plain' }),
      customer3.cookie,
    );
    expect(reply.status).toBe(302);
    const order = await getOrder(tdb.wp, 10);
    expect(order?.status).toBe('receipt-submitted');
    const entry = (order!.paymentInfo as Record<string, unknown>[]).at(-1)!;
    expect(entry.file_url).toMatch(/\/tourmaster-receipt\/10\/[0-9a-f]{32}\.pdf$/);
    const served = await fetch(`${server.baseUrl}${new URL(str(entry.file_url)).pathname}`);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
  });
});

describe('refused receipts write nothing', () => {
  const file = { data: PNG, name: 'r.png', type: 'image/png' };

  it("another customer's order, posted from the visitor's own booking page or from that order's", async () => {
    const nonce = await madeNonce(customer1);
    await expectRefused(
      customer1,
      6,
      receiptForm(6, { security: nonce, 'transaction-id': 'X' }, file),
      404,
      'This booking could not be found.',
      pageUrl(1),
    );
    const refusal = await get(server, pageUrl(6), customer1.cookie);
    await expectRefused(
      customer1,
      6,
      receiptForm(6, { security: nonce, 'transaction-id': 'X' }, file),
      refusal.status,
      textOf(refusal.text, 'tourmaster-user-update-notification')!,
    );
    expect(refusal.status).toBe(403);
  });

  it('a status the form is not offered for (approved)', async () => {
    const nonce = await madeNonce(customer2);
    await expectRefused(
      customer2,
      2,
      receiptForm(2, { security: nonce, 'transaction-id': 'X' }, file),
      409,
      'A payment receipt cannot be submitted for this booking now (it may have been submitted already).',
    );
  });

  it('no transaction id', async () => {
    const nonce = await nonceFor(customer3, 6);
    await expectRefused(
      customer3,
      6,
      receiptForm(6, { security: nonce, 'transaction-id': '   ' }, file),
      400,
      'Please fill all required fields: the transaction ID is required.',
    );
  });

  it('a transaction id over 200 characters', async () => {
    const nonce = await nonceFor(customer3, 6);
    await expectRefused(
      customer3,
      6,
      receiptForm(6, { security: nonce, 'transaction-id': 'x'.repeat(201) }, file),
      400,
      'The transaction ID is too long (at most 200 characters).',
    );
  });

  it('no file', async () => {
    const nonce = await nonceFor(customer3, 6);
    await expectRefused(
      customer3,
      6,
      receiptForm(6, { security: nonce, 'transaction-id': 'X' }, undefined),
      400,
      'Please select the receipt (a picture or a PDF) to upload.',
    );
  });

  it('a .jpg that is really text', async () => {
    const nonce = await nonceFor(customer3, 6);
    await expectRefused(
      customer3,
      6,
      receiptForm(
        6,
        { security: nonce, 'transaction-id': 'X' },
        { data: Buffer.from('<?php system($_GET[1]); ?>'), name: 'receipt.jpg', type: 'image/jpeg' },
      ),
      415,
      'Please choose a JPG, PNG, GIF or WebP picture, or a PDF, of your receipt.',
    );
  });

  it('a file over the upload limit', async () => {
    const nonce = await nonceFor(customer3, 6);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]);
    await expectRefused(
      customer3,
      6,
      receiptForm(6, { security: nonce, 'transaction-id': 'X' }, { data: big, name: 'big.png', type: 'image/png' }),
      413,
      'The receipt is too big. Please choose a file of at most 2 MB.',
    );
  });

  it('no nonce, or a nonce of another form', async () => {
    await expectRefused(
      customer3,
      6,
      receiptForm(6, { 'transaction-id': 'X' }, file),
      403,
      'The session is expired. Please refesh the page to try again.',
    );
    const page = await get(server, '/my-account/?page_type=change-password', customer3.cookie);
    await expectRefused(
      customer3,
      6,
      receiptForm(6, { security: inputValue(page.text, 'security')!, 'transaction-id': 'X' }, file),
      403,
      'The session is expired. Please refesh the page to try again.',
    );
  });
});

describe('the payment type', () => {
  it('the form offers what the order may still pay, and a deposit is recorded as the plugin records it', async () => {
    const page = await get(server, pageUrl(6), customer3.cookie);
    expect(textOf(page.text, 'tourmaster-payment-receipt-deposit-option')).toBe(
      'Pay Full Amount : $627.84 Pay 30% Deposit : $188.35',
    );
    expect(page.text).toContain('<input type="radio" name="payment-type" value="full" checked />');
    expect(page.text).toContain('<input type="radio" name="payment-type" value="partial" />');
    const before = (await getOrder(tdb.wp, 6))!;
    const reply = await postMultipart(
      server,
      pageUrl(6),
      receiptForm(
        6,
        { security: inputValue(page.text, 'security')!, 'transaction-id': 'DEP-2', 'payment-type': 'partial' },
        { data: PNG, name: 'slip.png', type: 'image/png' },
      ),
      customer3.cookie,
    );
    expect(reply.status).toBe(302);
    const order = (await getOrder(tdb.wp, 6))!;
    expect(order.status).toBe('receipt-submitted');
    const entries = order.paymentInfo as Record<string, unknown>[];
    // The legacy single object became a list of two, as the plugin's payment_info_format reads it.
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({ ...(before.paymentInfo as object), payment_status: 'paid' });
    const entry = entries[1]!;
    expect(Object.keys(entry)).toEqual([
      'payment_method',
      'transaction_id',
      'deposit_rate',
      'deposit_price',
      'local_url',
      'file_url',
      'submission_date',
      'payment_status',
    ]);
    expect([entry.deposit_rate, Number(entry.deposit_price).toFixed(2)]).toEqual([30, '188.35']);
    expect(mailer.sent[0]!.html).toContain('$188.35');
  });
});
