import { connectNats } from '@aba/server-kit';
import { resolveNats } from './infrastructure.mjs';

/** The NATS the integration tests run against; nothing listens on ports 1 and 2. */
const RUNNING_NATS = process.env.NATS_URL || 'nats://127.0.0.1:4222';

describe('resolveNats with NATS_URL', () => {
  it('takes the list when one server answers, says which did, and hands every server on', async () => {
    const logged: string[] = [];
    const log = (line: string) => logged.push(line);
    const nats = await resolveNats({ natsServers: ['nats://127.0.0.1:1', RUNNING_NATS] }, log);
    expect(logged).toEqual([`NATS: NATS_URL, reachable: ${RUNNING_NATS}; not reachable: nats://127.0.0.1:1`]);
    expect(nats.url).toBe(`nats://127.0.0.1:1,${RUNNING_NATS}`);
    // What restore does with it before deleting the streams.
    const connection = await connectNats(nats.url, 'infra-resolve-nats-test');
    await connection.flush();
    await connection.close();
  });

  it('fails naming every server, without their credentials, when none answers', async () => {
    await expect(
      resolveNats({ natsServers: ['nats://127.0.0.1:1', 'tls://user:secret@127.0.0.1:2'] }, () => undefined),
    ).rejects.toThrow('Cannot reach NATS_URL: none of nats://127.0.0.1:1, tls://127.0.0.1:2 answers');
  });
});
