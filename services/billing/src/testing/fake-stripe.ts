import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The form body, flattened as Stripe encodes it (`line_items[0][price]` → value). */
  form: Record<string, string>;
  /** The query string's parameters (a list's filters). */
  query: Record<string, string>;
}

/** A subscription the fake holds, as far as billing reads it. */
export interface FakeStripeSubscription {
  id: string;
  customer: string | null;
  status: string;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_BASE. */
  url: string;
  requests: RecordedStripeRequest[];
  /** The subscriptions it holds, put there by the test: listed by customer, canceled by `DELETE`. */
  subscriptions: Map<string, FakeStripeSubscription>;
  /** Makes the next request fail with this HTTP status and a Stripe error body. */
  failNext(status: number): void;
  close(): Promise<void>;
}

/**
 * A stand-in for the few Stripe API calls billing makes (Stripe's servers are not reachable from the test
 * machine): `POST /v1/checkout/sessions` and `POST /v1/billing_portal/sessions` answer a session with a `url`;
 * `GET /v1/subscriptions?customer=…` lists that customer's subscriptions not canceled and
 * `DELETE /v1/subscriptions/{id}` cancels one, of those the test put in `subscriptions` (a canceled or unknown one is
 * answered 404 `resource_missing`, "No such subscription", as Stripe does). Every request is recorded with its decoded
 * form body and query, so the test sees exactly what the real SDK sent.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const subscriptions = new Map<string, FakeStripeSubscription>();
  let failure: number | null = null;
  let sequence = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const [path, search = ''] = (req.url ?? '').split('?');
      const query = Object.fromEntries(new URLSearchParams(search));
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        form,
        query,
      });
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
      if (req.method === 'GET' && path === '/v1/subscriptions') {
        const data = [...subscriptions.values()]
          .filter(
            (subscription) => subscription.customer === query.customer && subscription.status !== 'canceled',
          )
          .map((subscription) => ({ object: 'subscription', ...subscription }));
        return reply(200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
      }
      const cancel = req.method === 'DELETE' ? /^\/v1\/subscriptions\/([^/]+)$/.exec(path) : null;
      if (cancel) {
        const subscription = subscriptions.get(decodeURIComponent(cancel[1]));
        if (!subscription || subscription.status === 'canceled') {
          return reply(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'id',
              message: `No such subscription: '${decodeURIComponent(cancel[1])}'`,
            },
          });
        }
        subscription.status = 'canceled';
        return reply(200, { object: 'subscription', ...subscription });
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
    subscriptions,
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
