import http from 'node:http';
import net from 'node:net';

/**
 * Stand-ins for the WordPress upstream in switch-over tests: a server that records what it received
 * and answers as told, one that accepts connections and never answers, and a port nobody listens on.
 */

export interface ReceivedRequest {
  method: string;
  url: string;
  /** Header pairs as they arrived (name case kept). */
  rawHeaders: string[];
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface UpstreamAnswer {
  status: number;
  headers: [string, string][];
  body: string | Buffer;
}

export interface RecordingUpstream {
  url: string;
  received: ReceivedRequest[];
  /** What the next requests are answered with (a function of the request). */
  answer: (req: ReceivedRequest) => UpstreamAnswer;
  close(): Promise<void>;
}

export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  const upstream: RecordingUpstream = {
    url: '',
    received: [],
    answer: () => ({ status: 200, headers: [['Content-Type', 'text/plain']], body: 'upstream' }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        rawHeaders: req.rawHeaders,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      upstream.received.push(received);
      const answer = upstream.answer(received);
      const headers = answer.headers.flat();
      res.writeHead(answer.status, headers);
      res.end(answer.body);
    });
  });
  upstream.url = await listen(server);
  return upstream;
}

/** Accepts connections and reads requests, but never says a word. */
export async function startSilentUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  const url = await listen(server);
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port that was free a moment ago and that nobody listens on now: connections are refused. */
export async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  const url = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}

/** A free TCP port on 127.0.0.1 (for a process that must be told its port, like nginx). */
export async function freePort(): Promise<number> {
  const url = await closedPortUrl();
  return Number(new URL(url).port);
}

function listen(server: net.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/**
 * One request over its own connection with exactly the headers given (fetch refuses hop-by-hop
 * ones like Connection and Keep-Alive, which a proxy test must send).
 */
export function rawRequest(
  baseUrl: string,
  init: { method?: string; path: string; headers?: Record<string, string | string[]>; body?: string | Buffer },
): Promise<RawReply> {
  const url = new URL(init.path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: init.method ?? 'GET',
        path: url.pathname + url.search,
        headers: init.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
