// The local runner's load balancer in front of several gateways (REPLICAS > 1, ADR 0057): a TCP round-robin on
// node:net. Each client connection goes to the next gateway in turn; one that refuses the connection passes it to the
// following gateway. It balances connections, not requests: a browser's keep-alive connection stays on its gateway.
import { createConnection, createServer } from 'node:net';

/**
 * Listens on `host`:`port` and spreads connections over `backends` ({ name, port } on 127.0.0.1). `log(message)`
 * hears when a gateway starts refusing and when it takes connections again. Resolves once listening, with `close()`.
 */
export async function startBalancer({ host, port, backends, log }) {
  let next = 0;
  const refusing = new Set();
  const connections = new Set();

  // Paused until a gateway has taken the connection: what the client sends first waits for it, never lost.
  const server = createServer({ pauseOnConnect: true }, (client) => {
    connections.add(client);
    client.once('close', () => connections.delete(client));
    client.on('error', () => client.destroy());
    const start = next;
    next = (next + 1) % backends.length;
    connect(client, start, 0);
  });

  /** Connects `client` to the backend `tried` places after `start`, moving on while they refuse. */
  function connect(client, start, tried) {
    if (client.destroyed) return;
    if (tried === backends.length) {
      client.destroy(); // every gateway refused: the client sees its connection closed
      return;
    }
    const backend = backends[(start + tried) % backends.length];
    const upstream = createConnection({ host: '127.0.0.1', port: backend.port });
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      if (refusing.delete(backend.name)) log(`${backend.name} takes connections again`);
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
      if (client.destroyed) upstream.destroy();
      else client.pipe(upstream).pipe(client);
    });
    upstream.on('error', (error) => {
      if (connected) {
        client.destroy();
        return;
      }
      if (!refusing.has(backend.name))
        log(`${backend.name} refuses connections (${error.code}): passing them to the next`);
      refusing.add(backend.name);
      connect(client, start, tried + 1);
    });
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    /** Stops listening and cuts every open connection. */
    close() {
      for (const connection of connections) connection.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
