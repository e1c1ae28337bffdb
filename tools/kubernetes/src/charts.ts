import { ApiObject, App, Chart } from 'cdk8s';
import type { Construct } from 'constructs';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy, type INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service, type IContainer, type IEnvVar } from 'kubernetes-models/v1';
import {
  BILLING_WEB_HOST,
  CNPG_OPERATOR_NAMESPACE,
  DATABASE,
  GATEWAY_METRICS_PORT,
  GATEWAY_PORT,
  IMAGE_REGISTRY,
  INGRESS_CLASS,
  MAIL_FROM,
  MONITORING_NAMESPACE,
  NAMESPACE,
  NATS_RELEASE,
  NATS_REPLICAS,
  POSTGRES_CLUSTER,
  PUBLIC_HOST,
  RELEASE,
  SERVICE_PORT,
  SERVICES,
  TRUSTED_PROXIES,
} from './settings.js';

/** A Kubernetes object as kubernetes-models builds it: checked against the Kubernetes schemas, then written. */
interface Model {
  kind: string;
  metadata?: { name?: string };
  validate(): void;
  toJSON(): unknown;
}

/** Adds `model` to `chart` once it validates (a wrong field stops the synthesis, naming it). */
function add(chart: Construct, model: Model): void {
  model.validate();
  new ApiObject(chart, `${model.kind}-${model.metadata?.name}`, model.toJSON() as never);
}

const PART_OF = { 'app.kubernetes.io/part-of': 'aba' };
const labelsOf = (name: string, component: string) => ({
  'app.kubernetes.io/name': name,
  'app.kubernetes.io/component': component,
  ...PART_OF,
});
const image = (name: string) => `${IMAGE_REGISTRY}/${name}:${RELEASE}`;
const fromSecret = (name: string, secret: string, key = name): IEnvVar => ({
  name,
  valueFrom: { secretKeyRef: { name: secret, key } },
});
const serviceUrl = (name: string, port: number) => `http://${name}.${NAMESPACE}.svc:${port}`;
const metadata = (name: string, labels: Record<string, string>, annotations?: Record<string, string>) => ({
  name,
  namespace: NAMESPACE,
  labels,
  ...(annotations ? { annotations } : {}),
});

/** What every process shares: NATS (streams on three nodes), the event settings, the log level, the public address. */
const CONFIG = 'aba-config';
const DATABASE_SECRET = 'aba-database';
const TOKEN_SECRET = 'aba-internal-token';

const NON_ROOT = {
  runAsNonRoot: true,
  allowPrivilegeEscalation: false,
  capabilities: { drop: ['ALL'] },
};

/** 10-platform: the namespace, the shared settings, CloudNativePG's Postgres cluster, and the Secrets' shape. */
function platformChart(app: App): void {
  const chart = new Chart(app, '10-platform', { disableResourceNameHashes: true });
  add(chart, new Namespace({ metadata: { name: NAMESPACE, labels: PART_OF } }));
  add(
    chart,
    new ConfigMap({
      metadata: metadata(CONFIG, PART_OF),
      data: {
        NATS_URL: `nats://${NATS_RELEASE}.${NAMESPACE}.svc:4222`,
        EVENT_STREAM_REPLICAS: String(NATS_REPLICAS),
        EVENT_RETENTION_DAYS: '7',
        LOG_LEVEL: 'info',
        PUBLIC_URL: `https://${PUBLIC_HOST}`,
        PUBLIC_ORIGIN: `https://${PUBLIC_HOST}`,
        MAIL_FROM,
      },
    }),
  );
  // The Secrets every process reads, with placeholders: create them with real values first (infra/deploy/README.md).
  const placeholder = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, 'CHANGE-ME']));
  for (const [name, keys] of [
    [TOKEN_SECRET, ['INTERNAL_TOKEN_SECRET']],
    [DATABASE_SECRET, ['DB_ROLE_PASSWORD', ...SERVICES.map((service) => databaseKey(service.name))]],
    ...SERVICES.filter((service) => service.secretKeys.length > 0).map((service) => [
      `aba-${service.name}`,
      [...service.secretKeys],
    ]),
  ] as Array<[string, string[]]>) {
    add(
      chart,
      new Secret({
        metadata: metadata(name, PART_OF, {
          'aba.example/placeholder': 'replace every CHANGE-ME before use',
        }),
        type: 'Opaque',
        stringData: placeholder(keys),
      }),
    );
  }
  new ApiObject(chart, 'Cluster-postgres', {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Cluster',
    metadata: metadata(POSTGRES_CLUSTER, PART_OF),
    spec: {
      instances: 3,
      imageName: 'ghcr.io/cloudnative-pg/postgresql:18',
      enableSuperuserAccess: true,
      bootstrap: { initdb: { database: DATABASE, owner: 'aba_owner' } },
      storage: { size: '20Gi' },
      resources: { requests: { cpu: '500m', memory: '1Gi' } },
      monitoring: { enablePodMonitor: true },
    },
  });
}

