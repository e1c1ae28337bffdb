import { DEFAULT_REMOTES } from '../config.js';
import { buildContentSecurityPolicy, remoteOrigins, serializeCsp } from './csp.js';

const base = { remotes: DEFAULT_REMOTES, chatWidget: false, upgradeInsecureRequests: false };
const allValues = (directives: Record<string, string[]>) => Object.values(directives).flat();

describe('content security policy', () => {
  it('allows only this origin by default', () => {
    const csp = buildContentSecurityPolicy(base);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(csp['font-src']).toEqual(["'self'", 'data:']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
  });

  it('lets Fluent UI inject styles, and never allows eval', () => {
    const csp = buildContentSecurityPolicy({ ...base, chatWidget: true });
    expect(csp['style-src']).toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(allValues(csp)).not.toContain("'unsafe-eval'");
    expect(serializeCsp(csp)).not.toMatch(/unsafe-eval|wasm-unsafe-eval/);
  });

  it('adds the origins of remotes hosted elsewhere, once each', () => {
    const remotes = {
      plans: '/remotes/plans/mf-manifest.json',
      billing: 'https://cdn.example.com/billing/mf-manifest.json',
      admin: 'https://cdn.example.com/admin/mf-manifest.json',
      behaviors: 'http://localhost:3100/mf-manifest.json',
    };
    expect(remoteOrigins(remotes)).toEqual(['http://localhost:3100', 'https://cdn.example.com']);
    const csp = buildContentSecurityPolicy({ ...base, remotes });
    for (const directive of ['script-src', 'connect-src', 'style-src', 'img-src', 'font-src']) {
      expect(csp[directive]).toEqual(
        expect.arrayContaining(['https://cdn.example.com', 'http://localhost:3100']),
      );
      expect(csp[directive].filter((value) => value === 'https://cdn.example.com')).toHaveLength(1);
    }
  });

  it('allows the chat widget provider only when it is configured', () => {
    const without = serializeCsp(buildContentSecurityPolicy(base));
    expect(without).not.toMatch(/tawk|jsdelivr/);

    const csp = buildContentSecurityPolicy({ ...base, chatWidget: true });
    expect(csp['script-src']).toContain('https://embed.tawk.to');
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['https://*.tawk.to', 'wss://*.tawk.to']));
    expect(csp['img-src']).toContain('https://cdn.jsdelivr.net');
    expect(csp['font-src']).toContain('https://cdn.jsdelivr.net');
    expect(csp['frame-src']).toContain('https://*.tawk.to');
    // jsDelivr hosts arbitrary npm code: never a script source
    expect(csp['script-src']).not.toContain('https://cdn.jsdelivr.net');
    expect(csp['script-src']).not.toContain('https://*.tawk.to');
  });

  it('upgrades insecure requests only when asked (https deployments)', () => {
    expect(buildContentSecurityPolicy(base)['upgrade-insecure-requests']).toBeUndefined();
    expect(
      buildContentSecurityPolicy({ ...base, upgradeInsecureRequests: true })['upgrade-insecure-requests'],
    ).toEqual([]);
  });

  it('serialises to a header value', () => {
    expect(serializeCsp({ 'default-src': ["'self'"], 'upgrade-insecure-requests': [] })).toBe(
      "default-src 'self'; upgrade-insecure-requests",
    );
  });
});
