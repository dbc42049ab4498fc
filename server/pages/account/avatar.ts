import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import type { AppDeps } from '../../http/deps';
import { AVATAR_URL_PREFIX, avatarDir } from '../../services/accounts/avatar';
import { RECEIPT_URL_PREFIX, receiptDir } from '../../services/accounts/payment-receipt';

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/**
 * Serves files stored under the data folder at `{prefix}{numeric folder}/{random hex}.{ext}`: only
 * names of that shape (no path tricks), with the type from the extension our upload code chose
 * after reading the bytes, and a sandboxing policy. PDFs are downloaded, not shown inline.
 */
function storedFiles(deps: AppDeps, prefix: string, dir: (deps: AppDeps) => string, exts: readonly string[]) {
  const fileName = new RegExp(`^([0-9a-f]{32})\\.(${exts.join('|')})$`);
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith(prefix)) return next();
    const [folder, name, ...rest] = req.path.slice(prefix.length).split('/');
    const match = name ? fileName.exec(name) : null;
    if (rest.length > 0 || !folder || !/^\d{1,20}$/.test(folder) || !match) return next();
    const ext = match[2]!;
    // `root`: the data folder may itself be a dot folder (`.data`), which `send` refuses in a full path.
    res.sendFile(
      name!,
      {
        root: path.join(dir(deps), folder),
        headers: {
          'Content-Type': MIME[ext]!,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cache-Control': 'public, max-age=86400',
          ...(ext === 'pdf' ? { 'Content-Disposition': `attachment; filename="receipt-${folder}.pdf"` } : {}),
        },
      },
      (err) => {
        if (err && !res.headersSent) next();
      },
    );
  };
}

/** Serves the stored pictures: `GET /dropin-uploads/tourmaster-avatar/{user id}/{name}`. */
export function avatarFiles(deps: AppDeps) {
  return storedFiles(deps, AVATAR_URL_PREFIX, (d) => avatarDir(d.config), ['png', 'jpg', 'gif']);
}

/**
 * Serves the payment receipts: `GET /dropin-uploads/tourmaster-receipt/{order id}/{name}`. Like the
 * plugin's (public uploads folder), anyone with the address sees the file; the 128-bit random name
 * is what keeps it from being guessed. The WordPress admin's order page links to it (`file_url`).
 */
export function receiptFiles(deps: AppDeps) {
  return storedFiles(deps, RECEIPT_URL_PREFIX, (d) => receiptDir(d.config), ['png', 'jpg', 'gif', 'webp', 'pdf']);
}
