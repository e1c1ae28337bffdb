import { loadConfig } from './load-config.js';
import { httpConfig, internalTokenConfig, natsConfig } from './schemas.js';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({ http: httpConfig(3002), nats: natsConfig }, {});
    expect(config.http).toEqual({ port: 3002, host: '127.0.0.1' });
    expect(config.nats).toEqual({
      url: 'nats://127.0.0.1:4222',
      prefix: '',
      maxDeliver: 5,
      retentionDays: 7,
      streamReplicas: 1,
    });
  });

  it('names every bad variable in one error', () => {
    expect(() =>
      loadConfig(
        { http: httpConfig(3002), nats: natsConfig, token: internalTokenConfig },
        { PORT: 'eighty', NATS_URL: 'http://x', INTERNAL_TOKEN_SECRET: 'short' },
      ),
    ).toThrow(
      /PORT:[\s\S]*NATS_URL: "http:\/\/x": must be a URL starting with nats:\/\/ or tls:\/\/[\s\S]*INTERNAL_TOKEN_SECRET: must be at least 32 characters/,
    );
  });

  it("takes a cluster's servers in NATS_URL, separated by commas, and refuses any bad one", () => {
    const cluster = 'nats://10.0.0.1:4222, nats://10.0.0.2:4222,tls://10.0.0.3:4222';
    expect(loadConfig({ nats: natsConfig }, { NATS_URL: cluster }).nats.url).toBe(
      'nats://10.0.0.1:4222,nats://10.0.0.2:4222,tls://10.0.0.3:4222',
    );
    expect(() => loadConfig({ nats: natsConfig }, { NATS_URL: 'nats://10.0.0.1:4222,10.0.0.2' })).toThrow(
      /NATS_URL: "10.0.0.2": must be a URL starting with nats:\/\/ or tls:\/\//,
    );
    expect(() => loadConfig({ nats: natsConfig }, { NATS_URL: 'nats://a:4222,nats://a:4222' })).toThrow(
      /NATS_URL: lists "nats:\/\/a:4222" twice/,
    );
  });
});
