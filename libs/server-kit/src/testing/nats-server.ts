import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/**
 * A private nats-server with JetStream for fault tests: it can be stopped and started again on the same
 * port and store, without touching the machine's shared server.
 */
export class PrivateNatsServer {
  private process?: ChildProcess;
  private readonly storeDir = mkdtempSync(join(tmpdir(), 'aba-nats-'));

  private constructor(readonly port: number) {}

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
      ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir],
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
}
