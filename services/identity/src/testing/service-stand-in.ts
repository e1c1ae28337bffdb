import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for another service (therapy, billing) answering identity's internal calls at one path: a tiny local
 * HTTP server. Only for suites about what identity does with another service's answer, or without one; that
 * service's side is tested in its own suite and end to end.
 */
export interface ServiceStandIn {
  url: string;
  /** What it answers next: a body with a status, or a connection closed without an answer. */
  answer: { status: number; body: unknown } | 'hang-up';
  /** The headers of each request it was sent. */
  requests: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** Starts a stand-in answering `GET path` with 200 `body` until told otherwise; any other path is hung up on. */
export async function startServiceStandIn(path: string, body: unknown): Promise<ServiceStandIn> {
  const server: Server = createServer((request, response) => {
    stub.requests.push(request.headers);
    if (stub.answer === 'hang-up' || request.url !== path) {
      request.socket.destroy();
      return;
    }
    response.writeHead(stub.answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(stub.answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stub: ServiceStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answer: { status: 200, body },
    requests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return stub;
}
