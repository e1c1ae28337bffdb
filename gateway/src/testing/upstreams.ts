/**
 * Test helpers (integration tests only; not part of the build): tiny real upstream servers and a raw HTTP client
 * that sends paths exactly as given (no URL normalisation).
 */
import { EventEmitter, once } from 'node:events';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoReply {
  service: string;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestUpstream {
  readonly name: string;
  readonly url: string;
  /** Emits 'request' (url) on every request, 'first-chunk' (url) when a streamed request's first body bytes arrive, 'closed' (url) when a held or
   * hanging request is aborted by the gateway, 'connection' on every new connection. */
  readonly events: EventEmitter;
  /** Finishes every response held by `x-test-mode: hold`. */
  release(): void;
  close(): Promise<void>;
}

export async function listen(server: http.Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

export async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A port on which nothing listens (connection refused). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  const port = await listen(server);
  await closeServer(server);
  return port;
}

/**
 * An upstream that answers by `x-test-mode`:
 *  - (none)   JSON EchoReply of method, url, headers and body
 *  - stream   200 application/octet-stream, the request body piped straight back
 *  - hold     writes a first chunk "first\n", then waits for `release()` before "last\n"
 *  - cut      promises 100 bytes, sends 10, then drops the connection
 *  - hang     never answers
 *  - slow     answers the JSON echo after `x-test-delay` ms
 */
export async function startEchoUpstream(name: string): Promise<TestUpstream> {
  const events = new EventEmitter();
  const held = new Set<ServerResponse>();

  const echo = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const reply: EchoReply = {
      service: name,
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    response.writeHead(200, {
      'content-type': 'application/json',
      'x-upstream': name,
      'set-cookie': ['a=1', 'b=2'],
    });
    response.end(JSON.stringify(reply));
  };

  const server = http.createServer((request, response) => {
    events.emit('request', request.url);
    const mode = request.headers['x-test-mode'];
    const notifyClose = () =>
      response.on('close', () => !response.writableFinished && events.emit('closed', request.url));
    switch (mode) {
      case 'stream':
        request.once('data', () => events.emit('first-chunk', request.url));
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        request.pipe(response);
        return;
      case 'hold':
        notifyClose();
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.write('first\n');
        held.add(response);
        return;
      case 'cut':
        response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
        response.write('0123456789', () => setTimeout(() => response.socket?.destroy(), 20));
        return;
      case 'hang':
        notifyClose();
        request.resume();
        return;
      case 'slow':
        setTimeout(() => void echo(request, response), Number(request.headers['x-test-delay'] ?? 100));
        return;
      default:
        void echo(request, response);
    }
  });
  server.on('connection', () => events.emit('connection'));
  const port = await listen(server);
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    events,
    release() {
      for (const response of held) response.end('last\n');
      held.clear();
    },
    close: () => closeServer(server),
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json<T = unknown>(): T;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: Buffer | string;
}

/** One request on a fresh connection, with the path sent verbatim. */
export async function rawRequest(
  baseUrl: string,
  { method = 'GET', path, headers = {}, body }: RawRequest,
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const request = http.request({ hostname, port, method, path, headers, agent: false });
  request.end(body);
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const buffer = Buffer.concat(chunks);
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    body: buffer,
    json: <T>() => JSON.parse(buffer.toString('utf8')) as T,
  };
}
