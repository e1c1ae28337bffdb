import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import { ErrorMessages } from '@aba/contracts/api';
import { INTERNAL_TOKEN_HEADER, REQUEST_ID_HEADER } from '@aba/server-kit';
import type { ServiceName } from '@aba/contracts/routes';
import { sendJsonError } from '../errors/json-error.js';
import { neverReached, type UpstreamPools } from '../upstreams/upstream-pool.js';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and their common non-standard kin: never forwarded in either direction. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
];

/**
 * Request headers the gateway never passes on as the client sent them: hop-by-hop ones, `host` (the upstream's own
 * is set), `expect` (the gateway already answered it), and everything the gateway itself vouches for — the internal
 * token above all (a client's is never trusted), the request id and the forwarding headers.
 */
const DROPPED_REQUEST_HEADERS = new Set([
  ...HOP_BY_HOP,
  'host',
  'expect',
  INTERNAL_TOKEN_HEADER,
  REQUEST_ID_HEADER,
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
]);
const DROPPED_RESPONSE_HEADERS = new Set(HOP_BY_HOP);

/** Headers named in a Connection header are hop-by-hop too. */
function connectionListed(value: string | string[] | undefined): Set<string> | null {
  if (!value) return null;
  const listed = new Set<string>();
  for (const part of (Array.isArray(value) ? value.join(',') : value).split(',')) {
    const name = part.trim().toLowerCase();
    if (name && name !== 'close' && name !== 'keep-alive') listed.add(name);
  }
  return listed.size > 0 ? listed : null;
}

function filterHeaders(headers: IncomingHttpHeaders, dropped: Set<string>): OutgoingHttpHeaders {
  const listed = connectionListed(headers.connection);
  const out: OutgoingHttpHeaders = {};
  for (const name in headers) {
    if (dropped.has(name) || listed?.has(name)) continue;
    out[name] = headers[name];
  }
  return out;
}

/** One replica of a service, as configured (`url`) and ready for node:http. */
interface Target {
  readonly url: string;
  readonly request: typeof http.request;
  readonly agent: http.Agent;
  readonly protocol: string;
  readonly hostname: string;
  readonly port: number;
  /** A path prefix from the configured URL, without its trailing slash ('' for none). */
  readonly basePath: string;
}

export interface ForwardContext {
  /** Signed internal token for the caller's identity. */
  readonly token: string;
  readonly requestId: string;
  /** The client's address as the gateway determined it (sent upstream as the only `X-Forwarded-For` entry). */
  readonly clientAddress: string;
}

