import { isChildRead, readsCacheName } from './child-reads.js';

const at = (path: string) => new URL(path, 'http://app.test');

describe('the reads the phone keeps a copy of', () => {
  it('are the child pages’ reads', () => {
    for (const path of [
      '/api/child/list',
      '/api/child/c-1',
      '/api/child/c-1/plan/p-1/detailed-view?items_status=ACTIVE',
      '/api/behavior/b-1',
      '/api/list/antecedent',
      '/api/sub-plan-item/i-1/evaluations?limit=5',
    ]) {
      expect(isChildRead(at(path), 'GET')).toBe(true);
    }
  });

  it('are never a write, an account or billing call, or the live stream that never ends', () => {
    expect(isChildRead(at('/api/child/c-1/plan/p-1/item/i-1/evaluation/create'), 'POST')).toBe(false);
    expect(isChildRead(at('/api/get-session'), 'GET')).toBe(false);
    expect(isChildRead(at('/api/user/subscription-data'), 'GET')).toBe(false);
    expect(isChildRead(at('/api/child/c-1/live'), 'GET')).toBe(false);
  });

  it('are kept per user', () => {
    expect(readsCacheName('u-1')).not.toBe(readsCacheName('u-2'));
  });
});
