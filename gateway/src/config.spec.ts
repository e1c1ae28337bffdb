import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@aba/server-kit';
import { DEFAULT_REMOTES, DEFAULT_WEB_ROOT, loadGatewayConfig } from './config.js';

const SECRET = 'x'.repeat(32);
const load = (env: Record<string, string> = {}) =>
  loadGatewayConfig({ INTERNAL_TOKEN_SECRET: SECRET, ...env });

describe('gateway config', () => {
  it('has defaults for everything but the token secret', () => {
    const config = load();
    expect(config.http).toEqual({ port: 8080, host: '127.0.0.1' });
    expect(config.gateway).toEqual({
      upstreams: {
        identity: ['http://127.0.0.1:3001'],
        therapy: ['http://127.0.0.1:3002'],
        billing: ['http://127.0.0.1:3003'],
      },
      publicOrigin: 'http://localhost:8080',
      upstreamTimeoutMs: 15_000,
      webRoot: DEFAULT_WEB_ROOT.replace(/\/$/, ''),
      remotes: DEFAULT_REMOTES,
      remotesFile: null,
      chatWidget: null,
      chatWidgetWarning: null,
      trustedProxies: [],
      metrics: null,
    });
    expect(config.log.level).toBe('info');
  });

  it('resolves the default WEB_ROOT to the repository root', () => {
    // this spec sits beside config.ts in <root>/gateway/src: the root is two levels up
    expect(load().gateway.webRoot).toBe(resolve(fileURLToPath(new URL('../../', import.meta.url))));
  });

  it('requires the token secret', () => {
    expect(() => loadGatewayConfig({})).toThrow(/INTERNAL_TOKEN_SECRET/);
    expect(() => load({ INTERNAL_TOKEN_SECRET: 'short' })).toThrow(ConfigError);
  });

  it('reads every variable', () => {
    const config = load({
      PORT: '9000',
      HOST: '0.0.0.0',
      IDENTITY_URL: 'http://identity:3001',
      THERAPY_URL: 'https://therapy.internal/base/',
      BILLING_URL: 'http://[::1]:3003',
      PUBLIC_ORIGIN: 'https://App.Example.com/',
      UPSTREAM_TIMEOUT_MS: '250',
      WEB_ROOT: '/srv/web/',
      REMOTES:
        '{"plans":"https://cdn.example.com/plans/mf-manifest.json","extra":"/remotes/extra/mf-manifest.json"}',
      CHAT_WIDGET_PROPERTY_ID: '64f0c0ffee',
      CHAT_WIDGET_ID: '1h2abc',
      TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.7,2001:db8::/32',
      METRICS_PORT: '9464',
      METRICS_HOST: '10.1.2.3',
      LOG_LEVEL: 'silent',
    });
    expect(config.http).toEqual({ port: 9000, host: '0.0.0.0' });
    expect(config.gateway.upstreams).toEqual({
      identity: ['http://identity:3001'],
      therapy: ['https://therapy.internal/base/'],
      billing: ['http://[::1]:3003'],
    });
    expect(config.gateway.publicOrigin).toBe('https://app.example.com');
    expect(config.gateway.upstreamTimeoutMs).toBe(250);
    expect(config.gateway.webRoot).toBe('/srv/web');
    expect(config.gateway.remotes).toEqual({
      plans: 'https://cdn.example.com/plans/mf-manifest.json',
      extra: '/remotes/extra/mf-manifest.json',
    });
    expect(config.gateway.chatWidget).toEqual({ propertyId: '64f0c0ffee', widgetId: '1h2abc' });
    expect(config.gateway.chatWidgetWarning).toBeNull();
    expect(config.gateway.trustedProxies).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
    expect(config.gateway.metrics).toEqual({ port: 9464, host: '10.1.2.3' });
  });

  it.each([
    [{ CHAT_WIDGET_PROPERTY_ID: 'abc' }, 'CHAT_WIDGET_ID is not set: the chat widget is not served'],
    [{ CHAT_WIDGET_ID: 'abc' }, 'CHAT_WIDGET_PROPERTY_ID is not set: the chat widget is not served'],
  ])(
    'starts without the chat widget when one id is missing (%j), with a warning naming it',
    (env, warning) => {
      const config = load(env);
      expect(config.gateway.chatWidget).toBeNull();
      expect(config.gateway.chatWidgetWarning).toBe(warning);
    },
  );

  it("reads a service's replicas as comma-separated URLs, each kept as written", () => {
    const config = load({
      THERAPY_URL: 'http://127.0.0.1:3002, http://127.0.0.1:3012 ,https://therapy-3.internal/base/',
    });
    expect(config.gateway.upstreams.therapy).toEqual([
      'http://127.0.0.1:3002',
      'http://127.0.0.1:3012',
      'https://therapy-3.internal/base/',
    ]);
  });

  it.each([
    ['http://127.0.0.1:3002,ftp://127.0.0.1:3012', /THERAPY_URL: "ftp:\/\/127.0.0.1:3012": must be an http/],
    ['http://127.0.0.1:3002,', /THERAPY_URL: an empty entry: must be an http/],
    ['http://127.0.0.1:3002,http://127.0.0.1:3002/', /THERAPY_URL: lists "http:\/\/127.0.0.1:3002\/" twice/],
    ['http://127.0.0.1:3002, http://127.0.0.1:3012?x=1', /THERAPY_URL: "http:\/\/127.0.0.1:3012\?x=1"/],
  ])('refuses the replica list %j, naming the entry', (value, message) => {
    expect(() => load({ THERAPY_URL: value })).toThrow(message);
  });

  it('treats empty optional variables as unset', () => {
    const config = load({ WEB_ROOT: '', REMOTES: '', CHAT_WIDGET_PROPERTY_ID: '', CHAT_WIDGET_ID: '' });
    expect(config.gateway.remotes).toEqual(DEFAULT_REMOTES);
    expect(config.gateway.chatWidget).toBeNull();
  });

  it.each([
    [{ IDENTITY_URL: 'ftp://x' }, /IDENTITY_URL/],
    [{ THERAPY_URL: 'not a url' }, /THERAPY_URL/],
    [{ PUBLIC_ORIGIN: 'http://localhost:8080/app' }, /PUBLIC_ORIGIN/],
    [{ UPSTREAM_TIMEOUT_MS: '0' }, /UPSTREAM_TIMEOUT_MS/],
    [{ UPSTREAM_TIMEOUT_MS: 'soon' }, /UPSTREAM_TIMEOUT_MS/],
    [{ PORT: '70000' }, /PORT/],
    [{ REMOTES: 'not json' }, /REMOTES: must be a JSON object/],
    [{ REMOTES: '["/x"]' }, /REMOTES/],
    [{ REMOTES: '{"Plans!":"/remotes/plans/mf-manifest.json"}' }, /REMOTES/],
    [{ REMOTES: '{"plans":"javascript:alert(1)"}' }, /REMOTES.*plans/],
    [{ REMOTES: '{"plans":"//evil.example/mf-manifest.json"}' }, /REMOTES/],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, /TRUSTED_PROXIES/],
    [{ TRUSTED_PROXIES: 'proxy.example' }, /TRUSTED_PROXIES/],
    [{ CHAT_WIDGET_PROPERTY_ID: 'a"b', CHAT_WIDGET_ID: 'x' }, /CHAT_WIDGET_PROPERTY_ID/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => load(env as Record<string, string>)).toThrow(message);
  });
});
