import type { IncomingMessage } from 'node:http';

/**
 * The bytes of a request body as they came off the wire, kept while admin-ajax reads the body to
 * find its `action`: when the action turns out to be WordPress's, those exact bytes (multipart
 * boundaries, compression and all) are what is forwarded. Kept only up to `maxBytes`, the body limit
 * the readers enforce anyway; past it the request is refused before it could be forwarded.
 */
const recordings = new WeakMap<IncomingMessage, { chunks: Buffer[]; bytes: number; overflow: boolean }>();

/**
 * Starts recording. Must be called in the same tick as the reader attaches to the stream: a 'data'
 * listener starts the flow on the next tick, and a reader that came later would miss chunks.
 */
export function recordBody(req: IncomingMessage, maxBytes: number): void {
  if (recordings.has(req)) return;
  const recording = { chunks: [] as Buffer[], bytes: 0, overflow: false };
  recordings.set(req, recording);
  req.on('data', (chunk: Buffer) => {
    if (recording.overflow) return;
    recording.bytes += chunk.length;
    if (recording.bytes > maxBytes) {
      recording.overflow = true;
      recording.chunks = [];
    } else recording.chunks.push(chunk);
  });
}

/** The recorded body, when the whole of it was recorded. */
export function recordedBody(req: IncomingMessage): Buffer | undefined {
  const recording = recordings.get(req);
  if (!recording || recording.overflow || !req.readableEnded) return undefined;
  return Buffer.concat(recording.chunks);
}
