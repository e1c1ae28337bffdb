import { readRunnerConfig } from './environment.mjs';

describe('NATS_URL of the runner', () => {
  const saved = process.env.NATS_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.NATS_URL;
    else process.env.NATS_URL = saved;
  });
  const natsServers = (value: string | undefined) => {
    if (value === undefined) delete process.env.NATS_URL;
    else process.env.NATS_URL = value;
    return readRunnerConfig().natsServers;
  };

  it('is left to the runner to find when unset or empty', () => {
    expect(natsServers(undefined)).toBeUndefined();
    expect(natsServers('')).toBeUndefined();
  });

  it("takes one server, or a cluster's servers separated by commas, as the services do", () => {
    expect(natsServers('nats://127.0.0.1:4222')).toEqual(['nats://127.0.0.1:4222']);
    expect(natsServers(' nats://10.0.0.1:4222 , tls://user:secret@10.0.0.2:4222')).toEqual([
      'nats://10.0.0.1:4222',
      'tls://user:secret@10.0.0.2:4222',
    ]);
  });

  it('refuses a list with a bad or empty entry, or a server listed twice, naming it', () => {
    expect(() => natsServers('http://10.0.0.1:4222')).toThrow(
      'NATS_URL must be a URL starting with nats:// or tls:// (or several, separated by commas), got "http://10.0.0.1:4222"',
    );
    expect(() => natsServers('nats://10.0.0.1:4222,10.0.0.2')).toThrow(/got "10\.0\.0\.2"$/);
    expect(() => natsServers('nats://10.0.0.1:4222,')).toThrow(/got an empty entry$/);
    expect(() => natsServers('nats://a:4222, nats://a:4222')).toThrow('NATS_URL lists "nats://a:4222" twice');
  });
});