const databaseKey = (service: string) => `${service.toUpperCase()}_DATABASE_URL`;

/** A Job of the migration charts: retried a few times (the database may still be starting), as a non-root user. */
function migrationJob(name: string, container: IContainer): Job {
  return new Job({
    metadata: metadata(name, labelsOf(name, 'migration')),
    spec: {
      backoffLimit: 6,
      template: {
        metadata: { labels: labelsOf(name, 'migration') },
        spec: {
          restartPolicy: 'OnFailure',
          securityContext: { runAsNonRoot: true, runAsUser: 1000 },
          containers: [{ ...container, securityContext: NON_ROOT }],
        },
      },
    },
  });
}

/**
 * 20-provision: the database's roles and schemas, made as CloudNativePG's superuser (its Secret's user and password;
 * its `uri` names no database), before any service migrates.
 */
function provisionChart(app: App): void {
  const chart = new Chart(app, '20-provision', { disableResourceNameHashes: true });
  const superuser = `${POSTGRES_CLUSTER}-superuser`;
  add(
    chart,
    migrationJob('provision', {
      name: 'provision',
      image: image('identity'),
      command: ['node', '/repo/infra/src/provision.mjs'],
      env: [
        fromSecret('PGUSER', superuser, 'username'),
        fromSecret('PGPASSWORD', superuser, 'password'),
        // Kubernetes puts the two above into $(…): the URL never holds the password in the manifest.
        {
          name: 'DATABASE_URL',
          value: `postgres://$(PGUSER):$(PGPASSWORD)@${POSTGRES_CLUSTER}-rw.${NAMESPACE}.svc:5432/postgres`,
        },
        { name: 'APP_DATABASE', value: DATABASE },
        fromSecret('DB_ROLE_PASSWORD', DATABASE_SECRET),
      ],
    }),
  );
}

/** 30-migrations: each service's migration, as its own role, once the provisioning is done. */
function migrationsChart(app: App): void {
  const chart = new Chart(app, '30-migrations', { disableResourceNameHashes: true });
  for (const service of SERVICES) {
    add(
      chart,
      migrationJob(`${service.name}-migrate`, {
        name: 'migrate',
        image: image(service.name),
        command: ['node', 'dist/migrate.js'],
        env: [fromSecret('SERVICE_DATABASE_URL', DATABASE_SECRET, databaseKey(service.name))],
      }),
    );
  }
}

interface Workload {
  name: string;
  component: 'service' | 'gateway' | 'web';
  port: number;
  container: Omit<IContainer, 'name' | 'image' | 'ports'>;
  replicas: { min: number; max: number };
  resources: { cpu: string; memory: string; memoryLimit: string };
  annotations?: Record<string, string>;
  extraPorts?: Array<{ name: string; containerPort: number }>;
}

/** A Deployment with its Service, HorizontalPodAutoscaler and PodDisruptionBudget. */
function addWorkload(chart: Construct, workload: Workload): void {
  const labels = labelsOf(workload.name, workload.component);
  const selector = { 'app.kubernetes.io/name': workload.name, ...PART_OF };
  add(
    chart,
    new Deployment({
      metadata: metadata(workload.name, labels),
      spec: {
        replicas: workload.replicas.min,
        selector: { matchLabels: selector },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        template: {
          metadata: { labels, ...(workload.annotations ? { annotations: workload.annotations } : {}) },
          spec: {
            securityContext: { runAsNonRoot: true, runAsUser: workload.component === 'web' ? 101 : 1000 },
            containers: [
              {
                name: workload.name,
                image: image(workload.name),
                ports: [{ name: 'http', containerPort: workload.port }, ...(workload.extraPorts ?? [])],
                resources: {
                  requests: { cpu: workload.resources.cpu, memory: workload.resources.memory },
                  limits: { memory: workload.resources.memoryLimit },
                },
                securityContext: NON_ROOT,
                ...workload.container,
              },
            ],
          },
        },
      },
    }),
  );
  add(
    chart,
    new Service({
      metadata: metadata(workload.name, labels),
      spec: { selector, ports: [{ name: 'http', port: workload.port, targetPort: 'http' }] },
    }),
  );
  add(
    chart,
    new HorizontalPodAutoscaler({
      metadata: metadata(workload.name, labels),
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: workload.name },
        minReplicas: workload.replicas.min,
        maxReplicas: workload.replicas.max,
        metrics: [
          {
            type: 'Resource',
            resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
          },
        ],
      },
    }),
  );
  add(
    chart,
    new PodDisruptionBudget({
      metadata: metadata(workload.name, labels),
      spec: { minAvailable: 1, selector: { matchLabels: selector } },
    }),
  );
}

