import { raw as rawParser } from 'body-parser';
import type { Request, Response } from 'express';
import { BodyError } from './multipart';

type RawParser = ReturnType<typeof rawParser>;

/** body-parser never touches the response of a raw read. */
const NO_RESPONSE = {} as Response;
const anyType = () => true;

/**
 * One parser per limit (the config's and the Stripe webhook's, so two): building one checks and
 * converts its options and makes its closures, work that was done again for every request.
 */
const parsers = new Map<number, RawParser>();

function parserFor(maxBytes: number): RawParser {
  let parser = parsers.get(maxBytes);
  if (!parser) {
    parser = rawParser({ type: anyType, limit: maxBytes });
    parsers.set(maxBytes, parser);
  }
  return parser;
}

/**
 * The request body as bytes, read once through body-parser (size limit, Content-Encoding, aborted
 * requests); a body an earlier handler already read is returned as it was. PHP decodes `$_POST`
 * from the bytes itself, so nothing is parsed here. A body over `maxBytes` rejects with BodyError
 * 413, an unreadable one with BodyError 400 (or body-parser's own 4xx).
 */
export function readRawBody(req: Request, maxBytes: number): Promise<Buffer> {
  if (Buffer.isBuffer(req.body)) return Promise.resolve(req.body);
  return new Promise((resolve, reject) => {
    parserFor(maxBytes)(req, NO_RESPONSE, (err?: unknown) => {
      if (!err) return resolve(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      const e = err as { type?: string; status?: number };
      if (e.type === 'entity.too.large') return reject(new BodyError('The request is too large.', { status: 413 }));
      reject(
        new BodyError('The request body could not be read.', {
          status: e.status && e.status < 500 ? e.status : 400,
          cause: err,
        }),
      );
    });
  });
}
