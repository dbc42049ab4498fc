import { Readable } from 'node:stream';
import type { Request } from 'express';
import { type PhpFilesEntry, type PhpInput, parsePhpQuery } from '../php/form-body';
import { AVATAR_MAX_BYTES } from '../services/accounts/avatar';
import type { AppDeps } from './deps';
import { parseMultipart } from './multipart';
import { readRawBody } from './raw-body';

/** A posted form as PHP sees it: `$_POST` and `$_FILES`. */
export interface FormBody {
  fields: { [key: string]: PhpInput };
  files: { [key: string]: PhpFilesEntry };
}

/**
 * Reads a form post: `application/x-www-form-urlencoded` as PHP decodes it, or
 * `multipart/form-data` with its files (one picture at most, larger ones arrive with PHP's error 1).
 * A body an earlier route already read (a raw Buffer in `req.body`) is parsed from that buffer.
 * Anything else is an empty form. An unreadable body rejects with `BodyError` (its `status`).
 */
export async function readFormBody(req: Request, deps: Pick<AppDeps, 'config'>): Promise<FormBody> {
  const type = req.get('content-type') ?? '';
  const alreadyRead = Buffer.isBuffer(req.body) ? (req.body as Buffer) : undefined;
  if (/^\s*multipart\/form-data/i.test(type)) {
    const source = alreadyRead
      ? Object.assign(Readable.from([alreadyRead]), { headers: req.headers, readableEnded: false })
      : req;
    return parseMultipart(source as unknown as Request, {
      maxFileBytes: AVATAR_MAX_BYTES,
      maxFiles: 1,
      maxFields: 200,
      maxFieldBytes: 64 * 1024,
    });
  }
  const buffer = alreadyRead ?? (req.readableEnded ? undefined : await readRawBody(req, deps.config.maxBodyBytes));
  if (!buffer || !/^\s*application\/x-www-form-urlencoded/i.test(type)) return { fields: {}, files: {} };
  return { fields: parsePhpQuery(buffer.toString('utf8')), files: {} };
}