/** Readiness asks /health (database and NATS); liveness only that the process answers, so an outage restarts nothing. */
const probes = (readinessPath: string) => ({
  readinessProbe: { httpGet: { path: readinessPath, port: 'http' }, periodSeconds: 10, failureThreshold: 3 },
  livenessProbe: {
    tcpSocket: { port: 'http' },
    initialDelaySeconds: 10,
    periodSeconds: 20,
    failureThreshold: 3,
  },
});

const SCRAPE = (port: number) => ({
  'prometheus.io/scrape': 'true',
  'prometheus.io/port': String(port),
  'prometheus.io/path': '/metrics',
});

/** 40-apps: the three services, the gateway, the billing remote as its own static site, the Ingress, the policies. */
function appsChart(app: App): void {
  const chart = new Chart(app, '40-apps', { disableResourceNameHashes: true });
  const shared: IEnvVar[] = [
    fromSecret('INTERNAL_TOKEN_SECRET', TOKEN_SECRET),
    { name: 'HOST', value: '0.0.0.0' },
  ];
  for (const service of SERVICES) {
    addWorkload(chart, {
      name: service.name,
      component: 'service',
      port: SERVICE_PORT,
      replicas: { min: 2, max: 6 },
      resources: { cpu: '200m', memory: '256Mi', memoryLimit: '768Mi' },
      annotations: SCRAPE(SERVICE_PORT),
      container: {
        envFrom: [{ configMapRef: { name: CONFIG } }],
        env: [
          ...shared,
          { name: 'PORT', value: String(SERVICE_PORT) },
          fromSecret('SERVICE_DATABASE_URL', DATABASE_SECRET, databaseKey(service.name)),
          ...service.secretKeys.map((key) => fromSecret(key, `aba-${service.name}`)),
          ...(service.name === 'identity'
            ? [
                { name: 'THERAPY_URL', value: serviceUrl('therapy', SERVICE_PORT) },
                { name: 'BILLING_URL', value: serviceUrl('billing', SERVICE_PORT) },
              ]
            : []),
        ],
        ...probes('/health'),
      },
    });
  }
  addWorkload(chart, {
    name: 'gateway',
    component: 'gateway',
    port: GATEWAY_PORT,
    replicas: { min: 2, max: 8 },
    resources: { cpu: '250m', memory: '192Mi', memoryLimit: '512Mi' },
    annotations: SCRAPE(GATEWAY_METRICS_PORT),
    extraPorts: [{ name: 'metrics', containerPort: GATEWAY_METRICS_PORT }],
    container: {
      envFrom: [{ configMapRef: { name: CONFIG } }],
      env: [
        ...shared,
        { name: 'PORT', value: String(GATEWAY_PORT) },
        { name: 'METRICS_PORT', value: String(GATEWAY_METRICS_PORT) },
        { name: 'METRICS_HOST', value: '0.0.0.0' },
        { name: 'TRUSTED_PROXIES', value: TRUSTED_PROXIES },
        ...SERVICES.map((service) => ({
          name: `${service.name.toUpperCase()}_URL`,
          value: serviceUrl(service.name, SERVICE_PORT),
        })),
        // The billing remote is served from its own host, so it is released without the shell (ADR 0030).
        {
          name: 'REMOTES',
          value: JSON.stringify({
            plans: '/remotes/plans/mf-manifest.json',
            behaviors: '/remotes/behaviors/mf-manifest.json',
            billing: `https://${BILLING_WEB_HOST}/mf-manifest.json`,
            admin: '/remotes/admin/mf-manifest.json',
          }),
        },
      ],
      ...probes('/health'),
    },
  });
  addWorkload(chart, {
    name: 'mfe-billing',
    component: 'web',
    port: 8080,
    replicas: { min: 2, max: 4 },
    resources: { cpu: '50m', memory: '32Mi', memoryLimit: '128Mi' },
    container: probes('/mf-manifest.json'),
  });
  const ingressPath = (service: string, port: number) => ({
    path: '/',
    pathType: 'Prefix' as const,
    backend: { service: { name: service, port: { number: port } } },
  });
  add(
    chart,
    new Ingress({
      metadata: metadata('aba', PART_OF),
      spec: {
        ingressClassName: INGRESS_CLASS,
        tls: [{ hosts: [PUBLIC_HOST, BILLING_WEB_HOST], secretName: 'aba-tls' }],
        rules: [
          { host: PUBLIC_HOST, http: { paths: [ingressPath('gateway', GATEWAY_PORT)] } },
          { host: BILLING_WEB_HOST, http: { paths: [ingressPath('mfe-billing', 8080)] } },
        ],
      },
    }),
  );
  networkPolicies(chart);
}

