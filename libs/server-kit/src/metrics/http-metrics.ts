import { Counter, Histogram, type Registry } from 'prom-client';

/** A request as the metrics middleware reads it: its method and, once answered, the route that answered it. */
export interface MeasuredRequest {
  method: string;
}

interface MeasuredResponse {
  statusCode: number;
  once(event: 'finish' | 'close', listener: () => void): unknown;
}

/** Latency buckets in seconds: 5 ms to 10 s, where an API call's answers fall. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Request rate, errors and latency per route (ADR 0054): `http_requests_total{method,route,status}` and
 * `http_request_duration_seconds{method,route,status}`. `route` is a template (`/api/child/{id}/report/settings`),
 * never a concrete path, so a label's values stay few whatever the ids.
 */
export class HttpMetrics {
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(registry: Registry) {
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
  }

  /**
   * Express middleware measuring each request until its answer is sent; `routeOf` names its route once it is
   * answered (a closed connection is counted with status 499, as nginx does).
   */
  middleware<Req extends MeasuredRequest, Res extends MeasuredResponse>(
    routeOf: (request: Req) => string,
  ): (request: Req, response: Res, next: () => void) => void {
    return (request, response, next) => {
      const end = this.duration.startTimer();
      let done = false;
      const record = (status: number) => {
        if (done) return;
        done = true;
        const labels = { method: request.method, route: routeOf(request), status: String(status) };
        this.requests.inc(labels);
        end(labels);
      };
      response.once('finish', () => record(response.statusCode));
      response.once('close', () => record(499));
      next();
    };
  }
}
