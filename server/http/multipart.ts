/**
 * `multipart/form-data` bodies as PHP's `rfc1867_post_handler` sees them: non-file fields become
 * `$_POST` (through `parsePhpQueryEntries`, so `data[tour-people][]` nests exactly as PHP nests it),
 * file parts become `UploadedFile`s carrying PHP's `UPLOAD_ERR_*` code.
 *
 * PHP rules kept: a part is a file when it has a `filename` parameter; `filename=""` (no file
 * chosen) is error 4 and does not count towards `maxFiles`; a file over `maxFileBytes`
 * (`upload_max_filesize`) is error 1 and one over a preceding `MAX_FILE_SIZE` field is error 2,
 * both with size 0, empty data and empty type; files past `maxFiles` (`max_file_uploads`) and file
 * names with unbalanced brackets or text after a `]` are dropped; fields past `maxFields`
 * (`max_input_vars`) are ignored; at most `maxFields + maxFiles` parts are read
 * (`max_multipart_body_parts`); a part with neither `name` nor `filename` ends parsing.
 *
 * `files` is simpler than `$_FILES`: it is keyed by the part's full name as sent. A name ending in
 * `[]` collects its files into an array (`docs[]` → `files['docs[]'] = [a, b]`); any other name
 * holds one file, the last one sent (`x[a]` → `files['x[a]']`).
 *
 * Where busboy cannot tell what PHP can: busboy treats a part with `filename=""` and no
 * `Content-Type` as a field (browsers always send `application/octet-stream` there) and a part
 * with `Content-Type: application/octet-stream` but no `filename` as a file (PHP: a field); such a
 * file is reported as error 4. A file part without `Content-Type` gets type `text/plain`.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { type PhpFilesEntry, type PhpInput, parsePhpQueryEntries, type UploadedFile } from '../php/form-body';

export interface MultipartLimits {
  /** PHP `upload_max_filesize`: larger files are discarded with error 1. */
  maxFileBytes: number;
  /** PHP `max_file_uploads`: further file parts are dropped. */
  maxFiles: number;
  /** PHP `max_input_vars` for the non-file fields: further fields are ignored. */
  maxFields: number;
  /** Largest non-file field value; a larger one rejects the body (BodyError, status 413). */
  maxFieldBytes: number;
  /** PHP `post_max_size`: a larger body, fields and files together, is rejected (BodyError, status 413). */
  maxBodyBytes?: number;
}

export interface MultipartBody {
  fields: { [key: string]: PhpInput };
  files: { [key: string]: PhpFilesEntry };
}

/** A request body that cannot be read; `status` is the HTTP status to answer with. */
export class BodyError extends Error {
  override readonly name = 'BodyError';
  readonly status: number;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status ?? 400;
  }
}

/** rfc1867's "never repair potential malicious user input" check on file part names. */
function isAcceptableFileName(name: string): boolean {
  let depth = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === '[') {
      depth++;
    } else if (c === ']') {
      depth--;
      const next = name[i + 1];
      if (next !== undefined && next !== '[') return false;
    }
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** C `strtoll(value, NULL, 10)`, as PHP reads MAX_FILE_SIZE. */
function strtoll(value: string): number {
  const match = /^[ \t\n\v\f\r]*([+-]?[0-9]+)/.exec(value);
  return match ? Number(match[1]) : 0;
}

const EMPTY = Buffer.alloc(0);
const TOO_LARGE = 'The request is too large.';

/** What one body's parse shares between busboy's events. */
interface MultipartParse {
  readonly req: IncomingMessage;
  readonly bb: busboy.Busboy;
  readonly limits: MultipartLimits;
  readonly fieldEntries: [string, string][];
  readonly files: { [key: string]: PhpFilesEntry };
  readonly pendingFiles: Promise<void>[];
  uploads: number;
  anonymousIndex: number;
  formMaxFileSize: number;
  /** PHP: "File Upload Mime headers garbled" ends parsing */
  stopped: boolean;
  settled: boolean;
  readonly resolve: (body: MultipartBody) => void;
  readonly reject: (error: BodyError) => void;
}

/** The checks made before the body is read: its content type, that it is unread, its declared length. */
function assertReadableMultipart(req: IncomingMessage, maxBodyBytes: number): void {
  const contentType = req.headers['content-type'];
  if (contentType === undefined || !/^\s*multipart\/form-data\s*(?:;|$)/i.test(contentType)) {
    throw new BodyError(`expected a multipart/form-data body, got ${contentType ?? 'no Content-Type'}`, {
      status: 415,
    });
  }
  if (req.readableEnded) throw new BodyError('the request body was already read');
  if (Number(req.headers['content-length']) > maxBodyBytes) throw new BodyError(TOO_LARGE, { status: 413 });
}

function openBusboy(req: IncomingMessage, limits: MultipartLimits): busboy.Busboy {
  try {
    return busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: {
        fileSize: limits.maxFileBytes + 1, // one byte over tells "too big" from "exactly the limit"
        fieldSize: limits.maxFieldBytes + 1,
        fields: limits.maxFields,
        parts: limits.maxFields + limits.maxFiles,
      },
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new BodyError(
      /boundary/i.test(message)
        ? 'multipart/form-data Content-Type has no boundary'
        : `bad multipart/form-data Content-Type: ${message}`,
      { cause: err },
    );
  }
}

/** Rejects once and drains the rest of the request so a response can still be sent. */
function fail(parse: MultipartParse, error: BodyError): void {
  if (parse.settled) return;
  parse.settled = true;
  parse.req.unpipe(parse.bb);
  parse.req.resume();
  parse.bb.destroy();
  parse.reject(error);
}

