import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The form body, flattened as Stripe encodes it (`line_items[0][price]` → value). */
  form: Record<string, string>;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_BASE. */
  url: string;
  requests: RecordedStripeRequest[];
  /** Makes the next request fail with this HTTP status and a Stripe error body. */
  failNext(status: number): void;
  close(): Promise<void>;
}

/**
 * A stand-in for the few Stripe API calls billing makes (Stripe's servers are not reachable from the test
 * machine): `POST /v1/checkout/sessions` and `POST /v1/billing_portal/sessions` answer a session with a `url`, and
 * every request is recorded with its decoded form body, so the test sees exactly what the real SDK sent.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  let failure: number | null = null;
  let sequence = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = (req.url ?? '').split('?')[0];
      requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, form });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${++sequence}` });
        res.end(JSON.stringify(body));
      };
      if (failure !== null) {
        const status = failure;
        failure = null;
        return reply(status, {
          error: { type: 'invalid_request_error', message: 'Failure requested by the test' },
        });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${++sequence}`;
        return reply(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
        });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const id = `bps_test_${++sequence}`;
        return reply(200, {
          id,
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${id}`,
        });
      }
      reply(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${path})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status) {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
