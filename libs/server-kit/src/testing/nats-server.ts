import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connectNats } from '../events/jetstream.js';

function findBinary(): string {
  for (const candidate of ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server']) {
    if (existsSync(candidate)) return candidate;
  }
  return 'nats-server';
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, up: boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open === up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nats-server port ${port} did not become ${up ? 'reachable' : 'closed'}`);
}

/** Where a node of a cluster meets the others: its name, its route port, the other nodes' route ports. */
interface ClusterMembership {
  serverName: string;
  routePort: number;
  peers: number[];
}

/**
 * A private nats-server with JetStream for fault tests: it can be stopped and started again on the same
 * port and store, without touching the machine's shared server.
 */
export class PrivateNatsServer {
  private process?: ChildProcess;
  private readonly storeDir = mkdtempSync(join(tmpdir(), 'aba-nats-'));

  private constructor(
    readonly port: number,
    private readonly cluster?: ClusterMembership,
  ) {}

  static async start(): Promise<PrivateNatsServer> {
    const server = new PrivateNatsServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.process = spawn(
      findBinary(),
      ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir, ...this.clusterArguments()],
      {
        stdio: 'ignore',
      },
    );
    await waitForPort(this.port, true);
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await waitForPort(this.port, false);
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }

  private clusterArguments(): string[] {
    if (!this.cluster) return [];
    const { serverName, routePort, peers } = this.cluster;
    const routes = peers.map((peer) => `nats://127.0.0.1:${peer}`).join(',');
    return [
      ...['--server_name', serverName, '--cluster_name', 'aba-test'],
      ...['--cluster', `nats://127.0.0.1:${routePort}`, '--routes', routes],
    ];
  }

  /** A node of a cluster of private servers (`PrivateNatsCluster`). */
  static node(port: number, cluster: ClusterMembership): PrivateNatsServer {
    return new PrivateNatsServer(port, cluster);
  }
}

/**
 * A JetStream cluster of private nats-servers (3 by default), each on its own ports and store, as a deployment runs
 * NATS: a stream with as many replicas survives the loss of one node. `url` lists every node, as NATS_URL may.
 */
export class PrivateNatsCluster {
  private constructor(readonly nodes: PrivateNatsServer[]) {}

  static async start(size = 3): Promise<PrivateNatsCluster> {
    const ports = new Set<number>();
    while (ports.size < size * 2) ports.add(await freePort());
    const [clientPorts, routePorts] = [[...ports].slice(0, size), [...ports].slice(size)];
    const cluster = new PrivateNatsCluster(
      clientPorts.map((port, index) =>
        PrivateNatsServer.node(port, {
          serverName: `n${index + 1}`,
          routePort: routePorts[index]!,
          peers: routePorts.filter((_, other) => other !== index),
        }),
      ),
    );
    await Promise.all(cluster.nodes.map((node) => node.start()));
    await cluster.untilJetStreamReady();
    return cluster;
  }

  get url(): string {
    return this.nodes.map((node) => node.url).join(',');
  }

  /** Waits until the nodes have elected JetStream's leader: before, no stream can be created. */
  async untilJetStreamReady(timeoutMs = 30_000): Promise<void> {
    const nc = await connectNats(this.url, 'cluster-readiness');
    try {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          await (await jetstreamManager(nc, { timeout: 1_000 })).getAccountInfo();
          return;
        } catch (error) {
          if (Date.now() > deadline)
            throw new Error(`The NATS cluster's JetStream did not start: ${String(error)}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    } finally {
      await nc.close();
    }
  }

  async destroy(): Promise<void> {
    await Promise.all(this.nodes.map((node) => node.destroy()));
  }
}
