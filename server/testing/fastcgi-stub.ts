import net from 'node:net';

/**
 * A stand-in for PHP-FPM: a TCP server speaking enough FastCGI (the responder role, one request
 * per connection or several with FCGI_KEEP_CONN) to take what nginx's `fastcgi_pass` sends and
 * answer with a marker page naming the script PHP would have run. Each request's parameters and
 * body are recorded, so a test can say what reached "WordPress".
 */

export const PHP_STUB_MARKER = 'php-fpm stub';

export interface FastcgiRequest {
  params: Record<string, string>;
  stdin: Buffer;
}

export interface FastcgiStub {
  /** `127.0.0.1:port`, as `fastcgi_pass` takes it. */
  address: string;
  received: FastcgiRequest[];
  close(): Promise<void>;
}

const BEGIN_REQUEST = 1;
const END_REQUEST = 3;
const PARAMS = 4;
const STDIN = 5;
const STDOUT = 6;
const KEEP_CONN = 1;

export async function startFastcgiStub(): Promise<FastcgiStub> {
  const received: FastcgiRequest[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    serveConnection(socket, (request) => {
      received.push(request);
      return respond(request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The CGI reply: headers, a blank line, the marker body naming the script and the request. */
function respond(request: FastcgiRequest): Buffer {
  const p = request.params;
  const body = [
    PHP_STUB_MARKER,
    `SCRIPT_FILENAME=${p.SCRIPT_FILENAME ?? ''}`,
    `REQUEST_METHOD=${p.REQUEST_METHOD ?? ''}`,
    `REQUEST_URI=${p.REQUEST_URI ?? ''}`,
    `QUERY_STRING=${p.QUERY_STRING ?? ''}`,
    `STDIN=${request.stdin.toString('utf8')}`,
  ].join('\n');
  return Buffer.from(`Status: 200 OK\r\nContent-Type: text/plain; charset=UTF-8\r\nX-Php-Stub: 1\r\n\r\n${body}\n`);
}

/** Reads records off one connection; each complete request (params and stdin ended) is answered. */
function serveConnection(socket: net.Socket, handle: (request: FastcgiRequest) => Buffer): void {
  let buffered = Buffer.alloc(0);
  const requests = new Map<number, { keepConn: boolean; params: Buffer[]; stdin: Buffer[] }>();
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 8) {
      const type = buffered[1]!;
      const id = buffered.readUInt16BE(2);
      const length = buffered.readUInt16BE(4);
      const padding = buffered[6]!;
      if (buffered.length < 8 + length + padding) return;
      const content = buffered.subarray(8, 8 + length);
      buffered = buffered.subarray(8 + length + padding);
      if (type === BEGIN_REQUEST) {
        requests.set(id, { keepConn: (content[2]! & KEEP_CONN) !== 0, params: [], stdin: [] });
        continue;
      }
      const request = requests.get(id);
      if (!request) continue;
      if (type === PARAMS) {
        if (length > 0) request.params.push(Buffer.from(content)); // an empty record ends them
      } else if (type === STDIN) {
        if (length > 0) {
          request.stdin.push(Buffer.from(content));
          continue;
        }
        requests.delete(id);
        const reply = handle({
          params: decodeParams(Buffer.concat(request.params)),
          stdin: Buffer.concat(request.stdin),
        });
        for (let at = 0; at < reply.length; at += 0xffff)
          socket.write(record(STDOUT, id, reply.subarray(at, at + 0xffff)));
        socket.write(record(STDOUT, id, Buffer.alloc(0)));
        // appStatus 0, protocolStatus FCGI_REQUEST_COMPLETE.
        socket.write(record(END_REQUEST, id, Buffer.alloc(8)));
        if (!request.keepConn) socket.end();
      }
    }
  });
}

function record(type: number, id: number, content: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header[0] = 1; // FCGI_VERSION_1
  header[1] = type;
  header.writeUInt16BE(id, 2);
  header.writeUInt16BE(content.length, 4);
  return Buffer.concat([header, content]);
}

/** FastCGI name-value pairs: each length is one byte below 128, else four bytes with the top bit set. */
function decodeParams(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  const length = () => {
    if (data[at]! >> 7 === 0) return data[at++]!;
    const n = data.readUInt32BE(at) & 0x7fffffff;
    at += 4;
    return n;
  };
  while (at < data.length) {
    const nameLength = length();
    const valueLength = length();
    const name = data.subarray(at, at + nameLength).toString('latin1');
    at += nameLength;
    out[name] = data.subarray(at, at + valueLength).toString('utf8');
    at += valueLength;
  }
  return out;
}