function onField(parse: MultipartParse, rawName: string, value: string, info: busboy.FieldInfo): void {
  if (parse.settled || parse.stopped) return;
  const name = rawName as string | undefined;
  if (info.valueTruncated) {
    fail(
      parse,
      new BodyError(`multipart field ${name ?? ''} is over ${parse.limits.maxFieldBytes} bytes`, { status: 413 }),
    );
    return;
  }
  if (name === undefined) {
    parse.stopped = true;
    return;
  }
  parse.fieldEntries.push([name, value]);
  if (name.toLowerCase() === 'max_file_size') parse.formMaxFileSize = strtoll(value);
}

function onFile(parse: MultipartParse, rawName: string, stream: Readable, info: busboy.FileInfo): void {
  // A failed body surfaces as busboy's 'error'; the file stream's copy needs a listener.
  stream.on('error', () => {});
  let name = rawName as string | undefined;
  const filename = info.filename ?? '';
  if (parse.settled || parse.stopped || (name === undefined && filename === '')) {
    if (name === undefined) parse.stopped = true;
    stream.resume();
    return;
  }
  name ??= String(parse.anonymousIndex++);
  if (parse.uploads >= parse.limits.maxFiles || !isAcceptableFileName(name)) {
    stream.resume();
    return;
  }

  const file: UploadedFile = { name: filename, type: '', size: 0, data: EMPTY, error: 4 };
  placeFile(parse.files, name, file);

  if (filename === '') {
    stream.resume();
    return;
  }
  parse.uploads++;
  parse.pendingFiles.push(readFile(stream, file, info.mimeType, parse.limits.maxFileBytes, parse.formMaxFileSize));
}

/** A name ending in `[]` collects its files; any other name holds the last one sent. */
function placeFile(files: { [key: string]: PhpFilesEntry }, name: string, file: UploadedFile): void {
  if (name.endsWith('[]')) {
    const list = files[name];
    if (Array.isArray(list)) list.push(file);
    else files[name] = [file];
  } else {
    files[name] = file;
  }
}

/** Fills `file` from its part, or sets error 1 or 2 when it is over `upload_max_filesize` or `MAX_FILE_SIZE`. */
function readFile(
  stream: Readable,
  file: UploadedFile,
  mimeType: string,
  maxFileBytes: number,
  maxFormSize: number,
): Promise<void> {
  const overLimit = (size: number): 0 | 1 | 2 => {
    if (size > maxFileBytes) return 1;
    if (maxFormSize !== 0 && size > maxFormSize) return 2;
    return 0;
  };
  return new Promise<void>((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (overLimit(size) !== 0)
        chunks.length = 0; // never keep more than the limit
      else chunks.push(chunk);
    });
    stream.on('end', () => {
      const error = overLimit(size);
      if (error === 0) {
        file.type = mimeType;
        file.size = size;
        file.data = Buffer.concat(chunks, size);
      }
      file.error = error;
      done();
    });
    stream.on('close', done);
  });
}

function onClose(parse: MultipartParse): void {
  void Promise.all(parse.pendingFiles).then(() => {
    if (parse.settled) return;
    parse.settled = true;
    parse.resolve({
      fields: parsePhpQueryEntries(parse.fieldEntries, { maxInputVars: parse.limits.maxFields }),
      files: parse.files,
    });
  });
}

/** Fails the parse on a read error, an abort, or a body over `maxBodyBytes`. */
function watchRequest(parse: MultipartParse, maxBodyBytes: number): void {
  const { req } = parse;
  // A chunked body declares no length: counted as it arrives.
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxBodyBytes) fail(parse, new BodyError(TOO_LARGE, { status: 413 }));
  });
  req.on('error', (err) =>
    fail(parse, new BodyError(`reading the request body failed: ${err.message}`, { cause: err })),
  );
  req.on('aborted', () => fail(parse, new BodyError('the client aborted the request')));
}

/**
 * Reads a `multipart/form-data` request. Rejects with `BodyError` for another content type (415),
 * a missing boundary, a malformed or truncated body (400), an over-long field (413) or a failed
 * read; the rest of the request is then drained so a response can still be sent.
 */
export async function parseMultipart(req: IncomingMessage, limits: MultipartLimits): Promise<MultipartBody> {
  const maxBodyBytes = limits.maxBodyBytes ?? Number.POSITIVE_INFINITY;
  assertReadableMultipart(req, maxBodyBytes);
  const bb = openBusboy(req, limits);

  return new Promise<MultipartBody>((resolve, reject) => {
    const parse: MultipartParse = {
      req,
      bb,
      limits,
      fieldEntries: [],
      files: Object.create(null) as { [key: string]: PhpFilesEntry },
      pendingFiles: [],
      uploads: 0,
      anonymousIndex: 0,
      formMaxFileSize: 0,
      stopped: false,
      settled: false,
      resolve,
      reject,
    };
    bb.on('field', (name, value, info) => onField(parse, name, value, info));
    bb.on('file', (name, stream, info) => onFile(parse, name, stream, info));
    bb.on('error', (err) => {
      const message = err instanceof Error ? err.message : String(err);
      fail(parse, new BodyError(`malformed multipart/form-data body: ${message}`, { cause: err }));
    });
    bb.on('close', () => onClose(parse));
    watchRequest(parse, maxBodyBytes);
    req.pipe(bb);
  });
}
