import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { pageHelmets, recordedHeaders } from './security-headers';

/** A response that keeps the headers set and removed, in order. */
function collector(nonce: string) {
  const headers = new Map<string, string>();
  const removed: string[] = [];
  const res = {
    locals: { cspNonce: nonce },
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => removed.push(name.toLowerCase()),
  };
  return { res: res as unknown as ServerResponse, headers, removed };
}

describe('recorded page headers', () => {
  for (const [variant, middleware] of Object.entries(pageHelmets)) {
    it(`are helmet's own for a page (${variant}), with each request's nonce`, () => {
      const recorded = recordedHeaders(middleware);
      for (const nonce of ['bm9uY2VPbmU+/w==', 'b3RoZXIgbm9uY2U=']) {
        const byHelmet = collector(nonce);
        middleware({} as IncomingMessage, byHelmet.res, () => {});
        const byRecord = collector(nonce);
        recorded(byRecord.res, nonce);
        expect([...byRecord.headers]).toEqual([...byHelmet.headers]);
        expect(byRecord.removed).toEqual(byHelmet.removed);
        expect(byRecord.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
      }
    });
  }
});
