import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { resolveReceiver } from './receiver-address';

/** A receiver has this long to answer (connect, send, status line). */
export const SEND_TIMEOUT_MS = 10_000;
/** At most this much of a receiver's answer is read (only its status matters). */
const MAX_RESPONSE_BYTES = 4096;

export interface SendResult {
  status: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * One signed POST of an event to a receiver (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature` from the subscription's secret). The host is resolved and checked here, and
 * the connection goes to the address checked (a custom lookup: no second resolution). Redirects are
 * not followed (a 3xx is a failure), the answer's body is read no further than 4 KB. node:http
 * rather than fetch: fetch cannot be pinned to an address without another dependency.
 */
export async function sendWebhook(
  target: { url: string; secret: string; msgId: string; payload: string },
  options: { allowPrivate: boolean; signedAt: Date },
): Promise<SendResult> {
  const started = performance.now();
  const result = (status: number | null, error: string | null): SendResult => ({
    status,
    error,
    durationMs: performance.now() - started,
  });
  const receiver = await resolveReceiver(target.url, options.allowPrivate);
  if (!receiver.ok) return result(null, receiver.message);
  const signature = new Webhook(target.secret).sign(target.msgId, options.signedAt, target.payload);
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) callback(null, [{ address: receiver.address, family: receiver.family }]);
    else callback(null, receiver.address, receiver.family);
  };
  const body = Buffer.from(target.payload);
  const client = receiver.url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    const request = client.request(
      receiver.url,
      {
        method: 'POST',
        lookup: pinned,
        timeout: SEND_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'tourmaster-webhooks/1',
          'webhook-id': target.msgId,
          'webhook-timestamp': String(Math.floor(options.signedAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () => resolve(result(response.statusCode ?? null, null));
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    // The whole exchange is bounded, not only the idle time between packets.
    const deadline = setTimeout(() => request.destroy(new Error('timed out')), SEND_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (err) => resolve(result(null, err.message || 'connection failed')));
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}