const pods = (name: string): INetworkPolicyPeer => ({
  podSelector: { matchLabels: { 'app.kubernetes.io/name': name, ...PART_OF } },
});
const namespace = (name: string): INetworkPolicyPeer => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': name } },
});
const ourPods: INetworkPolicyPeer = { podSelector: { matchLabels: PART_OF } };

/**
 * Nothing reaches a pod of the namespace unless a policy lets it: the public reaches the gateway and the billing
 * remote; only the gateway reaches the services (and identity the two it gathers an account export from);
 * Prometheus reaches the metrics; the app's pods reach NATS and Postgres, whose own nodes reach each other.
 */
function networkPolicies(chart: Construct): void {
  const policy = (
    name: string,
    podSelector: Record<string, string>,
    ingress: NetworkPolicy['spec'] extends infer S ? (S extends { ingress?: infer I } ? I : never) : never,
  ) =>
    add(
      chart,
      new NetworkPolicy({
        metadata: metadata(name, PART_OF),
        spec: { podSelector: { matchLabels: podSelector }, policyTypes: ['Ingress'], ingress },
      }),
    );
  add(
    chart,
    new NetworkPolicy({
      metadata: metadata('deny-all-ingress', PART_OF),
      spec: { podSelector: {}, policyTypes: ['Ingress'] },
    }),
  );
  const named = (name: string) => ({ 'app.kubernetes.io/name': name, ...PART_OF });
  policy('gateway', named('gateway'), [
    { ports: [{ port: GATEWAY_PORT }] },
    { from: [namespace(MONITORING_NAMESPACE)], ports: [{ port: GATEWAY_METRICS_PORT }] },
  ]);
  policy('mfe-billing', named('mfe-billing'), [{ ports: [{ port: 8080 }] }]);
  for (const service of SERVICES) {
    policy(service.name, named(service.name), [
      { from: [pods('gateway'), ...service.calledBy.map(pods)], ports: [{ port: SERVICE_PORT }] },
      { from: [namespace(MONITORING_NAMESPACE)], ports: [{ port: SERVICE_PORT }] },
    ]);
  }
  policy('nats', { 'app.kubernetes.io/name': 'nats', 'app.kubernetes.io/instance': NATS_RELEASE }, [
    { from: [ourPods], ports: [{ port: 4222 }] },
    {
      from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'nats' } } }],
      ports: [{ port: 6222 }],
    },
    { from: [namespace(MONITORING_NAMESPACE)], ports: [{ port: 7777 }] },
  ]);
  policy('postgres', { 'cnpg.io/cluster': POSTGRES_CLUSTER }, [
    {
      from: [ourPods, { podSelector: { matchLabels: { 'cnpg.io/cluster': POSTGRES_CLUSTER } } }],
      ports: [{ port: 5432 }],
    },
    { from: [namespace(CNPG_OPERATOR_NAMESPACE)], ports: [{ port: 5432 }, { port: 8000 }] },
    { from: [namespace(MONITORING_NAMESPACE)], ports: [{ port: 9187 }] },
  ]);
}

/** The whole deployment: one file per chart, applied in their order (infra/deploy/README.md). */
export function abaApp(outdir: string): App {
  const app = new App({ outdir, outputFileExtension: '.yaml' });
  platformChart(app);
  provisionChart(app);
  migrationsChart(app);
  appsChart(app);
  return app;
}
