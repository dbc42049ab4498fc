import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Exchange } from '../parity/exchanges';

export interface ReceivedRequest {
  method: string;
  path: string;
  body: string;
}

export interface LiveStandIn {
  url: string;
  /** Every request it was sent, in order. */
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * Plays an admin's live WordPress site for the parity tests: it answers each request with the
 * reply captured for the same method, path and body, its links moved from the captured site's
 * address to its own (as a live site links to itself), and records what it received. A request
 * it has no reply for gets a 404 page, as a site would.
 */
export async function startLiveStandIn(exchanges: readonly Exchange[], capturedOrigin: string): Promise<LiveStandIn> {
  const received: ReceivedRequest[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      received.push({ method, path, body });
      const ex = exchanges.find(
        (e) => e.request.method === method && e.request.path === path && (e.request.body ?? '') === body,
      );
      if (!ex) {
        res.writeHead(404, { 'Content-Type': 'text/html; charset=UTF-8' }).end('<html><body>Not found</body></html>');
        return;
      }
      const moved = (text: string) =>
        text
          .split(capturedOrigin)
          .join(origin)
          .split(capturedOrigin.replace(/\//g, '\\/'))
          .join(origin.replace(/\//g, '\\/'));
      const headers: [string, string][] = ex.response.headers
        .filter(([name]) => !/^(content-length|transfer-encoding|content-encoding|connection)$/i.test(name))
        .map(([name, value]) => [name, moved(value)]);
      res.writeHead(ex.response.status, headers.flat());
      res.end(moved(ex.response.raw_body ?? ex.response.body ?? JSON.stringify(ex.response.json)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
