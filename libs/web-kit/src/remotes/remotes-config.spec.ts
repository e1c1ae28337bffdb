import { parseRemotesConfig, RemotesConfigError, splitRemoteRequest } from './remotes-config.js';

const base = 'http://localhost:8080/child/1/plan/list';

describe('parseRemotesConfig', () => {
  it('resolves relative manifest paths against the page origin', () => {
    const remotes = parseRemotesConfig(
      { plans: '/remotes/plans/mf-manifest.json', behaviors: '/remotes/behaviors/mf-manifest.json' },
      base,
    );
    expect(remotes).toEqual({
      plans: { name: 'plans', entry: 'http://localhost:8080/remotes/plans/mf-manifest.json' },
      behaviors: { name: 'behaviors', entry: 'http://localhost:8080/remotes/behaviors/mf-manifest.json' },
    });
  });

  it('keeps absolute URLs on another host', () => {
    const remotes = parseRemotesConfig(
      { billing: 'https://cdn.example.com/billing/v2/mf-manifest.json' },
      base,
    );
    expect(remotes.billing.entry).toBe('https://cdn.example.com/billing/v2/mf-manifest.json');
  });

  it('accepts an empty object (no remotes deployed)', () => {
    expect(parseRemotesConfig({}, base)).toEqual({});
  });

  it.each([
    ['an array', []],
    ['null', null],
    ['a string', 'plans'],
  ])('rejects %s', (_label, body) => {
    expect(() => parseRemotesConfig(body, base)).toThrow(RemotesConfigError);
  });

  it('rejects non-string or empty locations', () => {
    expect(() => parseRemotesConfig({ plans: 42 }, base)).toThrow(/plans/);
    expect(() => parseRemotesConfig({ plans: '  ' }, base)).toThrow(/plans/);
  });

  it('rejects names the federation runtime cannot use', () => {
    expect(() => parseRemotesConfig({ 'bad name': '/x.json' }, base)).toThrow(/bad name/);
  });

  it('rejects non-http protocols', () => {
    expect(() => parseRemotesConfig({ plans: 'javascript:alert(1)' }, base)).toThrow(/http/);
  });
});

describe('splitRemoteRequest', () => {
  it('splits remote name and exposed module', () => {
    expect(splitRemoteRequest('plans/routes')).toEqual({ remote: 'plans', exposed: 'routes' });
  });
  it.each(['plans', '/routes', 'plans/'])('rejects "%s"', (request) => {
    expect(() => splitRemoteRequest(request)).toThrow(RemotesConfigError);
  });
});
