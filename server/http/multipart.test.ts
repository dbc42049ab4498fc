import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhpInput, UploadedFile } from '../php/form-body';
import { BodyError, type MultipartBody, type MultipartLimits, parseMultipart } from './multipart';

const LIMITS: MultipartLimits = { maxFileBytes: 1024, maxFiles: 20, maxFields: 1000, maxFieldBytes: 4096 };

/** The server hands each request to the handler the current test installed. */
let handle: (req: IncomingMessage) => Promise<unknown> = async () => undefined;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req).then(
      () => res.end('ok'),
      (err: unknown) => {
        res.statusCode = err instanceof BodyError ? err.status : 500;
        res.end(String(err));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-admin/admin-ajax.php`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** POSTs `body` over real HTTP; resolves with what `parseMultipart` returned or threw, and the status. */
async function post(
  body: FormData | string | Buffer,
  options: { contentType?: string; limits?: Partial<MultipartLimits> } = {},
): Promise<{ status: number; result: MultipartBody | unknown }> {
  let result: MultipartBody | unknown;
  handle = async (req) => {
    try {
      result = await parseMultipart(req, { ...LIMITS, ...options.limits });
    } catch (err) {
      result = err;
      throw err;
    }
  };
  const headers: Record<string, string> = options.contentType ? { 'content-type': options.contentType } : {};
  const res = await fetch(url, { method: 'POST', body: Buffer.isBuffer(body) ? new Uint8Array(body) : body, headers });
  await res.text();
  return { status: res.status, result };
}

async function parsed(
  body: FormData | string | Buffer,
  options: { contentType?: string; limits?: Partial<MultipartLimits> } = {},
) {
  const { status, result } = await post(body, options);
  if (status !== 200) throw result;
  return result as MultipartBody;
}

async function rejected(
  body: FormData | string | Buffer,
  options: { contentType?: string; limits?: Partial<MultipartLimits> } = {},
) {
  const { status, result } = await post(body, options);
  expect(result).toBeInstanceOf(BodyError);
  expect(status).toBe((result as BodyError).status);
  return result as BodyError;
}

function plain(value: PhpInput): unknown {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(plain);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
}

const BOUNDARY = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A body as a browser writes it: `[headers, content]` per part. */
function rawBody(parts: [string, string | Buffer][]): Buffer {
  const chunks: Buffer[] = [];
  for (const [headers, content] of parts) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const file = (name: string, type: string, content: string): UploadedFile => ({
  name,
  type,
  size: Buffer.byteLength(content),
  data: Buffer.from(content),
  error: 0,
});

describe('parseMultipart', () => {
  it('parses fields the PHP way and collects files (FormData over fetch)', async () => {
    const form = new FormData();
    form.append('action', 'tourmaster_upload_receipt');
    form.append('data[tour-id]', '4');
    form.append('data[tour-people][]', '2');
    form.append('data[tour-people][]', '1');
    form.append('a.b', 'dot');
    form.append('avatar', new Blob(['\x89PNG\r\n'], { type: 'image/png' }), 'me.png');
    form.append('docs[]', new Blob(['first']), 'a.txt');
    form.append('docs[]', new Blob(['second'], { type: 'text/plain' }), 'b.txt');
    form.append('x[a]', new Blob(['x'], { type: 'application/pdf' }), 'x.pdf');
    form.append('ἀ[α]', 'greek');
    const { fields, files } = await parsed(form);

    expect(plain(fields)).toEqual({
      action: 'tourmaster_upload_receipt',
      data: { 'tour-id': '4', 'tour-people': ['2', '1'] },
      a_b: 'dot',
      ἀ: { α: 'greek' },
    });
    expect(Object.getPrototypeOf(files)).toBeNull();
    expect(files.avatar).toEqual(file('me.png', 'image/png', '\x89PNG\r\n'));
    expect(files['docs[]']).toEqual([
      file('a.txt', 'application/octet-stream', 'first'),
      file('b.txt', 'text/plain', 'second'),
    ]);
    expect(files['x[a]']).toEqual(file('x.pdf', 'application/pdf', 'x'));
  });

  // [what, parts, expected fields, expected files]
  const cases: [string, [string, string | Buffer][], unknown, Record<string, unknown>][] = [
    [
      'browser "no file chosen" part is error 4',
      [
        ['Content-Disposition: form-data; name="receipt"; filename=""\r\nContent-Type: application/octet-stream', ''],
        ['Content-Disposition: form-data; name="tid"', '12'],
      ],
      { tid: '12' },
      { receipt: { name: '', type: '', size: 0, data: Buffer.alloc(0), error: 4 } },
    ],
    [
      'UTF-8 names and file names, path stripped from the file name',
      [
        ['Content-Disposition: form-data; name="τ[ά]"', 'ω'],
        ['Content-Disposition: form-data; name="φ"; filename="C:\\Users\\me\\ἀ.txt"\r\nContent-Type: text/plain', 'α'],
      ],
      { τ: { ά: 'ω' } },
      { φ: file('ἀ.txt', 'text/plain', 'α') },
    ],
    [
      'a part without Content-Disposition is skipped',
      [
        ['Content-Type: text/plain', 'ignored'],
        ['Content-Disposition: form-data; name="a"', '1'],
      ],
      { a: '1' },
      {},
    ],
    [
      'a file part name with text after "]" or unbalanced brackets is dropped',
      [
        ['Content-Disposition: form-data; name="x[a]b"; filename="a.txt"\r\nContent-Type: text/plain', 'a'],
        ['Content-Disposition: form-data; name="y[a"; filename="b.txt"\r\nContent-Type: text/plain', 'b'],
        ['Content-Disposition: form-data; name="z]"; filename="c.txt"\r\nContent-Type: text/plain', 'c'],
        ['Content-Disposition: form-data; name="ok[a][b]"; filename="d.txt"\r\nContent-Type: text/plain', 'd'],
      ],
      {},
      { 'ok[a][b]': file('d.txt', 'text/plain', 'd') },
    ],
    [
      "a file without a name gets PHP's anonymous index",
      [['Content-Disposition: form-data; filename="a.txt"\r\nContent-Type: text/plain', 'a']],
      {},
      { 0: file('a.txt', 'text/plain', 'a') },
    ],
    [
      'a part with neither name nor filename ends parsing (PHP: "Mime headers garbled")',
      [
        ['Content-Disposition: form-data; name="a"', '1'],
        ['Content-Disposition: form-data', 'x'],
        ['Content-Disposition: form-data; name="b"', '2'],
      ],
      { a: '1' },
      {},
    ],
    [
      'a plain name holds the last file sent',
      [
        ['Content-Disposition: form-data; name="f"; filename="1.txt"\r\nContent-Type: text/plain', '1'],
        ['Content-Disposition: form-data; name="f"; filename="2.txt"\r\nContent-Type: text/plain', '2'],
      ],
      {},
      { f: file('2.txt', 'text/plain', '2') },
    ],
    [
      'a file over MAX_FILE_SIZE is error 2; only files after the field are checked',
      [
        ['Content-Disposition: form-data; name="before"; filename="0.txt"\r\nContent-Type: text/plain', '12345'],
        ['Content-Disposition: form-data; name="MAX_FILE_SIZE"', '4'],
        ['Content-Disposition: form-data; name="big"; filename="1.txt"\r\nContent-Type: text/plain', '12345'],
        ['Content-Disposition: form-data; name="fits"; filename="2.txt"\r\nContent-Type: text/plain', '1234'],
      ],
      { MAX_FILE_SIZE: '4' },
      {
        before: file('0.txt', 'text/plain', '12345'),
        big: { name: '1.txt', type: '', size: 0, data: Buffer.alloc(0), error: 2 },
        fits: file('2.txt', 'text/plain', '1234'),
      },
    ],
    [
      '__proto__ and constructor are plain own keys',
      [
        ['Content-Disposition: form-data; name="__proto__[polluted]"', '1'],
        ['Content-Disposition: form-data; name="__proto__"; filename="p.txt"\r\nContent-Type: text/plain', 'p'],
      ],
      // Object.fromEntries makes an own `__proto__` key, as a literal would not.
      Object.fromEntries([['__proto__', { polluted: '1' }]]),
      Object.fromEntries([['__proto__', file('p.txt', 'text/plain', 'p')]]),
    ],
  ];

  it.each(cases)('%s', async (_what, parts, expectedFields, expectedFiles) => {
    const { fields, files } = await parsed(rawBody(parts), { contentType: CONTENT_TYPE });
    expect(plain(fields)).toEqual(plain(expectedFields as PhpInput));
    expect(Object.keys(files)).toEqual(Object.keys(expectedFiles));
    for (const key of Object.keys(expectedFiles)) expect(files[key]).toEqual(expectedFiles[key]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('discards a file over maxFileBytes with error 1 without buffering it, and goes on', async () => {
    const form = new FormData();
    form.append('big', new Blob([Buffer.alloc(1024 * 1024, 'a')], { type: 'image/jpeg' }), 'big.jpg');
    form.append('exact', new Blob([Buffer.alloc(1024, 'b')], { type: 'image/jpeg' }), 'exact.jpg');
    form.append('after', 'still parsed');
    const { fields, files } = await parsed(form);
    expect(files.big).toEqual({ name: 'big.jpg', type: '', size: 0, data: Buffer.alloc(0), error: 1 });
    expect(files.exact).toMatchObject({ name: 'exact.jpg', type: 'image/jpeg', size: 1024, error: 0 });
    expect((files.exact as UploadedFile).data.equals(Buffer.alloc(1024, 'b'))).toBe(true);
    expect(plain(fields)).toEqual({ after: 'still parsed' });
  });

  it('drops files past maxFiles; "no file" parts do not count but are dropped past the limit', async () => {
    const part = (name: string, filename: string, content: string): [string, string] => [
      `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${filename ? 'text/plain' : 'application/octet-stream'}`,
      content,
    ];
    const { files } = await parsed(
      rawBody([
        part('a', 'a.txt', 'a'),
        part('none1', '', ''),
        part('b', 'b.txt', 'b'),
        part('none2', '', ''),
        part('c', 'c.txt', 'c'),
      ]),
      { contentType: CONTENT_TYPE, limits: { maxFiles: 2 } },
    );
    expect(Object.keys(files)).toEqual(['a', 'none1', 'b']);
    expect((files.none1 as UploadedFile).error).toBe(4);
  });

  it('reports a FormData Blob with an empty file name as "no file" (error 4)', async () => {
    // undici then sends no filename at all, only `Content-Type: application/octet-stream`.
    const form = new FormData();
    form.append('receipt', new Blob([]), '');
    const { fields, files } = await parsed(form);
    expect(plain(fields)).toEqual({});
    expect(files.receipt).toEqual({ name: '', type: '', size: 0, data: Buffer.alloc(0), error: 4 });
  });

  it('ignores fields past maxFields (max_input_vars)', async () => {
    const form = new FormData();
    for (let i = 0; i < 5; i++) form.append(`f${i}`, String(i));
    form.append('file', new Blob(['x'], { type: 'text/plain' }), 'x.txt');
    const { fields, files } = await parsed(form, { limits: { maxFields: 3 } });
    expect(plain(fields)).toEqual({ f0: '0', f1: '1', f2: '2' });
    expect(files.file).toEqual(file('x.txt', 'text/plain', 'x'));
  });

  it('rejects a field over maxFieldBytes with 413, and the response still gets through', async () => {
    const form = new FormData();
    form.append('fits', 'x'.repeat(16));
    form.append('long', 'x'.repeat(17));
    form.append('file', new Blob([Buffer.alloc(256 * 1024)]), 'after.bin');
    const error = await rejected(form, { limits: { maxFieldBytes: 16 } });
    expect(error.status).toBe(413);
    expect(error.message).toContain('long');
  });

  it('rejects a body over maxBodyBytes with 413, declared or streamed, though every part fits', async () => {
    const form = new FormData();
    for (let i = 0; i < 8; i++) form.append(`f${i}`, 'x'.repeat(1000));
    const declared = await rejected(form, { limits: { maxBodyBytes: 4096 } });
    expect([declared.status, declared.message]).toEqual([413, 'The request is too large.']);
    // No Content-Length: a stream is sent chunked, and counted as it arrives.
    const encoded = new Response(form);
    const streamed = await new Promise<BodyError>((resolve) => {
      handle = (req) =>
        parseMultipart(req, { ...LIMITS, maxBodyBytes: 4096 }).then(
          () => resolve(new BodyError('parsed')),
          (err: BodyError) => {
            resolve(err);
            throw err;
          },
        );
      void fetch(url, {
        method: 'POST',
        headers: { 'content-type': encoded.headers.get('content-type')! },
        body: encoded.body,
        duplex: 'half',
      } as RequestInit).then((r) => r.text());
    });
    expect([streamed.status, streamed.message]).toEqual([413, 'The request is too large.']);
    expect(await parsed(form, { limits: { maxBodyBytes: 64 * 1024 } })).toHaveProperty('fields.f7');
  });

  it.each([
    ['a body that is not multipart', 'just some text, no boundary anywhere'],
    [
      'a body cut off before the closing boundary',
      rawBody([['Content-Disposition: form-data; name="a"', '1']]).subarray(0, -25),
    ],
    ['an empty body', ''],
    [
      'a part header that never ends',
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n${'X-Pad: y\r\n'.repeat(3000)}`,
    ],
  ])('rejects %s with BodyError 400', async (_what, body) => {
    const error = await rejected(body, { contentType: CONTENT_TYPE });
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/malformed multipart\/form-data body/);
  });

  it('rejects a multipart Content-Type without a boundary', async () => {
    const error = await rejected('--x\r\n', { contentType: 'multipart/form-data' });
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/no boundary/);
  });

  it('rejects another content type with 415', async () => {
    const error = await rejected('a=1', { contentType: 'application/x-www-form-urlencoded' });
    expect(error.status).toBe(415);
  });

  it('works on any IncomingMessage-shaped stream', async () => {
    const body = rawBody([['Content-Disposition: form-data; name="data[tour-people][]"', '3']]);
    const req = Object.assign(Readable.from([body]), { headers: { 'content-type': CONTENT_TYPE } });
    const { fields } = await parseMultipart(req as unknown as IncomingMessage, LIMITS);
    expect(plain(fields)).toEqual({ data: { 'tour-people': ['3'] } });
  });
});
