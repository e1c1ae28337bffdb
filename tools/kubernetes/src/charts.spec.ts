import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Yaml } from 'cdk8s';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { abaApp } from './charts.js';
import { SERVICES } from './settings.js';

const COMMITTED = fileURLToPath(new URL('../../../infra/deploy/kubernetes', import.meta.url));

/** The Kubernetes kinds the manifests use, each with the model that checks it against the Kubernetes schemas. */
const MODELS: Record<string, new (object: never) => { validate(): void }> = {
  'v1 Namespace': Namespace,
  'v1 ConfigMap': ConfigMap,
  'v1 Secret': Secret,
  'v1 Service': Service,
  'apps/v1 Deployment': Deployment,
  'batch/v1 Job': Job,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1 Ingress': Ingress,
};

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown> & { [key: string]: never };
  [key: string]: unknown;
}

const GENERATED = ['10-platform.yaml', '20-provision.yaml', '30-migrations.yaml', '40-apps.yaml'];
const objects: K8sObject[] = GENERATED.flatMap((file) => Yaml.load(join(COMMITTED, file)) as K8sObject[]);
const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
const named = (kind: string, name: string) => ofKind(kind).find((object) => object.metadata.name === name);

describe('the Kubernetes manifests (issue 19, ADR 0056)', () => {
  it('are what the charts generate: infra/deploy/kubernetes is up to date (npm run manifests)', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'aba-k8s-'));
    try {
      abaApp(outdir).synth();
      expect(readdirSync(outdir).sort()).toEqual(GENERATED);
      for (const file of GENERATED) {
        expect([file, readFileSync(join(outdir, file), 'utf8')]).toEqual([
          file,
          readFileSync(join(COMMITTED, file), 'utf8'),
        ]);
      }
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it("hold only objects the Kubernetes schemas accept, and CloudNativePG's Postgres cluster", () => {
    const unknown: string[] = [];
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion} ${object.kind}`];
      if (!Model) {
        unknown.push(`${object.apiVersion} ${object.kind}`);
        continue;
      }
      expect(() => new Model(object as never).validate()).not.toThrow();
      if (object.kind !== 'Namespace') expect(object.metadata.namespace).toBe('aba');
    }
    expect(unknown).toEqual(['postgresql.cnpg.io/v1 Cluster']);
    expect(ofKind('Cluster')[0].spec).toMatchObject({
      instances: 3,
      bootstrap: { initdb: { database: 'aba' } },
    });
  });

  it('refuse an object the schemas do not accept (the check can fail)', () => {
    const deployment = structuredClone(named('Deployment', 'therapy')!);
    (deployment.spec as unknown as { replicas: string }).replicas = 'two';
    expect(() => new Deployment(deployment as never).validate()).toThrow(/replicas/);
  });

  it('run every service, the gateway and the billing remote with probes, requests, an autoscaler and a budget', () => {
    const deployments = ofKind('Deployment');
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(
      [...SERVICES.map((service) => service.name), 'gateway', 'mfe-billing'].sort(),
    );
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const [container] = new Deployment(deployment as never).spec!.template.spec!.containers;
      expect([name, container.readinessProbe?.httpGet?.path]).toEqual([
        name,
        name === 'mfe-billing' ? '/mf-manifest.json' : '/health',
      ]);
      expect(container.livenessProbe).toBeDefined();
      expect(container.resources?.requests).toMatchObject({
        cpu: expect.any(String),
        memory: expect.any(String),
      });
      expect(named('HorizontalPodAutoscaler', name)?.spec).toMatchObject({
        scaleTargetRef: { kind: 'Deployment', name },
      });
      expect(named('PodDisruptionBudget', name)?.spec).toMatchObject({ minAvailable: 1 });
      expect(named('Service', name)).toBeDefined();
    }
  });

  it('provision the database as the superuser, then migrate each service as its own role in a Job of its own', () => {
    const [provision] = (Yaml.load(join(COMMITTED, '20-provision.yaml')) as K8sObject[]).map(
      (job) => new Job(job as never),
    );
    const env = provision.spec!.template.spec!.containers[0].env!;
    expect(env.find(({ name }) => name === 'DATABASE_URL')?.value).toBe(
      'postgres://$(PGUSER):$(PGPASSWORD)@aba-postgres-rw.aba.svc:5432/postgres',
    );
    expect(env.findIndex(({ name }) => name === 'PGPASSWORD')).toBeLessThan(
      env.findIndex(({ name }) => name === 'DATABASE_URL'),
    );
    const jobs = ofKind('Job').map((job) => new Job(job as never));
    expect(jobs.map((job) => job.metadata!.name).sort()).toEqual(
      ['provision', ...SERVICES.map((service) => `${service.name}-migrate`)].sort(),
    );
    for (const service of SERVICES) {
      const [container] = jobs.find((job) => job.metadata!.name === `${service.name}-migrate`)!.spec!.template
        .spec!.containers;
      expect(container.command).toEqual(['node', 'dist/migrate.js']);
      expect(container.env).toContainEqual({
        name: 'SERVICE_DATABASE_URL',
        valueFrom: {
          secretKeyRef: { name: 'aba-database', key: `${service.name.toUpperCase()}_DATABASE_URL` },
        },
      });
    }
  });

  it('let only the gateway reach the services (and identity the two it gathers an export from)', () => {
    expect(named('NetworkPolicy', 'deny-all-ingress')?.spec).toEqual({
      podSelector: {},
      policyTypes: ['Ingress'],
    });
    for (const service of SERVICES) {
      const policy = new NetworkPolicy(named('NetworkPolicy', service.name) as never);
      const callers = policy
        .spec!.ingress!.flatMap((rule) => rule.from ?? [])
        .map(
          (peer) =>
            peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] ??
            peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'],
        );
      expect([service.name, callers.sort()]).toEqual([
        service.name,
        ['gateway', 'monitoring', ...service.calledBy].sort(),
      ]);
    }
  });

  it('keep three copies of every stream, on the NATS cluster the official chart runs', () => {
    expect(named('ConfigMap', 'aba-config')).toMatchObject({
      data: { EVENT_STREAM_REPLICAS: '3', NATS_URL: 'nats://nats.aba.svc:4222' },
    });
    const [values] = Yaml.load(join(COMMITTED, 'nats-values.yaml')) as Array<{
      config: { cluster: { enabled: boolean; replicas: number }; jetstream: { enabled: boolean } };
    }>;
    expect(values.config).toMatchObject({
      cluster: { enabled: true, replicas: 3 },
      jetstream: { enabled: true },
    });
  });
});
