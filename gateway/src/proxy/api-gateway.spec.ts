import { isApiUrl } from './api-gateway.js';

describe('isApiUrl', () => {
  it.each(['/api', '/api/', '/api/login', '/api?x=1', '/api/child/1/plan/list?status=ACTIVE'])(
    '%s is handled by the proxy',
    (url) => {
      expect(isApiUrl(url)).toBe(true);
    },
  );
  it.each(['/', '/apix', '/api-docs', '/health', '/remotes/plans/api/x.js', '/Api/login'])(
    '%s is not',
    (url) => {
      expect(isApiUrl(url)).toBe(false);
    },
  );
});
