/**
 * What the generated manifests assume of the cluster they go to; an operator changes these here and runs
 * `npm run manifests` (or patches the generated files with kustomize).
 */
export const NAMESPACE = 'aba';

/** Where the images built from `infra/deploy/*.Dockerfile` are pushed, and the release they are tagged with. */
export const IMAGE_REGISTRY = 'registry.example.com/aba';
export const RELEASE = '0.1.0';

/** The app's public address (the gateway) and the billing remote's own (deployed on its own, ADR 0030). */
export const PUBLIC_HOST = 'app.example.com';
export const BILLING_WEB_HOST = 'billing-web.app.example.com';

/** Who the e-mails come from. */
export const MAIL_FROM = `ABA Tracker <no-reply@${PUBLIC_HOST}>`;

/** The Ingress controller's class, and the addresses it proxies from (the pod network), whose X-Forwarded-For the gateway
 * believes: the client's address (login throttling, ADR 0013) is otherwise the controller's for everyone. */
export const INGRESS_CLASS = 'nginx';
export const TRUSTED_PROXIES = '10.0.0.0/8';

/** The namespaces whose pods may reach what they need: Prometheus (metrics), CloudNativePG's operator. */
export const MONITORING_NAMESPACE = 'monitoring';
export const CNPG_OPERATOR_NAMESPACE = 'cnpg-system';

/** The Postgres cluster CloudNativePG runs, its database, and NATS as the official Helm chart names it. */
export const POSTGRES_CLUSTER = 'aba-postgres';
export const DATABASE = 'aba';
export const NATS_RELEASE = 'nats';
export const NATS_REPLICAS = 3;

export type ServiceName = 'identity' | 'therapy' | 'billing';

export interface ServiceSpec {
  name: ServiceName;
  /** The services that call this one besides the gateway (identity gathers an account export, ADR 0048). */
  calledBy: readonly ServiceName[];
  /** Keys of the `aba-<name>` Secret passed as variables of the same name (beyond the database URL). */
  secretKeys: readonly string[];
}

export const SERVICES: readonly ServiceSpec[] = [
  { name: 'identity', calledBy: [], secretKeys: ['SMTP_URL'] },
  { name: 'therapy', calledBy: ['identity'], secretKeys: [] },
  {
    name: 'billing',
    calledBy: ['identity'],
    secretKeys: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'],
  },
];

/** The port every service listens on in its container, the gateway's, and where the gateway serves its metrics. */
export const SERVICE_PORT = 3000;
export const GATEWAY_PORT = 8080;
export const GATEWAY_METRICS_PORT = 9464;