export interface UpstreamProxyOptions {
  /** Each service's replicas: requests go round-robin, and a replica refusing the connection passes it on. */
  readonly pools: UpstreamPools;
  /** Longest wait for an upstream's response headers before answering 504. */
  readonly timeoutMs: number;
  readonly logger: Logger;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A pooled upstream connection idle this long is closed by the gateway. It must end well before the services' own
 * keep-alive timeout (Node's default: 5 s, closed at 6 s) ends it: without a limit of its own, the agent keeps idle
 * sockets forever and learns of the upstream's close only when it handles the FIN, so under load it reuses a socket
 * the upstream is closing and a request with a body (never re-sent) fails with ECONNRESET → 502.
 */
export const UPSTREAM_IDLE_SOCKET_MS = 2_000;

/**
 * The reverse proxy to the services, on node:http with keep-alive agents.
 * Bodies stream both ways (never buffered); the client's abort aborts the upstream request.
 * A request goes to the service's next replica in turn; one whose connection is refused is sent to the following
 * replica (it reached none, so it cannot run twice). When every replica refuses, or a connection is reset, it answers
 * 502; no response headers within the timeout 504, both as JSON `{ error }`.
 */
export class UpstreamProxy {
  /** Every replica of every service, by its configured URL. */
  private readonly targets = new Map<string, Target>();
  private readonly agents: http.Agent[] = [];

  constructor(private readonly options: UpstreamProxyOptions) {
    const httpAgent = new http.Agent({
      keepAlive: true,
      keepAliveMsecs: 1_000,
      maxFreeSockets: 256,
      scheduling: 'lifo',
      timeout: UPSTREAM_IDLE_SOCKET_MS,
    });
    const httpsAgent = new https.Agent({
      keepAlive: true,
      keepAliveMsecs: 1_000,
      maxFreeSockets: 256,
      scheduling: 'lifo',
      timeout: UPSTREAM_IDLE_SOCKET_MS,
    });
    this.agents.push(httpAgent, httpsAgent);
    const target = (configured: string): Target => {
      const url = new URL(configured);
      const secure = url.protocol === 'https:';
      return {
        url: configured,
        request: secure ? https.request : http.request,
        agent: secure ? httpsAgent : httpAgent,
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: Number(url.port) || (secure ? 443 : 80),
        basePath: url.pathname.replace(/\/+$/, ''),
      };
    };
    for (const pool of Object.values(options.pools)) {
      for (const url of pool.urls) this.targets.set(url, target(url));
    }
  }

  /** Forwards `request` (its url is path + query) to `service` and streams the answer into `response`. */
  forward(
    service: ServiceName,
    request: IncomingMessage,
    response: ServerResponse,
    context: ForwardContext,
  ): void {
    const pool = this.options.pools[service];
    const replicas = pool.attemptOrder().map((url) => this.targets.get(url) as Target);
    let replica = 0;
    const headers = filterHeaders(request.headers, DROPPED_REQUEST_HEADERS);
    headers[INTERNAL_TOKEN_HEADER] = context.token;
    headers[REQUEST_ID_HEADER] = context.requestId;
    headers['x-forwarded-for'] = context.clientAddress;
    headers['x-forwarded-proto'] = (request.socket as TLSSocket).encrypted ? 'https' : 'http';
    if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;

    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');
    const method = request.method ?? 'GET';
    // A keep-alive socket the upstream closed just as it was reused fails with ECONNRESET before anything was
    // processed: a body-less idempotent call is safely sent once more.
    let retries = !hasBody && IDEMPOTENT.has(method) ? 1 : 0;

    let current: http.ClientRequest | null = null;
    // pending → proxying (upstream headers passed on) or answered (502/504 sent by the gateway)
    let state: 'pending' | 'proxying' | 'answered' = 'pending';

    const log = (request as { log?: Logger }).log ?? this.options.logger;

    const fail = (status: 502 | 504, error: string, cause: unknown) => {
      state = 'answered';
      clearTimeout(timer);
      log.warn(
        {
          upstream: service,
          replica: replicas[replica].url,
          cause:
            cause instanceof Error
              ? { code: (cause as NodeJS.ErrnoException).code, message: cause.message }
              : cause,
        },
        status === 504 ? 'upstream timed out' : 'upstream unavailable',
      );
      if (hasBody) {
        // Stop feeding a body nobody will receive; let it drain.
        request.unpipe();
        request.resume();
      }
      sendJsonError(response, status, error);
    };

    const attempt = () => {
      const target = replicas[replica];
      const upstreamRequest = target.request({
        agent: target.agent,
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method,
        path: target.basePath + (request.url ?? '/'),
        headers,
      });
      current = upstreamRequest;

      upstreamRequest.on('response', (upstreamResponse) => {
        if (state !== 'pending') {
          upstreamResponse.resume();
          return;
        }
        state = 'proxying';
        clearTimeout(timer);
        response.writeHead(
          upstreamResponse.statusCode ?? 502,
          upstreamResponse.statusMessage,
          filterHeaders(upstreamResponse.headers, DROPPED_RESPONSE_HEADERS),
        );
        // An answer cut short upstream is cut short for the client too (never passed on as complete).
        upstreamResponse.on('error', () => response.destroy());
        upstreamResponse.on('close', () => {
          if (!upstreamResponse.complete) response.destroy();
        });
        upstreamResponse.pipe(response);
      });

      upstreamRequest.on('error', (error: NodeJS.ErrnoException) => {
        if (state === 'answered') return;
        if (state === 'proxying') {
          // The response was already under way: the client sees a cut connection.
          response.destroy();
          return;
        }
        if (response.destroyed) return; // the client left first
        if (retries > 0 && upstreamRequest.reusedSocket && error.code === 'ECONNRESET') {
          retries -= 1;
          attempt();
          return;
        }
        if (neverReached(error)) {
          pool.markRefused(target.url);
          if (replica + 1 < replicas.length) {
            log.warn(
              { upstream: service, replica: target.url, code: error.code },
              'upstream replica refused, trying the next',
            );
            replica += 1;
            attempt();
            return;
          }
        }
        fail(502, ErrorMessages.serviceUnavailable, error);
      });

      if (hasBody) {
        // The body flows once a connection is made: a refused one has taken none of it, so the next replica gets it all.
        upstreamRequest.once('socket', (socket) => {
          if (socket.connecting) socket.once('connect', () => request.pipe(upstreamRequest));
          else request.pipe(upstreamRequest);
        });
      } else upstreamRequest.end();
    };

    const timer = setTimeout(() => {
      if (state !== 'pending') return;
      fail(504, ErrorMessages.serviceTimeout, { timeoutMs: this.options.timeoutMs });
      current?.destroy();
    }, this.options.timeoutMs);

    // A client that goes away aborts the upstream request.
    response.on('close', () => {
      clearTimeout(timer);
      if (!response.writableFinished) current?.destroy();
    });
    request.on('error', () => current?.destroy());

    attempt();
  }

  /** Closes the pooled upstream connections (at shutdown, once in-flight requests are done). */
  close(): void {
    for (const agent of this.agents) agent.destroy();
  }
}
