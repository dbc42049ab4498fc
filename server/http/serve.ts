import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../core/logger';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Serving {
  readonly server: Server;
  /**
   * Stops taking work: the listener closes (new connections are refused once no other process on
   * the port listens), idle keep-alive connections close, replies still to come say
   * `Connection: close`, `/readyz` answers 503. Resolves when the last in-flight request has
   * finished, or rejects when `timeoutMs` passes first (the connections are then cut).
   */
  drain(timeoutMs: number): Promise<void>;
}

/**
 * Listens with `handler` (the Express app) and knows how to stop gracefully. Everything that
 * differs while draining lives here, in front of the app, so the app itself stays stateless.
 */
export function serve(
  handler: Handler,
  options: { host: string; port: number; log: Logger },
): Promise<Serving & { readonly url: string }> {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  // In a cluster, which worker answered: for operators reading logs and a proxy's access log.
  const workerId = cluster.isWorker ? String(cluster.worker?.id ?? '') : undefined;

  const server = createServer((req, res) => {
    if (workerId) res.setHeader('X-Worker', workerId);
    if (draining) {
      res.setHeader('Connection', 'close');
      // A load balancer polling /readyz takes this process out of rotation before it goes.
      if (req.url === '/readyz' || req.url?.startsWith('/readyz?')) {
        res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end('{"ready":false,"reason":"The server is shutting down."}');
        return;
      }
    }
    inFlight.add(res);
    res.on('close', () => {
      inFlight.delete(res);
      // A reply whose headers went out before the drain kept its connection alive: close it now.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
    handler(req, res);
  });

  const drain = (timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const deadline = setTimeout(() => {
        options.log.warn({ inFlight: inFlight.size }, 'shutdown deadline passed: closing connections');
        server.closeAllConnections();
        reject(new Error('in-flight requests did not finish in time'));
      }, timeoutMs);
      deadline.unref();
      server.close(() => {
        clearTimeout(deadline);
        resolve();
      });
      server.closeIdleConnections();
    });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      resolve({ server, drain, url: `http://${host}:${port}` });
    });
  });
}
