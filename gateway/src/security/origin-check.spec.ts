import { isSameOrigin, isStateChanging } from './origin-check.js';

const APP = 'http://localhost:8080';

describe('origin check', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post', 'PROPFIND'])('%s is state-changing', (method) => {
    expect(isStateChanging(method)).toBe(true);
  });
  it.each(['GET', 'HEAD', 'OPTIONS', 'get', undefined])('%s is not', (method) => {
    expect(isStateChanging(method)).toBe(false);
  });

  it('accepts the app’s own Origin', () => {
    expect(isSameOrigin({ origin: APP }, APP)).toBe(true);
    expect(isSameOrigin({ origin: 'http://LOCALHOST:8080' }, APP)).toBe(true);
  });

  it('refuses another Origin, even when Referer says otherwise', () => {
    expect(isSameOrigin({ origin: 'https://evil.example' }, APP)).toBe(false);
    expect(isSameOrigin({ origin: 'http://localhost:8081' }, APP)).toBe(false);
    expect(isSameOrigin({ origin: 'https://localhost:8080' }, APP)).toBe(false);
    expect(isSameOrigin({ origin: 'http://localhost:8080.evil.example' }, APP)).toBe(false);
    expect(isSameOrigin({ origin: 'null' }, APP)).toBe(false);
    expect(isSameOrigin({ origin: 'https://evil.example', referer: `${APP}/child/1` }, APP)).toBe(false);
  });

  it('falls back to the origin of Referer', () => {
    expect(isSameOrigin({ referer: `${APP}/child/1?x=1` }, APP)).toBe(true);
    expect(isSameOrigin({ origin: '', referer: `${APP}/` }, APP)).toBe(true);
    expect(isSameOrigin({ referer: 'https://evil.example/http://localhost:8080' }, APP)).toBe(false);
    expect(isSameOrigin({ referer: 'not a url' }, APP)).toBe(false);
  });

  it('refuses a request with neither', () => {
    expect(isSameOrigin({}, APP)).toBe(false);
    expect(isSameOrigin({ origin: undefined, referer: '' }, APP)).toBe(false);
  });

  it('reads the first value of a repeated header', () => {
    expect(isSameOrigin({ origin: [APP, 'https://evil.example'] }, APP)).toBe(true);
  });
});
